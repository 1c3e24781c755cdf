internal import AnyDocSwift
/// One model's reading of a page with where each paragraph and line lies,
/// so that readings of the same page by different models can be compared
/// region by region before they become an `OCRResult`.
struct PageReading: Sendable, Equatable {
    /// A rectangle in page pixels, right and bottom exclusive.
    struct Box: Sendable, Equatable {
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int

        /// Whether the centre of `other` lies inside this box grown by
        /// `margin` pixels on every side.
        func containsCentre(of other: Box, margin: Int) -> Bool {
            // Doubled coordinates keep the centre exact in integers.
            let x = other.left + other.right
            let y = other.top + other.bottom
            return x >= 2 * (left - margin) && x <= 2 * (right + margin)
                && y >= 2 * (top - margin) && y <= 2 * (bottom + margin)
        }
    }

    struct Line: Sendable, Equatable {
        var box: Box
        var words: [OCRResult.Word]
    }

    struct Paragraph: Sendable, Equatable {
        /// Paragraphs with the same block number belong to one text block.
        var block: Int
        var box: Box
        var lines: [Line]
    }

    var paragraphs: [Paragraph] = []

    /// The reading as blocks of paragraphs of lines; of the boxes only the
    /// words' stay whole, lines keep their height and left edge.
    var result: OCRResult {
        var result = OCRResult()
        var currentBlock: Int?
        for paragraph in paragraphs {
            let lines = paragraph.lines.filter { !$0.words.isEmpty }.map {
                OCRResult.Line(words: $0.words, height: $0.box.bottom - $0.box.top, left: $0.box.left)
            }
            if lines.isEmpty { continue }
            if paragraph.block != currentBlock || result.blocks.isEmpty {
                result.blocks.append(OCRResult.TextBlock())
                currentBlock = paragraph.block
            }
            result.blocks[result.blocks.count - 1].paragraphs.append(OCRResult.Paragraph(lines: lines))
        }
        return result
    }
}

extension PageReading {
    /// Mean word confidence of `lines`, each word weighted by its
    /// characters so that one confident mark does not outweigh a run of
    /// doubtful ones; nil when the lines hold no text.
    static func confidence(of lines: [Line]) -> Double? {
        var total = 0.0
        var characters = 0
        for line in lines {
            for word in line.words {
                let count = word.text.count
                total += word.confidence * Double(count)
                characters += count
            }
        }
        return characters == 0 ? nil : total / Double(characters)
    }
}
