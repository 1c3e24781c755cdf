import Foundation
import Testing
@testable import AnyDocSwift

/// Conversions of a file read as they go: a large UTF-8 text file passes
/// through in blocks, byte for byte, and ZIP packages read their members
/// from the file, with the same result as converting the bytes.
@Suite struct FileInputTests {
    /// Keeps what it is given and the largest single write.
    final class RecordingOutput: MarkdownOutput {
        var bytes: [UInt8] = []
        var largestWrite = 0
        func write(_ text: String) throws(ConversionError) {
            largestWrite = max(largestWrite, text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }
    }

    private func temporaryFile(_ bytes: [UInt8], suffix: String = ".txt") throws -> String {
        let path = NSTemporaryDirectory() + "anydoc-fileinput-\(UUID().uuidString)\(suffix)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// About `count` bytes of text whose multi-byte characters and CRLF
    /// line ends fall across every block boundary sooner or later.
    private func mixedText(count: Int) -> [UInt8] {
        let line = Array("plain ascii, γάμμα δέλτα, 日本語のテキスト, 😀 emoji, naïve\r\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + line.count)
        while bytes.count < count { bytes.append(contentsOf: line) }
        return bytes
    }

    @Test func aLargeTextFileStreamsThroughByteForByte() throws {
        let body = mixedText(count: 5 * TextFileStream.blockSize / 2)
        let path = try temporaryFile([0xEF, 0xBB, 0xBF] + body)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = RecordingOutput()
        let summary = try AnyDocConverter().convert(fileAt: path, to: output)
        #expect(summary.format == .txt)
        #expect(output.bytes == body)
        // Written in pieces of about a block, never the whole text at once.
        #expect(output.largestWrite <= TextFileStream.blockSize + 4)
        #expect(try AnyDocConverter().markdown(body, fileName: path) == String(decoding: output.bytes, as: UTF8.self))
    }

    @Test func aSinkThatTakesNoPiecesGetsOneBlock() throws {
        let body = mixedText(count: 3 * TextFileStream.blockSize / 2)
        let path = try temporaryFile(body, suffix: ".md")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let document = try AnyDocConverter().document(fileAt: path)
        #expect(document.blocks == [.markdown(String(decoding: body, as: UTF8.self))])
        #expect(document.metadata.sourceFormat == .md)
    }

    @Test func textNotUTF8IsDecodedWhole() throws {
        let french = "café crème brûlée à la française, déjà vu\n".unicodeScalars.map { UInt8($0.value) }
        var bytes: [UInt8] = []
        for _ in 0..<40_000 { bytes.append(contentsOf: french) }
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converter = AnyDocConverter()
        let fromFile = try converter.document(fileAt: path)
        #expect(fromFile == (try converter.document(bytes, fileName: path)))
        #expect(fromFile.metadata.extra.contains { $0.key == "encoding" })
        #expect(try converter.markdown(fileAt: path) == converter.markdown(bytes, fileName: path))
    }

    @Test func textThatStopsBeingUTF8LateIsJudgedWhole() throws {
        // ASCII for the first block and more, then Latin-1: the verdict
        // is the whole-file decoder's, whatever it is, and nothing is sent
        // before it.
        var bytes = Array(String(repeating: "cafe au lait\n", count: 120_000).utf8)
        bytes.append(contentsOf: "crème brûlée\n".unicodeScalars.map { UInt8($0.value) })
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let converter = AnyDocConverter()
        let output = RecordingOutput()
        let fromFile = Result { () throws(ConversionError) in try converter.convert(fileAt: path, to: output) }
        let fromBytes = Result { () throws(ConversionError) in try converter.markdown(bytes, fileName: path) }
        switch (fromFile, fromBytes) {
        case (.success, .success(let expected)): #expect(String(decoding: output.bytes, as: UTF8.self) == expected)
        case (.failure(let got), .failure(let expected)):
            #expect(got.kind == expected.kind)
            #expect(output.bytes.isEmpty)
        default: Issue.record("\(fromFile) from the file but \(fromBytes) from bytes")
        }
    }

    @Test func aNULInTheLastBlockFailsBeforeAnyTextIsWritten() throws {
        var bytes = mixedText(count: 2 * TextFileStream.blockSize)
        bytes.append(0)
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = RecordingOutput()
        do {
            try AnyDocConverter().convert(fileAt: path, to: output)
            Issue.record("a NUL byte converted as text")
        } catch {
            #expect(error.kind == .unsupported)
            #expect(error.file == path)
        }
        #expect(output.bytes.isEmpty)
    }

    @Test func pieceBoundariesFallBetweenCharacters() {
        #expect(TextFileStream.boundary(Array("ab".utf8)) == 2)
        #expect(TextFileStream.boundary([0x61, 0xE6, 0x97]) == 1)
        #expect(TextFileStream.boundary([0x61, 0xE6, 0x97, 0xA5]) == 4)
        #expect(TextFileStream.boundary([0x61, 0xF0, 0x9F, 0x98]) == 1)
        #expect(TextFileStream.boundary([0xCE]) == 0)
    }

    @Test func piecesJoinWithNothingBetweenThem() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        try writer.append(.markdown("first\r"))
        try writer.appendMarkdownPiece("\nsecond\n\n")
        try writer.appendMarkdownPiece("third\n")
        try writer.finish()
        #expect(output.text == "first\r\nsecond\n\nthird\n")
    }

    @Test func packagesConvertFromTheFileAsFromTheirBytes() throws {
        let folder = Corpus.projectRoot.appendingPathComponent("TestDocuments")
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
            ["docx", "pptx", "xlsx", "odt", "ods", "odp", "epub"].contains(($0 as NSString).pathExtension.lowercased())
        }
        #expect(names.count >= 10)
        let converter = AnyDocConverter()
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let fromBytes = Result { () throws(ConversionError) in try converter.markdownWithWarnings(converter.readFile(at: path), fileName: path) }
            let fromFile = Result { () throws(ConversionError) in try converter.markdownWithWarnings(fileAt: path) }
            switch (fromBytes, fromFile) {
            case (.success(let expected), .success(let got)):
                #expect(got.markdown == expected.markdown, "\(name)")
                #expect(got.warnings == expected.warnings, "\(name)")
            case (.failure(let expected), .failure(let got)):
                #expect(got.kind == expected.kind, "\(name)")
            default:
                Issue.record("\(name): \(fromBytes) from bytes but \(fromFile) from the file")
            }
        }
    }

    /// A format that reads its file twice (a text file validated, then
    /// streamed) must not take a second version for the first: a file
    /// rewritten in place at the same size fails the next pass with `io`.
    @Test func aFileRewrittenAtTheSameSizeFailsTheNextPass() throws {
        let path = try temporaryFile(Array("first version\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try InputFile(path: path)
        try file.forEachBlock { _ in }
        usleep(20_000)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("other version\n".utf8))
        try handle.close()
        #expect(throws: ConversionError.self) { try file.forEachBlock { _ in } }
    }
}
