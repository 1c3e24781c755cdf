/// Splits WebVTT and SubRip text into cues and cleans their lines.
enum SubtitleCues {
    /// The text lines of each cue: the lines after a block's timing line
    /// (`00:00:01.000 --> 00:00:02.000`). Blocks without one (the `WEBVTT`
    /// header, `NOTE`, `STYLE`, `REGION`) are skipped.
    static func texts(in text: String) -> [[String]] {
        var cues: [[String]] = []
        var block: [Substring] = []
        func finish() {
            if let timing = block.firstIndex(where: { $0.contains("-->") }) {
                let lines = block[(timing + 1)...].map(clean).filter { !$0.isEmpty }
                if !lines.isEmpty { cues.append(lines) }
            }
            block.removeAll(keepingCapacity: true)
        }
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { finish() } else { block.append(line) }
        }
        finish()
        return cues
    }

    /// A cue line as plain text: markup tags removed (a voice tag
    /// `<v Name>` becomes `Name: `), SubRip `{\an8}` overrides removed,
    /// the entities WebVTT defines decoded.
    static func clean(_ line: Substring) -> String {
        var result = ""
        var rest = line[...]
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "{" }) {
            result += rest[..<open]
            let close: Character = rest[open] == "<" ? ">" : "}"
            guard let end = rest[open...].firstIndex(of: close) else { rest = rest[open...]; break }
            let tag = rest[rest.index(after: open)..<end]
            if close == ">", tag.hasPrefix("v ") || tag.hasPrefix("v.") {
                let name = tag.drop { $0 != " " }.trimmingSpaces
                if !name.isEmpty { result += name + ": " }
            } else if close == "}", !tag.hasPrefix("\\") {
                result += rest[open...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        return decodeEntities(result).trimmingSpaces
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var text = text
        for (entity, character) in [("&lt;", "<"), ("&gt;", ">"), ("&nbsp;", "\u{A0}"), ("&lrm;", "\u{200E}"), ("&rlm;", "\u{200F}"), ("&amp;", "&")] {
            text = text.replacing(entity, with: character)
        }
        return text
    }

    /// `WEBVTT` at the start (after a byte-order mark), alone or followed
    /// by a space, tab or line end, as the WebVTT specification requires.
    static func isWebVTT(_ bytes: [UInt8]) -> Bool {
        let start = Signatures.hasPrefix(bytes, [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard Signatures.hasPrefix(bytes, Array("WEBVTT".utf8), at: start) else { return false }
        let next = start + 6
        return next == bytes.count || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next])
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
