/// The count pass of a text whose quotes are all well placed, without
/// a reader.
///
/// A quote is well placed when it opens a field (the text, a line or a
/// delimiter comes before it) or closes one (a delimiter, a line break
/// or the end of the text comes after it), or when two stand for one in
/// a quoted field. The quoted bytes are then those after an odd number
/// of quotes, so a prefix XOR of a chunk's quote marks masks delimiters
/// and line breaks inside quotes, and every line that holds a byte is a
/// record with one field more than its delimiters (empty lines are
/// skipped; CRLF is a line break and an empty line). That is measured
/// 64 bytes at a time off the chunk's marks (`CSVChunkMarks`), with no
/// call or field per record: what `CSVConverter`'s exact count finds, in
/// a quarter of the work.
///
/// A quote placed otherwise (the lenient reader keeps it as written), a
/// quote never closed, or a field that may break the field limit leave
/// the count to the exact reader. Fields are measured as written, quotes
/// and all (at least their text), exactly when 64 bytes or more: such a
/// field runs into a later chunk and ends at that chunk's first stop.
/// The cell limit is checked at the end of every record, as there.
struct CSVLineMeasure {
    private let maxCells: Int
    private let maxField: Int
    /// The field count of the widest record so far.
    private(set) var widest = 0
    private(set) var records = 0
    private var longestField = 0
    /// Delimiters so far on the line being measured.
    private var delimiters = 0
    /// Whether the line being measured holds a byte.
    private var lineStarted = false
    /// Bytes of the field being measured, when it started in an earlier chunk.
    private var fieldLength = 0
    private var marks: CSVChunkMarks
    /// All ones when the byte before the chunk is quoted, else 0.
    private var quoted: UInt64 = 0
    /// 1 when the byte before the chunk ends a field or a quote (or the
    /// text starts there), else 0.
    private var afterStop: UInt64 = 1
    /// 1 when the byte before the chunk closes a quote, else 0.
    private var afterClose: UInt64 = 0

    init(delimiter: UInt8, maxCells: Int, maxField: Int) {
        self.maxCells = maxCells
        self.maxField = maxField
        marks = CSVChunkMarks(delimiter: delimiter)
    }

    /// Measures the next bytes of the text; false when the exact reader
    /// must count it.
    mutating func measure(_ bytes: UnsafeBufferPointer<UInt8>) throws(ConversionError) -> Bool {
        marks = CSVChunkMarks(delimiter: marks.delimiter)
        var chunk = 0
        while chunk < bytes.count {
            marks.load(bytes, chunk: chunk)
            let valid = min(ByteChunk.size, bytes.count - chunk)
            guard let outside = outsideQuotes(quotes: marks.quotes, stops: marks.delimiters | marks.breaks, valid: valid),
                try take(delimiters: marks.delimiters & outside, breaks: marks.breaks & outside, valid: valid)
            else { return false }
            chunk += ByteChunk.size
        }
        return true
    }

    /// Ends the text (a last line without a line break is a record too);
    /// false when the exact reader must count it.
    mutating func finish() throws(ConversionError) -> Bool {
        guard quoted == 0 else { return false }
        // The last field, when no stop ends it, runs to the end of the text.
        longestField = max(longestField, fieldLength)
        if lineStarted, try !endRecord() { return false }
        lineStarted = false
        return true
    }

    /// The bytes of the chunk outside quotes, given its quotes and its
    /// delimiters and line breaks; nil when a quote is not well placed.
    /// Only its first `valid` bytes are text.
    @inline(__always)
    private mutating func outsideQuotes(quotes: UInt64, stops: UInt64, valid: Int) -> UInt64? {
        var inside = quotes
        inside ^= inside << 1
        inside ^= inside << 2
        inside ^= inside << 4
        inside ^= inside << 8
        inside ^= inside << 16
        inside ^= inside << 32
        inside ^= quoted
        let outside = ~inside
        let opening = quotes & inside, closing = quotes & outside, cuts = stops & outside
        let textMask: UInt64 = valid == ByteChunk.size ? ~0 : (1 << valid) &- 1
        guard opening & ~((cuts | closing) << 1 | afterStop) == 0,
            (closing << 1 | afterClose) & ~(cuts | opening) & textMask == 0
        else { return nil }
        let last = UInt64(valid - 1)
        quoted = 0 &- ((inside >> last) & 1)
        afterStop = ((cuts | closing) >> last) & 1
        afterClose = (closing >> last) & 1
        return outside
    }

    /// Takes a chunk's delimiters and line breaks outside quotes; only
    /// its first `valid` bytes are text. False when a field may be too long.
    @inline(__always)
    private mutating func take(delimiters cuts: UInt64, breaks: UInt64, valid: Int) throws(ConversionError) -> Bool {
        let stops = cuts | breaks
        guard stops != 0 else {
            fieldLength += valid
            lineStarted = true
            return true
        }
        longestField = max(longestField, fieldLength + stops.trailingZeroBitCount)
        fieldLength = valid - (ByteChunk.size - stops.leadingZeroBitCount)
        var from = 0, rest = breaks
        while rest != 0 {
            let at = rest.trailingZeroBitCount
            if at > from { lineStarted = true }
            delimiters += (cuts & ((1 << at) &- 1) & ~((1 << from) &- 1)).nonzeroBitCount
            if lineStarted, try !endRecord() { return false }
            delimiters = 0
            lineStarted = false
            from = at + 1
            rest &= rest &- 1
        }
        if from < valid {
            lineStarted = true
            delimiters += (cuts >> from).nonzeroBitCount
        }
        return true
    }

    /// Counts the line just measured as a record, against the cell
    /// limit; false when a field may be over the field limit.
    private mutating func endRecord() throws(ConversionError) -> Bool {
        if longestField > maxField { return false }
        widest = max(widest, delimiters + 1)
        records += 1
        try CSVConverter.checkCells(widest: widest, records: records, limit: maxCells)
        return true
    }
}
