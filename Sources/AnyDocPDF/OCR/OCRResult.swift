internal import AnyDocSwift
/// What Tesseract read on one page, in its layout: blocks of paragraphs
/// of lines of words.
struct OCRResult: Sendable, Equatable {
    struct Word: Sendable, Equatable {
        var text: String
        /// 0–100.
        var confidence: Double
        /// Whether a space-wide gap separates it from the word before on
        /// its line. Tesseract's Korean words are sometimes single
        /// syllables of one spaced word.
        var spaced = true
        /// Where the word lies in page pixels, when known: tables and
        /// lines split by Tesseract's layout are found from these.
        var box: PageReading.Box?
    }

    struct Line: Sendable, Equatable {
        var words: [Word] = []
        /// The line's box height and left edge in page pixels (0 when not
        /// known): headings stand out by height, list items by indent.
        var height = 0
        var left = 0
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
    /// The models that read the page, when not the ones asked for: set
    /// when the page's script was detected and read with its own model.
    var language: String?

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
                let text = OCRText.join(paragraph.lines.map { OCRText.joinWords($0.words) },
                                        hyphenation: true)
                return text.isEmpty ? nil : text
            }
        }
    }

    /// The page as model blocks: headings, lists and paragraphs
    /// (`OCRStructure`).
    var modelBlocks: [Block] {
        OCRStructure.blocks(of: self)
    }
}

extension Array where Element == OCRResult {
    /// Pages (1-based, in this array's order) read with a mean word
    /// confidence below `ScriptFallback.doubtfulConfidence`: their text is
    /// likely wrong in places, which a reader must be told.
    var doubtfulPages: [Int] {
        indices.filter { index in self[index].meanConfidence.map { $0 < ScriptFallback.doubtfulConfidence } ?? false }.map { $0 + 1 }
    }

    /// The models pages were read with when their script chose them.
    var detectedLanguages: [String] {
        var seen: [String] = []
        for language in compactMap(\.language) where !seen.contains(language) { seen.append(language) }
        return seen
    }

    /// Notes what the reading of `pageNumbers` (the pages these results
    /// are of) says about its own quality, in metadata and warnings.
    func report(pageNumbers: [Int], metadata: inout Metadata, warnings: inout [String]) {
        if !detectedLanguages.isEmpty {
            metadata.extra.append((key: "ocr_languages", value: detectedLanguages.joined(separator: ",")))
        }
        let doubtful = doubtfulPages.map { pageNumbers[$0 - 1] }
        guard !doubtful.isEmpty else { return }
        let numbers = doubtful.map(String.init)
        metadata.extra.append((key: "ocr_low_confidence_pages", value: numbers.joined(separator: ",")))
        let pages = doubtful.count == 1 ? "page \(numbers[0]) was" : "pages \(numbers.joined(separator: ", ")) were"
        warnings.append("\(pages) read with low OCR confidence; the text may be wrong in places")
    }

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
    static func joinWords(_ words: [OCRResult.Word]) -> String {
        guard words.contains(where: { $0.text.unicodeScalars.contains(where: isHangul) }) else { return joinWords(words.map(\.text)) }
        var result = ""
        for word in words {
            let text = trimmed(word.text)
            guard let first = text.unicodeScalars.first else { continue }
            if let last = result.unicodeScalars.last, word.spaced || !(isHangul(last) && isHangul(first)) { result.append(" ") }
            result += text
        }
        return result
    }

    static func isHangul(_ scalar: Unicode.Scalar) -> Bool {
        (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value) || (0x3130...0x318F).contains(scalar.value)
    }

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

    /// Han, kana and full-width punctuation: scripts and marks that take no
    /// spaces between them. Not Hangul: Korean puts spaces between words.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x3000...0x303F,  // CJK punctuation
             0x3040...0x30FF,  // kana
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F,  // Han
             0xFF00...0xFFEF:  // full-width forms
            return true
        default:
            return false
        }
    }
}
