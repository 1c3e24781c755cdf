import Foundation
import Synchronization
import Testing
@testable import AnyDocSwift

@Suite struct POSIXFileTests {
    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "posixfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func readsAFileInChunksToItsEnd() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/data"))
        let descriptor = POSIXFile.openForReading(folder + "/data")
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        var read: [UInt8] = []
        var chunks = 0
        let failure = POSIXFile.readChunks(descriptor, chunkSize: 4096) { chunk in
            read += chunk
            chunks += 1
            return true
        }
        #expect(failure == nil)
        #expect(read == bytes)
        #expect(chunks == 3)
    }

    @Test func stopsReadingWhenTheBodySaysSo() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(repeating: 1, count: 100).write(to: URL(fileURLWithPath: folder + "/data"))
        let descriptor = POSIXFile.openForReading(folder + "/data")
        defer { close(descriptor) }
        var chunks = 0
        let failure = POSIXFile.readChunks(descriptor, chunkSize: 10) { _ in
            chunks += 1
            return false
        }
        #expect(failure == nil)
        #expect(chunks == 1)
    }

    @Test func reportsAFailedRead() {
        // A descriptor open for writing only cannot be read.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let failure = POSIXFile.readChunks(ends[1], chunkSize: 16) { _ in true }
        #expect(failure == EBADF)
    }

    @Test func refusesAFinalLinkWhenAsked() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/target"))
        #expect(symlink(folder + "/target", folder + "/link") == 0)
        let followed = POSIXFile.openForReading(folder + "/link")
        #expect(followed >= 0)
        close(followed)
        let refused = POSIXFile.openForReading(folder + "/link", followLinks: false)
        #expect(refused < 0)
        #expect(errno == ELOOP)
    }

    @Test func opensAFIFOWithoutBlockingAndSeesItIsNoFile() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)
        // Without a writer, a blocking open would wait forever.
        let descriptor = POSIXFile.openForReading(folder + "/fifo")
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let info = try #require(POSIXFile.status(descriptor))
        #expect(!POSIXFile.isRegular(info))
    }

    @Test func writesAWholeBufferThroughAPipe() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // More than a pipe takes in one write when the reader is slow.
        let bytes = [UInt8](repeating: 0x41, count: 200_000)
        let reader = ends[0]
        let received = Mutex<[UInt8]>([])
        let thread = Thread {
            _ = POSIXFile.readChunks(reader, chunkSize: 1000) { chunk in
                received.withLock { $0 += chunk }
                return true
            }
        }
        thread.start()
        let failure = bytes.withUnsafeBytes { POSIXFile.writeAll(ends[1], $0) }
        close(ends[1])
        #expect(failure == nil)
        var waited = 0
        while received.withLock({ $0.count }) < bytes.count, waited < 10_000 {
            usleep(1000)
            waited += 1
        }
        #expect(received.withLock { $0 } == bytes)
    }

    /// A positioned write lands where it is told, whatever the file's own
    /// offset, and leaves that offset alone: a store that keeps records at
    /// offsets it counts is not thrown out by an earlier failed write.
    @Test func writesAtAPositionWithoutMovingTheFileOffset() throws {
        let path = NSTemporaryDirectory() + "anydoc-pwrite-\(UUID().uuidString)"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        #expect(descriptor >= 0)
        defer {
            close(descriptor)
            unlink(path)
        }
        #expect(Array("abcdefgh".utf8).withUnsafeBytes { POSIXFile.writeAll(descriptor, $0) } == nil)
        #expect(Array("XY".utf8).withUnsafeBytes { POSIXFile.writeAll(descriptor, $0, at: 3) } == nil)
        #expect(lseek(descriptor, 0, SEEK_CUR) == 8)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "abcXYfgh")
    }

    @Test func theMonotonicClockNeverGoesBack() {
        var last = MonotonicClock.nanoseconds()
        for _ in 0..<1000 {
            let now = MonotonicClock.nanoseconds()
            #expect(now >= last)
            last = now
        }
        #expect(abs(MonotonicClock.seconds() - Double(MonotonicClock.nanoseconds()) / 1e9) < 1)
    }
}
