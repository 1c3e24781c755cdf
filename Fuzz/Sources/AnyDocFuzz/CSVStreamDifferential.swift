@testable import AnyDocSwift

/// CSV read in pieces against the same text read whole: the records,
/// the unclosed quote and the converted Markdown must agree wherever the
/// pieces are cut, and the Markdown writer's byte row path must write
/// what its string row path writes.
enum CSVStreamDifferential {
    static func run(_ bytes: [UInt8]) {
        let byte = { (index: Int) in Int(index < bytes.count ? bytes[index] : 0) }
        let sizes = [byte(0) % 7 + 1, byte(1) % 13 + 1, byte(2) % 4096 + 1]
        let lookAhead = byte(3) % 32 + 1
        let delimiter = CSVDelimiter.candidates[byte(4) % CSVDelimiter.candidates.count]
        records(bytes, sizes: sizes, lookAhead: lookAhead, delimiter: delimiter)
        conversions(bytes, sizes: sizes, lookAhead: lookAhead)
    }

    /// The text `CSVTextPieces` makes of `bytes`: no leading BOM, no NULs.
    private static func text(_ bytes: [UInt8]) -> [UInt8] {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return body.filter { $0 != 0 }
    }

    private static func records(_ bytes: [UInt8], sizes: [Int], lookAhead: Int, delimiter: UInt8) {
        let whole = text(bytes)
        var expected: [[String]] = []
        var expectedQuote: Int?
        whole.withUnsafeBufferPointer { buffer in
            var stream = CSVRecordStream<CSVByteSlices>(borrowing: buffer, delimiter: delimiter)
            var fields = CSVFieldBuffer()
            while (try? stream.next(into: &fields)) == true { expected.append((0..<fields.count).map(fields.text(at:))) }
            expectedQuote = stream.unclosedQuote
        }
        var stream = CSVRecordStream(
            CSVTextPieces(CSVByteSlices(bytes, sizes: sizes)), delimiter: delimiter, maxField: .max, lookAhead: lookAhead)
        var fields = CSVFieldBuffer()
        var got: [[String]] = []
        do {
            while try stream.next(into: &fields) { got.append((0..<fields.count).map(fields.text(at:))) }
        } catch {
            fatalError("reading in pieces failed: \(error)")
        }
        if got != expected || stream.unclosedQuote != expectedQuote {
            fatalError("in pieces of \(sizes) read \(got) (\(String(describing: stream.unclosedQuote))), whole \(expected) (\(String(describing: expectedQuote)))")
        }
    }

    /// Forces rows onto the string path of the sink it wraps.
    private final class StringRows: ForwardingSink {
        let target: DocumentSink
        init(_ target: DocumentSink) { self.target = target }
        func appendTableRow(utf8Cells row: UTF8TableRow) throws(ConversionError) {
            try target.appendTableRow(texts: row.texts)
        }
    }

    private static func conversions(_ bytes: [UInt8], sizes: [Int], lookAhead: Int) {
        let input = ConversionInput(
            bytes: bytes, format: .csv, options: FuzzLimits.options(format: .csv), deadline: Deadline(secondsFromNow: 5),
            fileName: "input.csv")
        let whole = markdown { sink throws(ConversionError) in try CSVConverter.convert(input, into: sink) }
        let strings = markdown { sink throws(ConversionError) in try CSVConverter.convert(input, into: StringRows(sink)) }
        if whole != strings { fatalError("byte rows wrote \(whole), string rows \(strings)") }
        var streamed = true
        let pieces = markdown { sink throws(ConversionError) in
            streamed = try CSVFileConversion.convert(
                head: Array(bytes.prefix(4096)), input: input, into: sink, lookAhead: lookAhead
            ) { _ in CSVByteSlices(bytes, sizes: sizes) }
        }
        if streamed, pieces != whole { fatalError("in pieces of \(sizes) converted to \(pieces), whole to \(whole)") }
    }

    /// The Markdown and warnings `convert` writes, or its failure.
    private static func markdown(_ convert: (DocumentSink) throws(ConversionError) -> Void) -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        do {
            try convert(writer)
            try writer.finish()
        } catch {
            return "failed: \(error)"
        }
        return output.text + "\n" + writer.warnings.joined(separator: "\n")
    }
}
