#if canImport(Glibc)
import Glibc
#endif

/// A CSV or TSV file converted in blocks, never held whole: the same
/// table, warnings and failures as the whole-text conversion, in memory
/// of one block plus the longest record.
///
/// Only text that `TextDecoder` would take as UTF-8 as it stands is read
/// this way; a pass over the blocks takes its census to tell. Text in any
/// other encoding (UTF-16, legacy code pages, ISO-2022-JP) goes to the
/// whole-text decoder, which must see everything to choose. The
/// delimiter is sniffed from the first 64 KiB, and `CSVConverter`'s
/// count pass runs on this thread while the census is taken on another;
/// the count's outcome (a width, or a limit it broke) counts only once
/// the census has been judged, so failures come in the same order as
/// one pass after the other. The write pass reads the file once more.
/// A file that changes between the passes fails with `io`.
enum CSVFileConversion {
    static let blockSize = 1 << 20

    /// Converts `file` into `sink`; false, with nothing sent, when the
    /// text needs the whole-text decoder.
    static func convert(_ file: InputFile, input: ConversionInput, into sink: DocumentSink) throws(ConversionError) -> Bool {
        try convert(head: file.read(at: 0, count: 4096), input: input, into: sink) { blockSize in
            CSVFileBlocks(file, blockSize: blockSize, deadline: input.deadline)
        }
    }

    /// Converts the text whose raw bytes `raw(blockSize)` reads from the
    /// start, in pieces of about `blockSize` bytes, each time it is
    /// called; `head` is its first 4 KiB. False, with nothing sent, when
    /// the text needs the whole-text decoder.
    static func convert<Raw: CSVRawPieces>(
        head: [UInt8], input: ConversionInput, into sink: DocumentSink, lookAhead: Int = 4 << 20,
        raw: (Int) -> Raw
    ) throws(ConversionError) -> Bool {
        let marked = head.starts(with: [0xEF, 0xBB, 0xBF])
        if !marked, TextDecoder.byteOrderMark(head) != nil || TextDecoder.unmarkedUTF16(head) != nil { return false }
        let delimiter = input.format == .tsv ? CSVDelimiter.tab : try sniff(raw(64 << 10))
        func records(_ textBytes: Int) -> CSVRecordStream<Raw> {
            CSVRecordStream(
                CSVTextPieces(raw(blockSize)), delimiter: delimiter,
                maxField: CSVConverter.longestField(inputBytes: textBytes), lookAhead: lookAhead)
        }
        // The count is taken beside the census, for text without NUL
        // bytes; its outcome waits until the census has been judged.
        let textWithoutNUL = raw(blockSize).totalBytes - (marked ? 3 : 0)
        let (census, counted) = try takeCensus(raw(blockSize)) { () -> Result<Int, ConversionError> in
            Result { () throws(ConversionError) in
                try CSVConverter.countColumns(textBytes: textWithoutNUL, input: input, records: records(textWithoutNUL))
            }
        }
        if marked {
            guard census.isValidUTF8 else {
                throw .malformed("the text starts with a UTF-8 byte order mark but is not valid UTF-8")
            }
        } else if !census.isValidUTF8 || (census.isASCII && census.escapeCount > 0) {
            return false
        }
        try TextDecoder.rejectBinary(census, nul: .drop)
        sink.setMetadata(Metadata(sourceFormat: input.format))
        let textBytes = census.byteCount - census.nulCount
        let columnCount = textBytes == textWithoutNUL
            ? try counted.get() : try CSVConverter.countColumns(textBytes: textBytes, input: input, records: records(textBytes))
        let unclosed = try CSVConverter.writeRows(
            columnCount: columnCount, textBytes: textBytes, input: input, into: sink, records: records(textBytes))
        if let unclosed {
            sink.addWarning(CSVConverter.unclosedQuoteWarning(line: try line(of: unclosed, in: CSVTextPieces(raw(blockSize)))))
        }
        return true
    }

    /// The census of the whole file's text, after any UTF-8 byte order
    /// mark, taken on a thread of its own while `beside` runs on this
    /// one (the two read the input each from its start). Without a
    /// thread the census comes first; a failed census is thrown either way.
    private static func takeCensus<Raw: CSVRawPieces, Other>(
        _ raw: Raw, beside: () -> Other
    ) throws(ConversionError) -> (ByteCensus, Other) {
        let box = CensusBox()
        guard let thread = try? WorkerThread.start({ box.census = Result { () throws(ConversionError) in try takeCensus(raw) } })
        else {
            let census = try takeCensus(raw)
            return (census, beside())
        }
        let other = beside()
        pthread_join(thread, nil)
        return (try box.census.get(), other)
    }

    /// Where the census thread leaves its outcome, read after it is joined.
    private final class CensusBox: @unchecked Sendable {
        var census: Result<ByteCensus, ConversionError> = .failure(.io("the census was not taken"))
    }

    /// The census of the whole file's text, after any UTF-8 byte order mark.
    private static func takeCensus<Raw: CSVRawPieces>(_ raw: Raw) throws(ConversionError) -> ByteCensus {
        var text = CSVTextPieces(raw, takesCensus: true)
        while try text.next() != nil {}
        return text.finishCensus()
    }

    /// The delimiter sniffed from the first 64 KiB of the text.
    private static func sniff<Raw: CSVRawPieces>(_ raw: Raw) throws(ConversionError) -> UInt8 {
        var text = CSVTextPieces(raw)
        var sample: [UInt8] = []
        while sample.count < 64 << 10, let piece = try text.next() { sample.append(contentsOf: piece) }
        return sample.withUnsafeBufferPointer(CSVDelimiter.sniff)
    }

    /// The 1-based line on which offset `offset` of the text lies.
    static func line<Raw>(of offset: Int, in text: CSVTextPieces<Raw>) throws(ConversionError) -> Int {
        var text = text
        var counter = CSVLineCounter()
        var position = 0
        while position < offset, let piece = try text.next() {
            piece.withUnsafeBufferPointer { counter.count(UnsafeBufferPointer(rebasing: $0.prefix(offset - position))) }
            position += piece.count
        }
        return counter.line
    }
}
