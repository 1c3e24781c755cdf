import Foundation
@testable import AnyDocSwift

/// What every chunk must satisfy, checked independently of the chunker.
enum ChunkCheck {
    /// The Markdown a chunk's offsets cut, in Unicode scalars.
    static func slice(_ markdown: [Unicode.Scalar], _ chunk: Chunk) -> String {
        String(String.UnicodeScalarView(markdown[chunk.offset..<chunk.offset + chunk.length]))
    }

    /// Problems with `chunks` of `markdown` under `options`; empty when none.
    static func problems(_ chunks: [Chunk], of markdown: String, options: ChunkOptions) -> [String] {
        let scalars = Array(markdown.unicodeScalars)
        let bytes = Array(markdown.utf8)
        var problems: [String] = []
        for (index, chunk) in chunks.enumerated() {
            let measured = ChunkSize.of(chunk.text).measure(options.unit)
            if measured > options.maxSize { problems.append("chunk \(index) has \(measured) > \(options.maxSize)") }
            guard chunk.offset >= 0, chunk.offset + chunk.length <= scalars.count else {
                problems.append("chunk \(index) lies outside the Markdown")
                continue
            }
            let header = chunk.tableHeader ?? ""
            let footer = chunk.tableFooter ?? ""
            if !chunk.text.hasPrefix(header) { problems.append("chunk \(index) does not start with its table header") }
            if !chunk.text.hasSuffix(footer) { problems.append("chunk \(index) does not end with its table footer") }
            let body = String(chunk.text.dropFirst(header.count).dropLast(footer.count))
            if slice(scalars, chunk) != body {
                problems.append("chunk \(index): offsets do not cut its text back")
            }
            let byteSlice = String(decoding: bytes[chunk.byteOffset..<chunk.byteOffset + chunk.byteLength], as: UTF8.self)
            if byteSlice != slice(scalars, chunk) { problems.append("chunk \(index): byte offsets disagree") }
            // The words of the slice: a repeated header alone does not count.
            if chunk.hasWords != hasWords(body) { problems.append("chunk \(index): hasWords is \(chunk.hasWords)") }
            if !footer.isEmpty || header.hasPrefix("<table>") {
                problems += htmlTableProblems(chunk, index: index)
            } else if let header = chunk.tableHeader {
                let lines = header.split(separator: "\n", omittingEmptySubsequences: false)
                if lines.count != 3 || !lines[0].hasPrefix("|") || !lines[1].contains("---") {
                    problems.append("chunk \(index): table header \(header.debugDescription) is not a header and delimiter row")
                }
                // The header is the one of the table the chunk is in.
                let before = String(String.UnicodeScalarView(scalars[0..<chunk.offset]))
                if let range = before.range(of: header, options: .backwards) {
                    let between = before[range.upperBound...]
                    if between.split(separator: "\n").contains(where: { !$0.hasPrefix("|") }) {
                        problems.append("chunk \(index): its header belongs to an earlier table")
                    }
                } else {
                    problems.append("chunk \(index): its table header is not before it")
                }
            }
        }
        return problems
    }

    /// An HTML table piece opens and closes as many tables as it holds,
    /// and one that repeats a header starts with the table's opening.
    private static func htmlTableProblems(_ chunk: Chunk, index: Int) -> [String] {
        let opens = chunk.text.components(separatedBy: "<table>").count - 1
        let closes = chunk.text.components(separatedBy: "</table>").count - 1
        var problems: [String] = []
        // A row longer than a chunk is cut inside, where no table can be whole.
        let body = chunk.text.dropFirst(chunk.tableHeader?.count ?? 0).dropLast(chunk.tableFooter?.count ?? 0)
        let wholeRows = (body.hasPrefix("<tr>") || body.hasPrefix("<table>")) && (body.hasSuffix("</tr>\n") || body.hasSuffix("</table>\n"))
        if wholeRows, opens != closes { problems.append("chunk \(index): \(opens) <table> but \(closes) </table>") }
        if let header = chunk.tableHeader, !header.hasPrefix("<table>") || !(header == "<table>" || header.hasSuffix("</tr>\n")) {
            problems.append("chunk \(index): HTML table header \(header.prefix(60).debugDescription) is not the table's head")
        }
        return problems
    }

    /// A letter or digit outside HTML tags and comments (each on one line).
    static func hasWords(_ text: String) -> Bool {
        // A code fence's info string (```sql) is no text of its own.
        text.split(separator: "\n").contains { line in
            let trimmed = line.drop { $0 == " " }
            return !(trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~")) && lineHasWords(String(line))
        }
    }

    private static func lineHasWords(_ line: String) -> Bool {
        var inTag = false
        let scalars = Array(line.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if inTag {
                if scalar == ">" { inTag = false }
                continue
            }
            if scalar == "<", scalars[(index + 1)...].contains(">") { inTag = true; continue }
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return true }
        }
        return false
    }
}
