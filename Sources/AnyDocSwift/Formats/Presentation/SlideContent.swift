/// One slide, read: its title, its blocks in reading order and its
/// speaker notes.
struct SlideContent {
    var title: String?
    var isHidden: Bool
    var blocks: [Block]
    var footer: [Block]
    var notes: [Block]
    /// What was skipped without failing the slide.
    var warnings: [String] = []
    /// Text the slide shows from its layout and master, not shown before
    /// in the deck (see `LayoutShapeText`).
    var inherited: [Block] = []
}
