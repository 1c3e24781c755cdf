/// What an OpenDocument paragraph being read has gathered: its inlines,
/// the blocks of frames anchored in it, and the open elements whose end
/// restores a format or closes a link.
struct ODFParagraphDraft {
    /// What the end of an element opened inside the paragraph undoes.
    enum Closer {
        case format(ODFTextFormat)
        case link
    }

    var builder: ODFInlineBuilder
    var trailing: [Block] = []
    var closers: [(depth: Int, closer: Closer)] = []

    init(builder: ODFInlineBuilder) {
        self.builder = builder
    }

    /// Undoes what the elements ending at `depth` or deeper opened.
    mutating func close(through depth: Int) {
        while let last = closers.last, last.depth >= depth {
            closers.removeLast()
            switch last.closer {
            case .format(let previous): builder.format = previous
            case .link: builder.endLink()
            }
        }
    }
}
