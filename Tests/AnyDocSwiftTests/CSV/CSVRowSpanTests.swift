import Testing
@testable import AnyDocSwift

/// Rows of unquoted fields reach the sink with the span they were cut
/// from, and the Markdown writer renders a row with a span exactly as it
/// renders the same cells without one.
@Suite struct CSVRowSpanTests {
    final class SpanRecorder: DocumentSink {
        var spans: [String?] = []
        func append(_ block: Block) throws(ConversionError) {}
        func beginTable(columnCount: Int) throws(ConversionError) {}
        func appendTableRow(_ row: TableRow) throws(ConversionError) {}
        func appendTableRow(utf8Cells row: UTF8TableRow) throws(ConversionError) {
            spans.append(row.span.map { String(decoding: $0.bytes, as: UTF8.self) + " \($0.separator)" })
        }
        func endTable() throws(ConversionError) {}
    }

    @Test func bodyRowsOfUnquotedFieldsCarryTheirSpan() throws {
        let recorder = SpanRecorder()
        try AnyDocConverter().convert(Array("h1,h2\n1,22\n\"q\",3\n4\n".utf8), fileName: "t.csv", into: recorder)
        // The quoted row has none; the short row is padded, so has none.
        #expect(recorder.spans == ["1,22 44", nil, nil])
    }

    static func rendered(_ cells: [String], separator: UInt8?) throws -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        try writer.beginTable(columnCount: cells.count)
        try writer.appendTableRow(texts: cells.map { _ in "h" })
        let joined = Array(cells.joined(separator: separator.map { String(UnicodeScalar($0)) } ?? "").utf8)
        try joined.withUnsafeBufferPointer { span throws(ConversionError) in
            var offset = 0
            var pieces: [UnsafeBufferPointer<UInt8>] = []
            for cell in cells {
                pieces.append(UnsafeBufferPointer(rebasing: span[offset..<offset + cell.utf8.count]))
                offset += cell.utf8.count + (separator == nil ? 0 : 1)
            }
            try pieces.withUnsafeBufferPointer { pieces throws(ConversionError) in
                let row = separator.map { UTF8TableRow(cells: pieces, span: span, separator: $0) } ?? UTF8TableRow(cells: pieces)
                try writer.appendTableRow(utf8Cells: row)
            }
        }
        try writer.endTable()
        try writer.finish()
        return output.text
    }

    @Test(arguments: [
        ["alpha", "beta gamma", "12.5", "x"], ["a*b", "plain cell", "c"], [" padded ", "next cell", "z"],
        ["tab\tinside", "plain", "more text"], ["中文", "plain", "1"], ["", "empty first", "x"], ["a_b", "[link]", "$5"],
    ])
    func aRowWithASpanRendersAsItsCellsDo(cells: [String]) throws {
        let plain = try Self.rendered(cells, separator: nil)
        for separator in [UInt8(ascii: ","), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: ";")]
        where !cells.joined().utf8.contains(separator) {
            #expect(try Self.rendered(cells, separator: separator) == plain, "separator \(separator)")
        }
    }
}
