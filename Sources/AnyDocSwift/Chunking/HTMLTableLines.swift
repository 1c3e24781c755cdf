/// The lines of an HTML table as the writer lays it out, read back from
/// Markdown text alone: `<table>` and the first row on one line, a row a
/// line after it, `</table>` on a line of its own.
enum HTMLTableLines {
    /// Whether `line` opens a table the writer wrote.
    static func opens(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: "<table>".utf8) && line.reversed().starts(with: "</tr>".utf8.reversed())
    }

    /// What a line inside such a table is; nil when it is none of its lines.
    static func role(of line: ArraySlice<UInt8>, in bytes: [UInt8], after end: Int, head: Bool) -> ChunkLine? {
        if line.elementsEqual(ChunkLine.htmlTableFooter.utf8) { return .htmlTableEnd }
        guard isRow(line) else { return nil }
        return head ? .htmlTableHead(last: !headRowFollows(bytes, after: end)) : .htmlTableRow
    }

    /// Whether the line starting at `start` is a row of header cells only.
    static func headRowFollows(_ bytes: [UInt8], after start: Int) -> Bool {
        guard start < bytes.count else { return false }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
        let line = bytes[start..<end]
        return isRow(line) && contains(line, "<th") && !contains(line, "<td")
    }

    private static func isRow(_ line: ArraySlice<UInt8>) -> Bool {
        line.starts(with: "<tr>".utf8) && line.reversed().starts(with: "</tr>".utf8.reversed())
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        guard line.count >= needle.count else { return false }
        var index = line.startIndex
        while index + needle.count <= line.endIndex {
            if line[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
