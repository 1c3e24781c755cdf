import FoundationEssentials
import Glibc

/// A hit's snippet: a window of at most `width` characters of its text,
/// placed where the most different query terms are marked. Cut in Swift
/// from the section's text: FTS5's `snippet()` scores every match against
/// every other, which made one search over a large section take a minute.
enum SearchSnippet {
    /// Around each match in the text passed in: FTS5's `highlight()` writes
    /// them, and the reader's text of a section holds no control characters.
    static let matchStart: Unicode.Scalar = "\u{2}"
    static let matchEnd: Unicode.Scalar = "\u{3}"
    static let width = 200
    /// How much text comes before the first match in the window.
    static let lead = 40

    /// The window of `marked` (text with matches between `matchStart` and
    /// `matchEnd`), matches wrapped in `<mark>`…`</mark>`.
    static func window(_ marked: String) -> String {
        var text: [Unicode.Scalar] = []
        var matches: [Range<Int>] = []
        var open: Int?
        for scalar in marked.unicodeScalars {
            if scalar == matchStart {
                open = text.count
            } else if scalar == matchEnd, let start = open {
                if start < text.count { matches.append(start..<text.count) }
                open = nil
            } else {
                text.append(scalar.properties.isWhitespace ? " " : scalar)
            }
        }
        let range = bounds(in: text, around: matches)
        return render(text, range, matches)
    }

    /// The text with the first occurrence of `term` marked, for the
    /// indexes that cannot mark matches themselves.
    static func marking(_ term: String, in text: String) -> String {
        let haystack = Array(text.unicodeScalars)
        let needle = Array(term.unicodeScalars)
        guard !needle.isEmpty, haystack.count >= needle.count else { return text }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) {
                var view = String.UnicodeScalarView(haystack[..<start])
                view.append(matchStart)
                view.append(contentsOf: needle)
                view.append(matchEnd)
                view.append(contentsOf: haystack[(start + needle.count)...])
                return String(view)
            }
        }
        return text
    }

    /// The match that starts the window: the one followed, within the
    /// window, by the most different terms (the earliest of equals).
    static func bestStart(_ text: [Unicode.Scalar], _ matches: [Range<Int>]) -> Int? {
        guard !matches.isEmpty else { return nil }
        let terms = matches.map { String(String.UnicodeScalarView(text[$0])).lowercased() }
        var counts: [String: Int] = [:]
        var best = (index: 0, distinct: 0)
        var last = 0
        for first in matches.indices {
            while last < matches.count, matches[last].upperBound <= matches[first].lowerBound + width - lead {
                counts[terms[last], default: 0] += 1
                last += 1
            }
            if counts.count > best.distinct { best = (first, counts.count) }
            if last > first {
                counts[terms[first]]! -= 1
                if counts[terms[first]] == 0 { counts[terms[first]] = nil }
            } else {
                last = first + 1
            }
        }
        return best.index
    }

    /// Where the window starts and ends: after a space when there is one
    /// near the cut, and after the first match unless that match alone is
    /// longer than the window (a run of letters with no space can be).
    private static func bounds(in text: [Unicode.Scalar], around matches: [Range<Int>]) -> Range<Int> {
        let anchor = bestStart(text, matches).map { matches[$0] } ?? 0..<0
        var start = max(0, anchor.lowerBound - lead)
        if start > 0, let space = text[start..<anchor.lowerBound].firstIndex(of: " ") { start = space + 1 }
        var end = min(text.count, start + width)
        if end < text.count, anchor.upperBound < end, let space = text[anchor.upperBound..<end].lastIndex(of: " ") { end = space }
        return start..<end
    }

    private static func render(_ text: [Unicode.Scalar], _ range: Range<Int>, _ matches: [Range<Int>]) -> String {
        var out = String.UnicodeScalarView()
        if range.lowerBound > 0 { out.append("…") }
        var position = range.lowerBound
        for match in matches where match.upperBound > range.lowerBound && match.lowerBound < range.upperBound {
            let inside = max(match.lowerBound, range.lowerBound)..<min(match.upperBound, range.upperBound)
            out.append(contentsOf: text[position..<inside.lowerBound])
            out.append(contentsOf: ProjectStore.highlightStart.unicodeScalars)
            out.append(contentsOf: text[inside])
            out.append(contentsOf: ProjectStore.highlightEnd.unicodeScalars)
            position = inside.upperBound
        }
        out.append(contentsOf: text[position..<range.upperBound])
        if range.upperBound < text.count { out.append("…") }
        return String(out).trimmingHorizontalSpace()
    }
}
