import Dispatch
import Foundation
import Testing
@testable import AnyDocProjects

/// Processes that open a new store while another one is creating it.
@Suite struct StoreCreationRaceTests {
    /// One connection is creating the schema, its write transaction still
    /// open, and an object is already in place. Opening the store must wait
    /// for that schema rather than take it for a store that lost its
    /// database: under load, a process checking between the two steps of
    /// another's first ingest refused a healthy new store.
    @Test func anOpenWaitsForTheSchemaBeingCreatedBeforeJudgingObjects() throws {
        let fixture = try Fixture()
        let root = fixture.storePath
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let inTransaction = DispatchSemaphore(value: 0)
        let created = DispatchSemaphore(value: 0)
        let failure = FailureNote()
        let creator = Thread {
            do {
                let database = try SQLiteDatabase(path: root + "/store.sqlite")
                try database.execute("BEGIN IMMEDIATE")
                try database.execute("CREATE TABLE creating (x)")
                _ = try ObjectStore(root: root + "/objects").put(Array("made while the schema is".utf8))
                inTransaction.signal()
                Thread.sleep(forTimeInterval: 0.5)
                try database.execute("COMMIT")
            } catch {
                failure.text = "\(error)"
            }
            created.signal()
        }
        creator.start()
        inTransaction.wait()
        let opened = Result { () throws(ProjectError) in try ProjectStore(root: root) }
        created.wait()
        #expect(failure.text == nil)
        switch opened {
        case .success(let store):
            #expect(try store.projects().isEmpty)
        case .failure(let error):
            Issue.record("a store being created was refused: \(error)")
        }
    }

    /// A database file emptied while objects remain is still refused, now
    /// that the check runs in the schema's write transaction.
    @Test func anEmptiedDatabaseBesideObjectsIsStillRefused() throws {
        let fixture = try Fixture()
        let root = fixture.storePath
        _ = try ProjectStore(root: root).objects.put(Array("kept".utf8))
        #expect(truncate(root + "/store.sqlite", 0) == 0)
        try? FileManager.default.removeItem(atPath: root + "/store.sqlite-wal")
        #expect(throws: ProjectError.self) { try ProjectStore(root: root) }
        try FileManager.default.removeItem(atPath: root + "/store.sqlite")
        #expect(throws: ProjectError.self) { try ProjectStore(root: root) }
        #expect(access(root + "/store.sqlite", F_OK) != 0)
    }
}

/// What the creating thread saw go wrong; read after its semaphore.
private final class FailureNote: @unchecked Sendable {
    var text: String?

    /// A writer waits out another writer's transaction even when it lasts
    /// longer than one busy timeout (a very large document's index), where
    /// it failed with "database is locked" before.
    @Test func aWriterWaitsOutATransactionLongerThanOneBusyTimeout() throws {
        let fixture = try Fixture()
        let path = fixture.folder + "/writers.sqlite"
        nonisolated(unsafe) let first = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: 100)
        try first.execute("CREATE TABLE t (x INTEGER)")
        let second = try SQLiteDatabase(path: path, busyTimeoutMilliseconds: 100)
        second.writerPatienceSeconds = 30
        let holding = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? first.transaction {
                holding.signal()
                Thread.sleep(forTimeInterval: 1)
                _ = try first.run("INSERT INTO t VALUES (1)")
            }
            released.signal()
        }
        holding.wait()
        try second.transaction { _ = try second.run("INSERT INTO t VALUES (2)") }
        released.wait()
        #expect(try second.query("SELECT count(*) FROM t", row: { $0.int(0) }) == [2])
    }
}
