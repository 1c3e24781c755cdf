import Foundation
import Testing

/// `anydoc convert big.csv > out.md` reads the CSV in blocks: memory stays
/// far below the file's size, and the table is the one the whole text
/// gives (checked on its first and last rows and its row count).
@Suite struct LargeCSVMemoryTests {
    /// A long note: rows of a few wide cells keep the file under the
    /// table-cell limit.
    static let note = "a \"\"quoted\"\", field\r\nover two lines " + String(repeating: "and a long tail of words ", count: 8)

    @Test func aLargeCSVConvertsInFlatMemory() throws {
        let folder = NSTemporaryDirectory() + "anydoc-largecsv-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/big.csv", contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: folder + "/big.csv"))
        handle.write(Data("id,name,note\r\n".utf8))
        var rows = 0
        var written = 0
        while written < 80 << 20 {
            var block = ""
            for _ in 0..<10_000 {
                rows += 1
                block += "\(rows),naïve café \(rows % 97),\"\(Self.note)\"\r\n"
            }
            let data = Data(block.utf8)
            handle.write(data)
            written += data.count
        }
        try handle.close()
        let run = try LargeInputMemoryTests.peakMemory(["convert", folder + "/big.csv", "-o", folder + "/big.md"])
        #expect(run.status == 0)
        #expect(run.peakBytes < written / 2, "peak \(run.peakBytes) bytes for a \(written)-byte file")
        let output = try #require(FileHandle(forReadingAtPath: folder + "/big.md"))
        let head = String(decoding: try output.read(upToCount: 400) ?? Data(), as: UTF8.self)
        let size = try output.seekToEnd()
        try output.seek(toOffset: size - 400)
        let tail = String(decoding: try output.readToEnd() ?? Data(), as: UTF8.self)
        try output.close()
        let cell = "a \"quoted\", field<br>over two lines " + String(repeating: "and a long tail of words ", count: 7) + "and a long tail of words"
        #expect(head.hasPrefix("| id | name | note |\n| --- | --- | --- |\n| 1 | naïve café 1 | \(cell) |\n"))
        #expect(tail.hasSuffix("\n| \(rows) | naïve café \(rows % 97) | \(cell) |\n"))
    }
}
