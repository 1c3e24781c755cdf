/// Guesses which of comma, semicolon, tab and pipe separates the fields.
///
/// Each candidate reads the first 20 records (within the first 64 KiB),
/// honouring quotes, and counts their fields. A candidate whose records
/// all have one field is out. The winner has the most records sharing one
/// field count; then the larger count; then the earlier candidate. With
/// no winner, the file is one column and the comma is as good as any.
enum CSVDelimiter {
    static let candidates: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t"), UInt8(ascii: "|")]
    static let tab = UInt8(ascii: "\t")

    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        let sample = UnsafeBufferPointer(rebasing: bytes.prefix(64 << 10))
        var best: (delimiter: UInt8, records: Int, fields: Int)?
        for delimiter in candidates {
            var reader = CSVReader(sample, delimiter: delimiter)
            var counter = CSVFieldCounter()
            var recordsByFieldCount: [Int: Int] = [:]
            var records = 0
            while records < 20, reader.readRecord(into: &counter) {
                records += 1
                if counter.count > 1 { recordsByFieldCount[counter.count, default: 0] += 1 }
            }
            guard let mode = recordsByFieldCount.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            if let current = best, (current.records, current.fields) >= (mode.value, mode.key) { continue }
            best = (delimiter, mode.value, mode.key)
        }
        return best?.delimiter ?? candidates[0]
    }
}
