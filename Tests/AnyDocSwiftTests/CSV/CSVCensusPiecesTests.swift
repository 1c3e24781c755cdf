import Foundation
import Testing
@testable import AnyDocSwift

/// The census taken over a text's pieces judges it as the census of the
/// whole text does, wherever the pieces cut its characters, valid or not;
/// and a file's blocks, read into a reused array, are its bytes even when
/// earlier blocks are still held.
@Suite struct CSVCensusPiecesTests {
    static func fields(_ census: ByteCensus) -> [Int] {
        [census.isValidUTF8 ? 1 : 0, census.isASCII ? 1 : 0, census.nulCount, census.strayControlCount,
         census.escapeCount, census.byteCount]
    }

    @Test func censusInPiecesIsTheWholeCensus() throws {
        let alphabet: [UInt8] = Array("ab,\n".utf8) + [0x00, 0x01, 0x1B, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0x80, 0xFF]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            var bytes = (0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0) }
            let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            let whole = Self.fields(text.withUnsafeBufferPointer(ByteCensus.init))
            let sizes = (0..<3).map { _ in Int.random(in: 1...9, using: &generator) }
            var pieces = CSVTextPieces(CSVByteSlices(bytes, sizes: sizes), takesCensus: true)
            while try pieces.next() != nil {}
            #expect(Self.fields(pieces.finishCensus()) == whole, "\(bytes) in \(sizes)")
        }
    }

    /// Counts as a walk over the bytes one at a time does, with controls
    /// and multi-byte characters at every offset of a word.
    @Test func censusCountsAsAByteByByteWalk() {
        let alphabet: [UInt8] = Array("ab,\n\r\t".utf8) + [0x00, 0x01, 0x1B, 0x7F, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xED, 0xA0, 0x80, 0xFF]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let bytes = (0..<Int.random(in: 0...70, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let census = bytes.withUnsafeBufferPointer(ByteCensus.init)
            let stray = bytes.filter { ($0 < 0x20 || $0 == 0x7F) && ![0x00, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1A, 0x1B].contains($0) }
            let expected = [String(validating: bytes, as: UTF8.self) != nil ? 1 : 0, bytes.allSatisfy { $0 < 0x80 } ? 1 : 0,
                bytes.filter { $0 == 0 }.count, stray.count, bytes.filter { $0 == 0x1B }.count, bytes.count]
            #expect(Self.fields(census) == expected, "\(bytes)")
        }
    }

    @Test func fileBlocksAreTheFileBytesWhileEarlierOnesAreHeld() throws {
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let path = NSTemporaryDirectory() + "anydoc-csv-blocks-\(UUID().uuidString).csv"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try InputFile(path: path)
        for size in [1, 7, 4096, 9_999, 10_000, 1 << 20] {
            var blocks = CSVFileBlocks(file, blockSize: size, deadline: Deadline(secondsFromNow: 60))
            var held: [[UInt8]] = []
            var streamed: [UInt8] = []
            while let block = try blocks.next() {
                streamed.append(contentsOf: block)
                if held.count < 3 { held.append(block) }
            }
            #expect(streamed == bytes)
            #expect(held.joined().elementsEqual(bytes.prefix(held.map(\.count).reduce(0, +))))
        }
    }

    /// The passes over a CSV file read it again from the start: one that
    /// was rewritten in place between them, at the same size, must fail
    /// rather than count one version and write another.
    @Test func fileBlocksRefuseAFileRewrittenAtTheSameSize() throws {
        let path = NSTemporaryDirectory() + "anydoc-csv-rewrite-\(UUID().uuidString).csv"
        try #require(FileManager.default.createFile(atPath: path, contents: Data("a,b\n1,2\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try InputFile(path: path)
        var first = CSVFileBlocks(file, blockSize: 4, deadline: Deadline(secondsFromNow: 60))
        while try first.next() != nil {}
        usleep(20_000)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("a,b\n3,4\n".utf8))
        try handle.close()
        var second = CSVFileBlocks(file, blockSize: 4, deadline: Deadline(secondsFromNow: 60))
        #expect(throws: ConversionError.self) { while try second.next() != nil {} }
    }
}
