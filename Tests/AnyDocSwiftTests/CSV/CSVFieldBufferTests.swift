import Testing
@testable import AnyDocSwift

/// The row `CSVFieldBuffer` lends: each field as the reader read it,
/// quoted ones with escapes put together, padded with empty cells, and
/// nothing left over from a longer record before it.
@Suite struct CSVFieldBufferTests {
    @Test func rowsMatchTheFieldsAndArePadded() throws {
        let alphabet = Array("aaaaaaaa,,\"\"\n\r é".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            let bytes = (0..<Int.random(in: 0...80, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let columnCount = Int.random(in: 0...6, using: &generator)
            try bytes.withUnsafeBufferPointer { buffer throws(ConversionError) in
                var reader = CSVReader(buffer, delimiter: UInt8(ascii: ","))
                var fields = CSVFieldBuffer()
                while reader.readRecord(into: &fields) {
                    let texts = (0..<fields.count).map(fields.text(at:))
                    var lent: [String] = []
                    try fields.withRow(columnCount: columnCount) { row throws(ConversionError) in lent = row.texts }
                    let padding = [String](repeating: "", count: max(0, columnCount - texts.count))
                    #expect(lent == texts + padding, "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
                    #expect((0..<fields.count).map(fields.text(at:)) == texts)
                }
            }
        }
    }
}
