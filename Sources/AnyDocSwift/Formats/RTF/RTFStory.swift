/// One flow of text, the body or a footnote: finished items, the
/// paragraph being read, and the table being built.
final class RTFStory {
    let label: String?
    /// The author of a comment.
    let author: String?
    @exclusivity(unchecked)
    var items: [FlowItem] = []
    @exclusivity(unchecked)
    private(set) var pieces: [RTFPiece] = []
    /// Counts finished paragraphs, so a field can tell whether its result
    /// is still in the paragraph where it began.
    @exclusivity(unchecked)
    private(set) var paragraphSerial = 0
    @exclusivity(unchecked)
    var table = RTFTableBuilder()
    /// Paragraph properties when text was last added: `\par` may come
    /// after the group that set them has closed.
    @exclusivity(unchecked)
    private(set) var lastTextParagraph: FlowParagraphFormat?
    /// Set where a field result begins, so its text stays a piece apart.
    @exclusivity(unchecked)
    private var startsNewPiece = false

    init(label: String? = nil, author: String? = nil) {
        self.label = label
        self.author = author
    }

    var hasContent: Bool { !pieces.isEmpty }

    func appendText(_ text: String, format: RTFCharacterFormat, paragraph: FlowParagraphFormat) {
        lastTextParagraph = paragraph
        if !startsNewPiece, case .text(_, let last)? = pieces.last, last == format, case .text(var joined, _) = pieces.removeLast() {
            joined += text
            pieces.append(.text(joined, format))
        } else {
            pieces.append(.text(text, format))
        }
        startsNewPiece = false
    }

    /// The position where a field result starts.
    func markFieldStart() -> (serial: Int, index: Int) {
        startsNewPiece = true
        return (paragraphSerial, pieces.count)
    }

    func append(_ piece: RTFPiece) {
        pieces.append(piece)
        startsNewPiece = false
    }

    /// The paragraph's pieces; the next paragraph starts empty.
    func takePieces() -> [RTFPiece] {
        defer {
            pieces = []
            paragraphSerial += 1
            lastTextParagraph = nil
        }
        return pieces
    }

    /// Wraps the pieces from `start` on in a link, if the paragraph is
    /// still the one numbered `serial`.
    func wrapLink(to destination: String, from start: Int, serial: Int) {
        guard serial == paragraphSerial, start <= pieces.count else { return }
        let content = Array(pieces[start...])
        guard !content.isEmpty else { return }
        pieces.removeSubrange(start...)
        pieces.append(.link(destination, content))
    }
}
