/// Recognises HTML and XHTML by how the document starts: after a
/// byte-order mark, whitespace, comments and an XML declaration, the
/// first markup is `<!DOCTYPE html`, `<html`, `<head` or `<body`.
/// Works in UTF-8, legacy encodings, UTF-16 and UTF-32.
enum HTMLSniffer {
    static func looksLikeHTML(_ bytes: [UInt8], hint: DocumentFormat?) -> Bool {
        let view = TextSniffer.asciiView(bytes, limit: 64 << 10)
        var index = 0
        while index < view.count {
            let byte = view[index]
            if isSpace(byte) {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "<") else { return false }
            if starts(view, "<!--", at: index) {
                index = skip(view, past: "-->", from: index + 4)
                continue
            }
            if starts(view, "<?", at: index) {
                index = skip(view, past: "?>", from: index + 2)
                continue
            }
            if starts(view, "<!doctype", at: index) {
                return starts(view, "html", at: skipSpaces(view, from: index + 9))
            }
            for name in ["<html", "<head", "<body"] where starts(view, name, at: index) {
                let next = index + name.utf8.count
                if next >= view.count || isSpace(view[next]) || view[next] == UInt8(ascii: ">") || view[next] == UInt8(ascii: "/") {
                    return true
                }
            }
            // A fragment (`<p>…`, `<table>…`) has no telltale start; the
            // file name may vouch for it.
            return hint == .html && index + 1 < view.count && isLetter(view[index + 1])
        }
        return false
    }

    private static func starts(_ view: [UInt8], _ prefix: String, at index: Int) -> Bool {
        let prefix = Array(prefix.utf8)
        guard index >= 0, view.count - index >= prefix.count else { return false }
        for (offset, expected) in prefix.enumerated() {
            var byte = view[index + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != expected { return false }
        }
        return true
    }

    private static func skip(_ view: [UInt8], past terminator: String, from start: Int) -> Int {
        var index = start
        while index < view.count {
            if starts(view, terminator, at: index) { return index + terminator.utf8.count }
            index += 1
        }
        return index
    }

    private static func skipSpaces(_ view: [UInt8], from start: Int) -> Int {
        var index = start
        while index < view.count, isSpace(view[index]) { index += 1 }
        return index
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
