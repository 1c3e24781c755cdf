import Foundation
import Testing
@testable import AnyDocSwift

/// A ZIP archive opened on a file reads its members from the file, under
/// the same limits and with the same recovery as one opened on bytes.
@Suite struct ZipFileArchiveTests {
    private func kind(of body: () throws -> Void) -> ConversionError.Kind? {
        do { try body() } catch let error as ConversionError { return error.kind } catch { return nil }
        return nil
    }

    private func file(_ bytes: [UInt8]) throws -> (InputFile, String) {
        let path = NSTemporaryDirectory() + "anydoc-zipfile-\(UUID().uuidString).zip"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return (try InputFile(path: path), path)
    }

    @Test func readsTheSameEntriesAsFromBytes() throws {
        let bytes = try ZipFixture.archive([("a.txt", "alpha"), ("dir/b.xml", String(repeating: "<b/>", count: 5_000))])
        let (input, path) = try file(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let archive = try ZipArchive(file: input)
        #expect(archive.names == ["a.txt", "dir/b.xml"])
        #expect(try archive.read("a.txt") == Array("alpha".utf8))
        #expect(try archive.read("DIR\\B.XML") == Array(String(repeating: "<b/>", count: 5_000).utf8))
    }

    @Test func keepsTheEntryRatioAndCountLimits() throws {
        let bomb = [UInt8](repeating: 0x41, count: 4 << 20)
        let bytes = try ZipFixture.archive([.init(name: "bomb.txt", bytes: bomb), .init(name: "small.txt", bytes: [1])])
        let (input, path) = try file(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var limits = Limits()
        limits.maxEntryBytes = 1 << 20
        #expect(kind { _ = try ZipArchive(file: input, limits: limits).read("bomb.txt") } == .resourceLimit)
        limits = Limits()
        limits.maxCompressionRatio = 10
        limits.compressionRatioGraceBytes = 1 << 16
        #expect(kind { _ = try ZipArchive(file: input, limits: limits).read("bomb.txt") } == .resourceLimit)
        limits = Limits()
        limits.maxArchiveEntries = 1
        #expect(kind { _ = try ZipArchive(file: input, limits: limits) } == .resourceLimit)
        limits = Limits()
        limits.maxInputBytes = bytes.count - 1
        #expect(kind { _ = try ZipArchive(file: input, limits: limits) } == .resourceLimit)
    }

    @Test func aTruncatedFileIsMalformedButRecoverable() throws {
        let bytes = try ZipFixture.archive([("first.txt", "one"), ("second.txt", String(repeating: "two ", count: 2_000))])
        let second = try #require(ZipFixture.dataOffset(of: "second.txt", in: bytes))
        let (input, path) = try file(Array(bytes.prefix(second + 3)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(kind { _ = try ZipArchive(file: input) } == .malformed)
        let recovered = try ZipArchive.recovering(file: input)
        #expect(recovered.isRebuilt)
        #expect(try recovered.read("first.txt") == Array("one".utf8))
    }

    @Test func anODFPackageWithoutItsDirectoryConvertsFromDiskAsFromBytes() throws {
        let whole = try [UInt8](Data(contentsOf: Corpus.projectRoot.appendingPathComponent("TestDocuments/odf/headings-formatting.odt")))
        // Cut inside the central directory: only the local headers remain usable.
        let (input, path) = try file(Array(whole.prefix(whole.count - 40)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(kind { _ = try ZipArchive(file: input) } == .malformed)
        let converter = AnyDocConverter()
        let fromBytes = try converter.markdown(try converter.readFile(at: path), fileName: path)
        #expect(!fromBytes.isEmpty)
        #expect(try converter.markdown(fileAt: path) == fromBytes)
    }
}
