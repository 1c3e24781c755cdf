/// What Tesseract read on one page, in its layout: blocks of paragraphs
/// of lines of words.
struct OCRResult: Sendable, Equatable {
    struct Word: Sendable, Equatable {
        var text: String
        /// 0–100.
        var confidence: Double
    }

    struct Line: Sendable, Equatable {
        var words: [Word] = []
    }

    struct Paragraph: Sendable, Equatable {
        var lines: [Line] = []
    }

    struct TextBlock: Sendable, Equatable {
        var paragraphs: [Paragraph] = []
    }

    var blocks: [TextBlock] = []
    /// Quarter turns clockwise applied to stand the page upright.
    var quarterTurns = 0

    static let empty = OCRResult()

    var words: [Word] {
        blocks.flatMap { $0.paragraphs.flatMap { $0.lines.flatMap { $0.words } } }
    }

    var wordCount: Int { words.count }

    /// Mean word confidence (0–100), nil when no word was read.
    var meanConfidence: Double? {
        let all = words
        guard !all.isEmpty else { return nil }
        return all.reduce(0) { $0 + $1.confidence } / Double(all.count)
    }

    /// Each paragraph as one string: lines joined with spaces, a word
    /// hyphenated across a line end joined again, no spaces inside CJK text.
    var paragraphTexts: [String] {
        blocks.flatMap { block in
            block.paragraphs.compactMap { paragraph -> String? in
                let text = OCRText.join(paragraph.lines.map { OCRText.joinWords($0.words.map { $0.text }) },
                                        hyphenation: true)
                return text.isEmpty ? nil : text
            }
        }
    }

    /// The page as model blocks: one paragraph per recognised paragraph.
    var modelBlocks: [Block] {
        paragraphTexts.map { Block.paragraph([.text($0)]) }
    }
}

extension Array where Element == OCRResult {
    /// Mean word confidence over all pages, weighted by words.
    var meanConfidence: Double? {
        var total = 0.0
        var count = 0
        for result in self {
            for word in result.words {
                total += word.confidence
                count += 1
            }
        }
        return count == 0 ? nil : total / Double(count)
    }
}

/// Joining recognised pieces into running text.
enum OCRText {
    /// Joins pieces with single spaces, except between CJK characters
    /// (which are written without spaces) and, with `hyphenation`, after a
    /// line ending in a hyphen that splits a word (`docu-` + `ments`).
    static func join(_ pieces: [String], hyphenation: Bool) -> String {
        var result = ""
        for piece in pieces {
            let piece = trimmed(piece)
            if piece.isEmpty { continue }
            guard let last = result.last, let first = piece.first else {
                result = piece
                continue
            }
            if hyphenation, last == "-", first.isLowercase, result.dropLast().last?.isLetter == true {
                result.removeLast()
            } else if !(isCJK(last) && isCJK(first)) {
                result.append(" ")
            }
            result += piece
        }
        return result
    }

    /// Joins the words of one line. In a line of CJK text Tesseract splits
    /// runs of full-width digits and Latin words off as words of their
    /// own (`温度 2 5 ℃`); there only two Latin letters keep a space.
    static func joinWords(_ words: [String]) -> String {
        guard words.contains(where: { $0.contains(where: isCJK) }) else { return join(words, hyphenation: false) }
        var result = ""
        for word in words {
            let word = trimmed(word)
            guard let first = word.first else { continue }
            if let last = result.last, last.isASCII, last.isLetter, first.isASCII, first.isLetter {
                result.append(" ")
            }
            result += word
        }
        return result
    }

    static func trimmed(_ text: String) -> String {
        var slice = Substring(text)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }

    /// Han, kana, Hangul and full-width punctuation: scripts and marks that
    /// take no spaces between them.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F,  // CJK punctuation
             0x3040...0x30FF,  // kana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F,  // Han
             0xAC00...0xD7AF,  // Hangul
             0xFF00...0xFFEF:  // full-width forms
            return true
        default:
            return false
        }
    }
}
