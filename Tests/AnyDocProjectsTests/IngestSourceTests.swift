import AnyDocSwift
import Foundation
import Testing
@testable import AnyDocProjects

/// A file an ingest reads in blocks is stored only as the bytes it was
/// hashed and converted as.
@Suite struct IngestSourceTests {
    private static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "anydoc-source-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aFileIsStoredUnderTheHashOfItsBytes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        FileManager.default.createFile(atPath: folder + "/doc.bin", contents: Data(bytes))
        let source = try IngestSource.open(folder + "/doc.bin", maxBytes: 1 << 30)
        let hash = try source.sha256()
        #expect(hash == SHA256.hex(bytes))
        let objects = try ObjectStore(root: folder + "/objects", create: true)
        try source.store(in: objects, hash: hash)
        #expect(try objects.get(hash) == bytes)
    }

    @Test func aFileRewrittenAfterItWasHashedIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/doc.txt"
        FileManager.default.createFile(atPath: path, contents: Data("the first version\n".utf8))
        let source = try IngestSource.open(path, maxBytes: 1 << 20)
        let hash = try source.sha256()
        // Rewritten in place, same size: the open descriptor sees the new bytes.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("the later version\n".utf8))
        try handle.close()
        let objects = try ObjectStore(root: folder + "/objects", create: true)
        #expect(throws: ProjectError.self) { try source.store(in: objects, hash: hash) }
        #expect(!objects.contains(hash))
        #expect(objects.entries().isEmpty, "no temporary file is left behind")
    }

    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(throws: ConversionError.self) { _ = try IngestSource.open(folder + "/pipe", maxBytes: 1 << 20) }
    }
}
