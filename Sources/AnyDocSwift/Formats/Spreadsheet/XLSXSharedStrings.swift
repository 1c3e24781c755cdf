/// The workbook's shared string table (`sharedStrings.xml`).
///
/// All strings live in one UTF-8 buffer with an end offset each, so a
/// large table costs its text plus eight bytes a string. Rich-text runs
/// are joined as plain text; phonetic guides (`rPh`) are left out. The
/// table is bounded: no more strings than `Limits.maxTableCells` (a string
/// no cell can show is useless) and no more text than
/// `Limits.maxOutputBytes` (it could not all be written).
final class XLSXSharedStrings {
    @exclusivity(unchecked)
    private var storage: [UInt8] = []
    @exclusivity(unchecked)
    private var ends: [Int] = []

    var count: Int { ends.count }

    init() {}

    func string(at index: Int) -> String? {
        guard let range = range(at: index) else { return nil }
        return String(decoding: storage[range], as: UTF8.self)
    }

    /// True when the string is absent or shows nothing.
    func isBlank(at index: Int) -> Bool {
        guard let range = range(at: index) else { return true }
        return XLSXText.isBlank(bytes: storage[range])
    }

    private func range(at index: Int) -> Range<Int>? {
        guard index >= 0, index < ends.count else { return nil }
        return (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }

    private func append(_ text: String, limits: Limits) throws(ConversionError) {
        guard ends.count < limits.maxTableCells else {
            throw .resourceLimit("shared string table has more than \(limits.maxTableCells) strings")
        }
        storage.append(contentsOf: XLSXText.decodingEscapes(text).utf8)
        guard storage.count <= limits.maxOutputBytes else {
            throw .resourceLimit("shared strings hold more than \(limits.maxOutputBytes) bytes of text")
        }
        ends.append(storage.count)
    }

    static func read(from reader: XMLReader, limits: Limits, deadline: Deadline) throws(ConversionError) -> XLSXSharedStrings {
        let table = XLSXSharedStrings()
        while try reader.read() {
            guard reader.kind == .startElement, reader.localName == "si" else { continue }
            if table.count & 0xFFF == 0 { try deadline.check() }
            guard !reader.isEmptyElement else {
                try table.append("", limits: limits)
                continue
            }
            try table.append(readItem(reader), limits: limits)
        }
        return table
    }

    /// The text of one `si` (or `is`) element: its `t` elements, directly or
    /// in runs, without phonetic runs. Leaves the reader on the end tag.
    static func readItem(_ reader: XMLReader) throws(ConversionError) -> String {
        let depth = reader.depth
        var text = ""
        while try reader.read() {
            switch reader.kind {
            case .endElement where reader.depth == depth:
                return clipped(text)
            case .startElement:
                switch reader.localName {
                case "t": text += try reader.readElementText()
                case "rPh", "rPr", "phoneticPr": try reader.skipElement()
                default: break
                }
            default:
                break
            }
        }
        throw .malformed("the XML ends inside a string")
    }

    /// Excel cells hold at most this many characters; a longer string can
    /// only be a file built to inflate the output.
    static let maxCellCharacters = 32_767

    static func clipped(_ text: String) -> String {
        guard text.utf8.count > maxCellCharacters else { return text }
        return String(text.prefix(maxCellCharacters))
    }
}
