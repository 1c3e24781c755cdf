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
        var pagesWithKey: [String: Int] = [:]
        for page in pages {
            var seen: Set<String> = []
            for line in page.lines {
                if let key = key(for: line, in: page) { seen.insert(key) }
            }
            for key in seen { pagesWithKey[key, default: 0] += 1 }
        }
        let threshold = max(3, Int((0.4 * Double(textPages)).rounded(.up)))
        let numberThreshold = max(2, Int((0.4 * Double(textPages)).rounded(.up)))
        let running = Set(pagesWithKey.compactMap { key, count -> String? in
            let isNumber = isPageNumber(String(key.drop { $0 != "|" }.dropFirst()))
            return count >= (isNumber ? numberThreshold : threshold) ? key : nil
        })
        guard !running.isEmpty else { return }
        for index in pages.indices {
            let page = pages[index]
            pages[index].lines.removeAll { line in
                key(for: line, in: page).map(running.contains) ?? false
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

    private static func isRomanNumeral(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= 8 && bytes.allSatisfy { romanDigits.contains($0) }
    }

    private static let romanDigits: [UInt8] = Array("ivxlc".utf8)
}
