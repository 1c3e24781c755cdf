/// What a Word paragraph being read has gathered so far: its style, its
/// inline content, the blocks that follow it, and the open elements whose
/// end closes something (a run, a link, a drawing, a deletion).
struct WordParagraphDraft {
    /// What the end of an element opened inside the paragraph closes.
    enum CloseAction {
        case run
        case link
        case drawing
        case deletion
    }

    var styleID: String?
    var directNumbering: (id: String?, level: Int?)?
    var headingLevel: Int?
    var builder = WordInlineBuilder()
    /// Blocks read inside the paragraph (text boxes, display math,
    /// charts) that follow it in reading order.
    var trailing: [FlowItem] = []
    var closers: [(depth: Int, action: CloseAction)] = []
    var runProperties = WordRunProperties()
    var runFormat: WordRunFormat
    var deletionDepth = 0
    var drawingAlt: String?
    var drawingImage: String?
    var objectTitle: String?
    var linkDepth = 0

    init(runFormat: WordRunFormat) {
        self.runFormat = runFormat
    }

    /// The format text takes now: a heading's bold comes from its style,
    /// so it is not repeated; shown deletions are struck through.
    var currentFormat: WordRunFormat {
        var format = runFormat
        if headingLevel != nil { format.bold = false }
        if deletionDepth > 0 { format.strikethrough = true }
        return format
    }
}
