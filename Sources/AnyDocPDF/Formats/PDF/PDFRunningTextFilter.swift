internal import AnyDocSwift
/// Removes running headers, footers and page numbers.
///
/// A line in the top or bottom `band` of its page is running text when
/// the same text — digits counted as equal, so "Page 3" matches "Page 4"
/// — sits in the same band on at least 40% of the pages with text, and
/// on at least three pages. A bare page number ("7", "Page 7 of 9",
/// "- 7 -", "vii") needs only two pages, and a band line that is just
/// the page's own number goes even on a page alone.
enum PDFRunningTextFilter {
    static let band = 0.12

    static func apply(to pages: inout [PDFPageContent]) {
        for index in pages.indices {
            let number = String(pages[index].number)
            let page = pages[index]
            pages[index].lines.removeAll { line in
                guard key(for: line, in: page) != nil else { return false }
                let text = line.text.lowercased()
                return text == number || text == "- \(number) -" || text == "page \(number)"
            }
        }
        let textPages = pages.filter { !$0.lines.isEmpty }.count
        guard textPages >= 2 else { return }
        // Each line's key, worked out once for counting and for removing.
        let keys = pages.map { page in page.lines.map { key(for: $0, in: page) } }
        var pagesWithKey: [String: Int] = [:]
        for pageKeys in keys {
            for key in Set(pageKeys.compactMap { $0 }) { pagesWithKey[key, default: 0] += 1 }
        }
        let threshold = max(3, Int((0.4 * Double(textPages)).rounded(.up)))
        let numberThreshold = max(2, Int((0.4 * Double(textPages)).rounded(.up)))
        let running = Set(pagesWithKey.compactMap { key, count -> String? in
            let isNumber = isPageNumber(String(key.drop { $0 != "|" }.dropFirst()))
            return count >= (isNumber ? numberThreshold : threshold) ? key : nil
        })
        guard !running.isEmpty else { return }
        for index in pages.indices {
            pages[index].lines = zip(pages[index].lines, keys[index]).compactMap { line, key in
                key.map(running.contains) == true ? nil : line
            }
        }
    }

    /// The band and the text with digits and roman page numbers folded,
    /// or nil for a line outside the bands. A bare page number counts in
    /// a wider band (a fifth of the page) when it is the page's first or
    /// last line.
    static func key(for line: PDFTextLine, in page: PDFPageContent) -> String? {
        guard page.height > 0 else { return nil }
        let inTopBand = line.box.maxY <= band * page.height
        let inBottomBand = line.box.minY >= (1 - band) * page.height
        let inTopFifth = line.box.maxY <= 0.2 * page.height
        let inBottomFifth = line.box.minY >= 0.8 * page.height
        // Most lines sit mid-page: they are never folded.
        guard inTopBand || inBottomBand || inTopFifth || inBottomFifth else { return nil }
        let folded = fold(line.text)
        guard !folded.isEmpty else { return nil }
        if inTopBand { return "top|" + folded }
        if inBottomBand { return "bottom|" + folded }
        guard isPageNumber(folded) else { return nil }
        if inTopFifth, !page.lines.contains(where: { $0.box.maxY < line.box.minY }) {
            return "top|" + folded
        }
        if inBottomFifth, !page.lines.contains(where: { $0.box.minY > line.box.maxY }) {
            return "bottom|" + folded
        }
        return nil
    }

    static func isPageNumber(_ folded: String) -> Bool {
        ["#", "page #", "page # of #", "# of #", "# / #", "- # -"].contains(folded)
    }

    private static func fold(_ text: String) -> String {
        if let folded = foldASCII(text) { return isRomanNumeral(folded) ? "#" : folded }
        var folded = ""
        var lastWasDigit = false
        for character in text.lowercased() {
            if character.isNumber {
                if !lastWasDigit { folded.append("#") }
                lastWasDigit = true
                continue
            }
            lastWasDigit = false
            if character.isWhitespace {
                if !folded.isEmpty, folded.last != " " { folded.append(" ") }
            } else {
                folded.append(character)
            }
        }
        while folded.last == " " { folded.removeLast() }
        return isRomanNumeral(folded) ? "#" : folded
    }

    /// `fold` for ASCII text, byte by byte; nil for any other text.
    private static func foldASCII(_ text: String) -> String? {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        var lastWasDigit = false
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if !lastWasDigit { folded.append(UInt8(ascii: "#")) }
                lastWasDigit = true
                continue
            case 0x09...0x0D, 0x20:
                if let last = folded.last, last != 0x20 { folded.append(0x20) }
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                folded.append(byte | 0x20)
            default:
                folded.append(byte)
            }
            lastWasDigit = false
        }
        while folded.last == 0x20 { folded.removeLast() }
        return String(decoding: folded, as: UTF8.self)
    }

    private static func isRomanNumeral(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= 8 && bytes.allSatisfy { romanDigits.contains($0) }
    }

    private static let romanDigits: [UInt8] = Array("ivxlc".utf8)
}
