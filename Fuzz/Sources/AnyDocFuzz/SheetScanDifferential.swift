@testable import AnyDocSwift

/// Differential targets for the byte-level scanners: each input is read
/// by the fast scanner and by the reading it replaces, and any difference
/// stops the run as a finding.
enum SheetScanDifferential {
    /// A worksheet part, dribbled in small pieces so tokens straddle
    /// refills: the scanner-first source against libxml2 alone.
    static func run(_ bytes: [UInt8]) {
        let limits = FuzzLimits.limits
        let piece = Int(bytes.first ?? 0) % 61 + 1
        let parser = { () throws(ConversionError) -> XLSXSheetParser in
            XLSXSheetParser(
                reader: try XMLReader(source: DribbleByteSource(bytes, pieceSize: piece), limits: limits,
                                      namespaceAliases: OOXMLNamespace.aliases),
                deadline: Deadline(secondsFromNow: 5), maxMerges: 1000)
        }
        let rows = XLSXSheetRows(
            limits: limits, deadline: Deadline(secondsFromNow: 5), maxMerges: 1000,
            openBytes: { DribbleByteSource(bytes, pieceSize: piece) }, openParser: parser)
        let fast = read(rows)
        let slow: [String]?
        do { slow = read(try parser()) } catch { return }
        switch (fast, slow) {
        case (.some(let a), .some(let b)):
            if a != b { fatalError("the scanner read \(a) where the parser read \(b)") }
        case (.none, .none):
            break
        default:
            fatalError("the scanner \(fast == nil ? "failed" : "succeeded") where the parser did not")
        }
    }

    /// Rows and merges as text, or nil when the read fails.
    private static func read<Source: SheetRowSource>(_ source: Source) -> [String]? where Source.Cell == XLSXCell {
        var lines: [String] = []
        do throws(ConversionError) {
            try source.parse(wants: { $0 % 7 != 3 }) { row, cells in
                lines.append("\(row):" + cells.map { "\($0.column)/\($0.kind)/\($0.style)=\($0.value ?? "nil")" }.joined(separator: " "))
            }
        } catch {
            return nil
        }
        return lines + source.merges.map { "merge \($0)" }
    }

    /// CSV records read with the word-at-a-time search, against a plain
    /// byte loop over the same rules.
    static func csv(_ bytes: [UInt8]) {
        let delimiter = CSVDelimiter.candidates[Int(bytes.first ?? 0) % CSVDelimiter.candidates.count]
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(buffer, delimiter: delimiter)
            var fields = CSVFieldBuffer()
            var counter = CSVFieldCounter()
            var counting = CSVReader(buffer, delimiter: delimiter)
            var records: [[String]] = []
            while reader.readRecord(into: &fields) {
                guard counting.readRecord(into: &counter), counter.count == fields.count else {
                    fatalError("counting and reading disagree on a record")
                }
                records.append((0..<fields.count).map(fields.text(at:)))
            }
            let expected = CSVReferenceReader.records(bytes, delimiter: delimiter)
            if records != expected { fatalError("read \(records), expected \(expected)") }
        }
    }
}
