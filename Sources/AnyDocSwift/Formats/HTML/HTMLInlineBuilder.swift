/// Collects the inline content of the block being read (a paragraph, a
/// heading, a cell's text) while formatting elements open and close.
///
/// Whitespace collapses as a browser collapses it in normal flow: runs of
/// spaces, tabs and line breaks become one space, and spaces at the edges of
/// a line disappear. A space is held back until visible content follows, so
/// it lands between the right neighbours (`<b>a </b>b` → `**a** b`) and
/// never trails a block. No-break spaces are content and stay.
///
/// Open formatting survives block boundaries: when a paragraph ends inside
/// `<b>` or `<a>`, the next block's text is wrapped in the same spans again,
/// so `<a href><h2>Title</h2></a>` keeps both the heading and the link.
struct HTMLInlineBuilder {
    enum FrameKind: Equatable {
        case root
        case emphasis, strong, strikethrough, superscript, `subscript`
        case code
        case link(String)
        /// `<q>`: its text between quotation marks.
        case quote
    }

    private struct Frame {
        var kind: FrameKind
        var children: [Inline] = []
        /// Text after the last child, not yet made into an `Inline.text`
        /// (all of a code span's text). Kept per frame so that an empty
        /// span between two runs of text never splits them.
        var buffer: [UInt8] = []

        var isEmpty: Bool { children.isEmpty && buffer.isEmpty }
    }

    private var frames: [Frame] = [Frame(kind: .root)]
    private var atLineStart = true
    private var pendingSpace = false
    /// Where the last line break went, while nothing visible has followed it.
    private var lastBreak: (frame: Int, child: Int)?
    /// True once anything a reader would see has been added.
    private(set) var hasContent = false

    var isInCode: Bool { frames[frames.count - 1].kind == .code }
    var isInLink: Bool { frames.contains { if case .link = $0.kind { return true } else { return false } } }
    var depth: Int { frames.count - 1 }

    // MARK: - Formatting

    mutating func push(_ kind: FrameKind) {
        frames.append(Frame(kind: kind))
        lastBreak = nil
    }

    /// Closes the innermost frame, putting its content into the one around it.
    mutating func pop() {
        guard frames.count > 1 else { return }
        let wrapped = Self.wrap(frames.removeLast())
        append(wrapped, to: frames.count - 1)
        lastBreak = nil
    }

    // MARK: - Content

    /// Adds text from the document, collapsing whitespace and dropping the
    /// invisible soft hyphen, zero-width space and zero-width no-break space.
    mutating func appendText(_ bytes: [UInt8]) {
        let count = bytes.count
        var index = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D:
                if !atLineStart { pendingSpace = true }
                index += 1
                continue
            case 0xC2 where index + 1 < count && bytes[index + 1] == 0xAD:
                index += 2
                continue
            case 0xE2 where index + 2 < count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0x8B,
                 0xEF where index + 2 < count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
                continue
            default:
                break
            }
            // Everything up to the next byte that may need the cases
            // above goes in at once, single spaces between words included:
            // after the first word the space would go right after it anyway.
            var end = index + 1
            while end < count {
                if Self.isPlainTextByte(bytes[end]) {
                    end += 1
                } else if bytes[end] == 0x20, end + 1 < count, Self.isPlainTextByte(bytes[end + 1]) {
                    end += 2
                } else {
                    break
                }
            }
            if pendingSpace { emitSpace() }
            frames[frames.count - 1].buffer.append(contentsOf: bytes[index..<end])
            atLineStart = false
            hasContent = true
            lastBreak = nil
            index = end
        }
    }

    /// A byte that goes into the text as it is: no whitespace, and no lead
    /// byte of a character that may be dropped.
    private static func isPlainTextByte(_ byte: UInt8) -> Bool {
        // Printable ASCII and most continuation bytes, in one range test.
        if byte > 0x20 && byte < 0xC2 { return true }
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D, 0xC2, 0xE2, 0xEF: return false
        default: return true
        }
    }

    /// Adds text exactly as given (generated text such as quotation marks).
    mutating func appendLiteral(_ text: String) {
        guard !text.isEmpty else { return }
        if pendingSpace { emitSpace() }
        frames[frames.count - 1].buffer.append(contentsOf: text.utf8)
        atLineStart = false
        hasContent = true
        lastBreak = nil
    }

    /// Adds an image or other visible inline that is not text.
    mutating func appendAtom(_ inline: Inline) {
        if pendingSpace { emitSpace() }
        append([inline], to: frames.count - 1)
        atLineStart = false
        hasContent = true
        lastBreak = nil
    }

    /// Adds a link target, which takes no room on the line.
    mutating func appendAnchor(_ id: String) {
        // Before a pending space, the target would sit at the end of the previous word.
        if pendingSpace { emitSpace() }
        append([.anchor(id)], to: frames.count - 1)
    }

    /// Adds a `<br>`. Returns true when it is the second break in a row,
    /// which reads as a paragraph break: the first one is then taken back
    /// and the caller ends the paragraph.
    mutating func appendLineBreak() -> Bool {
        pendingSpace = false
        if let last = lastBreak {
            let top = frames.count - 1
            if last.frame == top, frames[top].buffer.isEmpty, last.child == frames[top].children.count - 1 {
                frames[top].children.removeLast()
            }
            lastBreak = nil
            return true
        }
        guard hasContent else { return false }  // a break before any text shows as nothing
        if isInCode {
            frames[frames.count - 1].buffer.append(0x20)
            return false
        }
        append([.lineBreak], to: frames.count - 1)
        lastBreak = (frames.count - 1, frames[frames.count - 1].children.count - 1)
        atLineStart = true
        return false
    }

    /// Ends the current block: returns its content, with every open span
    /// closed around it, and leaves those spans open, empty, for the next
    /// block.
    mutating func finishBlock() -> [Inline] {
        for index in stride(from: frames.count - 1, to: 0, by: -1) {
            let wrapped = Self.wrap(frames[index])
            frames[index].children = []
            frames[index].buffer = []
            append(wrapped, to: index - 1)
        }
        Self.flush(&frames[0])
        var content = frames[0].children
        frames[0].children = []
        Self.trimTrailingBreaks(&content)
        atLineStart = true
        pendingSpace = false
        lastBreak = nil
        hasContent = false
        return content
    }

    // MARK: - Helpers

    /// The pending space goes into the innermost frame that already has
    /// content, so that spans and links never start with a space.
    private mutating func emitSpace() {
        pendingSpace = false
        var target = frames.count - 1
        while target > 0, frames[target].isEmpty { target -= 1 }
        frames[target].buffer.append(0x20)
    }

    /// Appends inlines to a frame, after its pending text. Text goes into
    /// the pending text, so neighbouring text is always one inline.
    private mutating func append(_ inlines: [Inline], to index: Int) {
        for inline in inlines {
            if case .text(let text) = inline {
                frames[index].buffer.append(contentsOf: text.utf8)
            } else {
                Self.flush(&frames[index])
                frames[index].children.append(inline)
            }
        }
    }

    /// Turns a frame's pending text into an inline.
    private static func flush(_ frame: inout Frame) {
        guard !frame.buffer.isEmpty, frame.kind != .code else { return }
        frame.children.append(.text(String(decoding: frame.buffer, as: UTF8.self)))
        frame.buffer.removeAll(keepingCapacity: true)
    }

    private static func wrap(_ frame: Frame) -> [Inline] {
        var frame = frame
        if frame.kind == .code {
            return frame.buffer.isEmpty ? [] : [.code(String(decoding: frame.buffer, as: UTF8.self))]
        }
        flush(&frame)
        switch frame.kind {
        case .root, .code: return frame.children
        case .quote:
            return frame.children.isEmpty ? [] : [.text("\"")] + frame.children + [.text("\"")]
        default: break
        }
        guard !frame.children.isEmpty else { return [] }
        switch frame.kind {
        case .emphasis: return [.emphasis(frame.children)]
        case .strong: return [.strong(frame.children)]
        case .strikethrough: return [.strikethrough(frame.children)]
        case .superscript: return [.superscript(frame.children)]
        case .subscript: return [.subscript(frame.children)]
        case .link(let destination):
            // A link with nothing to click on (only anchors or spaces) is dropped.
            guard frame.children.contains(where: Self.isVisible) else { return frame.children }
            if destination.hasPrefix("#"), Self.isSkipLink(frame.children) { return [] }
            return [.link(Link(destination: destination, content: frame.children))]
        case .root, .code, .quote: return frame.children
        }
    }

    /// True when the inline shows something to a reader.
    static func isVisible(_ inline: Inline) -> Bool {
        switch inline {
        case .anchor, .lineBreak: return false
        case .image: return true
        case .text(let text):
            return text.unicodeScalars.contains { !($0 == " " || $0 == "\u{A0}" || $0 == "\t" || $0 == "\n") }
        case .emphasis(let content), .strong(let content), .strikethrough(let content),
             .superscript(let content), .subscript(let content):
            return content.contains(where: isVisible)
        case .link(let link): return link.content.contains(where: isVisible)
        case .code(let text), .math(let text): return !text.isEmpty
        case .footnoteReference: return true
        }
    }

    /// "Skip to content" and "Jump to navigation" links exist for keyboard
    /// users of the page, not for readers of its text.
    private static func isSkipLink(_ content: [Inline]) -> Bool {
        let text = content.plainText.lowercased()
        return text.hasPrefix("skip to ") || text.hasPrefix("jump to ") || text.hasPrefix("skip navigation")
    }

    /// A break at the end of a block shows as nothing.
    private static func trimTrailingBreaks(_ content: inout [Inline]) {
        while let last = content.last {
            switch last {
            case .lineBreak:
                content.removeLast()
                continue
            case .emphasis(var inner):
                trimTrailingBreaks(&inner); content[content.count - 1] = .emphasis(inner)
            case .strong(var inner):
                trimTrailingBreaks(&inner); content[content.count - 1] = .strong(inner)
            case .strikethrough(var inner):
                trimTrailingBreaks(&inner); content[content.count - 1] = .strikethrough(inner)
            case .link(var link):
                trimTrailingBreaks(&link.content); content[content.count - 1] = .link(link)
            default:
                break
            }
            return
        }
    }
}
