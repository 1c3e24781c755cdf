/// Builds the shared model from `HTMLParser` events, writing finished
/// top-level blocks into a sink as soon as they are complete.
///
/// Every element start pushes one `Action` saying what its end must undo,
/// so the builder keeps no tree: memory follows the open elements plus the
/// block being built.
final class HTMLDocumentBuilder: HTMLParserDelegate {
    /// The kind of block the inline content being read will become.
    enum Leaf: Equatable {
        case paragraph
        case heading(level: Int, anchor: String?)
        /// `<dt>`: a definition list's term.
        case term
        case caption
    }

    final class BlockBox {
        enum Kind {
            case root
            case quote
            case item
            case cell(isHeader: Bool, columnSpan: Int, rowSpan: Int)
            /// Boilerplate or hidden content, kept only if it turns out to
            /// hold the main content. `visible` content may stand in for an
            /// otherwise empty page.
            case quarantine(visible: Bool)
        }

        let kind: Kind
        @exclusivity(unchecked)
        var blocks: [Block] = []
        @exclusivity(unchecked)
        var checkbox: ListItem.Checkbox?
        @exclusivity(unchecked)
        var keep = false

        init(_ kind: Kind) { self.kind = kind }
    }

    final class ListBox {
        let ordered: Bool
        let start: Int
        @exclusivity(unchecked)
        var items: [ListItem] = []

        init(ordered: Bool, start: Int) {
            self.ordered = ordered
            self.start = start
        }
    }

    /// A `<dl>`: each term with the blocks of its definitions.
    final class DefinitionListBox {
        @exclusivity(unchecked)
        var entries: [(term: [Inline]?, blocks: [Block])] = []
    }

    enum Container {
        case blocks(BlockBox)
        case list(ListBox)
        case definitions(DefinitionListBox)
        case table(HTMLTableBuilder)
    }

    /// What an element's end tag undoes.
    struct Action {
        var popFrame = false
        var endsPreformatted = false
        /// A paragraph-like element: its content ends, then reading goes on as before.
        var restoreLeaf: Leaf?
        var endsBlock = false
        var endsRow = false
        var endsRowGroup = false
        var popContainer = false
        var popQuarantine = false
        var sectioning = false
        var restoreLanguage: String??
        var endsHead = false
    }

    /// An element read for its text alone: `<title>`, `<math>`.
    struct Capture {
        enum Kind { case title, math(display: Bool, alternative: String?) }
        var kind: Kind
        var depth = 0
        var text = ""
        var tex = ""
        var texDepth: Int?
    }

    struct Preformatted {
        var text: [UInt8] = []
        var language: String?
    }

    let sink: DocumentSink
    let context: HTMLReadingContext
    @exclusivity(unchecked)
    var metadata = Metadata(sourceFormat: .html)
    @exclusivity(unchecked)
    var metadataSent = false
    @exclusivity(unchecked)
    var sawLanguage = false

    @exclusivity(unchecked)
    var inline = HTMLInlineBuilder()
    @exclusivity(unchecked)
    var leaf: Leaf = .paragraph
    @exclusivity(unchecked)
    var containers: [Container] = [.blocks(BlockBox(.root))]
    @exclusivity(unchecked)
    var actions: [Action] = []

    /// Depth inside an element whose content is ignored.
    @exclusivity(unchecked)
    var skipping = 0
    @exclusivity(unchecked)
    var capture: Capture?
    @exclusivity(unchecked)
    var preformatted: Preformatted?
    @exclusivity(unchecked)
    var inHead = false
    /// Open `<article>`, `<section>`, `<main>` and the like.
    @exclusivity(unchecked)
    var sectioningDepth = 0
    /// A code language named by an ancestor's class (`highlight-python`).
    @exclusivity(unchecked)
    var languageHint: String?
    /// Link targets from blocks with no visible content, given to the next block.
    @exclusivity(unchecked)
    var carriedAnchors: [String] = []
    @exclusivity(unchecked)
    var emittedBlocks = 0
    @exclusivity(unchecked)
    var fallbackBlocks: [Block] = []

    init(sink: DocumentSink, context: HTMLReadingContext) {
        self.sink = sink
        self.context = context
    }

    // MARK: - Parser events

    func startElement(_ tag: HTMLTag, attributes: HTMLAttributes) throws(ConversionError) {
        if skipping > 0 {
            skipping += 1
            return
        }
        if capture != nil {
            startInCapture(tag, attributes)
            return
        }
        if preformatted != nil {
            startInPreformatted(tag, attributes)
            return
        }
        if let action = try begin(tag, attributes) { actions.append(action) }
    }

    /// Acts on an element's start; nil when the element and its content
    /// are skipped (its end then only closes the skip).
    private func begin(_ tag: HTMLTag, _ attributes: HTMLAttributes) throws(ConversionError) -> Action? {
        var action = Action()
        if beginDocumentElement(tag, attributes, &action) { return action }

        let kind = HTMLElements.kind(of: tag)
        switch kind {
        case .skipped:
            skipping = 1
            return nil
        case .input:
            checkbox(attributes)
            skipping = 1
            return nil
        case .math:
            try startMath(attributes)
            return action
        default:
            break
        }

        let role = attributes["role"]?.lowercased()
        guard try enterBlockContext(tag, kind, attributes, role: role, &action) else { return nil }
        try beginContent(tag, kind, attributes, role: role, &action)
        if context.keepsElementIDs, kind != .link, let id = attributes["id"], !id.isEmpty {
            if case .heading = kind {} else { inline.appendAnchor(id) }
        }
        return action
    }

    /// The document's own elements (`html`, `head`, `body`, `title`,
    /// `meta`) and anything else inside the head. True when that is all
    /// the element's start does.
    private func beginDocumentElement(_ tag: HTMLTag, _ attributes: HTMLAttributes, _ action: inout Action) -> Bool {
        switch tag {
        case .html:
            if !sawLanguage, let language = attributes["lang"] ?? attributes["xml:lang"] {
                sawLanguage = true
                let trimmed = HTMLText.collapsed(language)
                if !trimmed.isEmpty { metadata.language = trimmed }
            }
            return true
        case .head:
            inHead = true
            action.endsHead = true
            return true
        case .body:
            inHead = false
            sendMetadata()
            return true
        case .title:
            guard metadata.title == nil, inHead || (emittedBlocks == 0 && !inline.hasContent) else { return false }
            capture = Capture(kind: .title)
            return true  // popped when the capture ends
        case .meta:
            readMeta(attributes)
            return true
        default:
            return inHead
        }
    }

    /// What an element says about the content inside it: hidden or
    /// boilerplate (quarantined), sectioning, a code language, a heading's
    /// anchor. False when the element and its content are skipped.
    private func enterBlockContext(
        _ tag: HTMLTag, _ kind: HTMLElements.Kind, _ attributes: HTMLAttributes, role: String?, _ action: inout Action
    ) throws(ConversionError) -> Bool {
        if tag == .main || tag == .article || role == "main" { keepQuarantinedContent() }
        let classes = attributes["class"].map(HTMLClassList.init) ?? HTMLClassList()
        let hidden = Self.isHidden(attributes, classes: classes)
        let boilerplate = !hidden && context.dropsBoilerplate && isBoilerplate(tag, role: role, classes: classes)
        if hidden || boilerplate {
            guard HTMLElements.isBlockLevel(kind) else {
                skipping = 1
                return false
            }
            try flushLeaf()
            containers.append(.blocks(BlockBox(.quarantine(visible: boilerplate))))
            action.popQuarantine = true
        }
        if kind == .block || kind == .blockQuote, HTMLElements.isSectioning(tag) {
            sectioningDepth += 1
            action.sectioning = true
        }
        if kind == .block, let classes = attributes["class"], let language = HTMLElements.codeLanguage(fromClass: classes) {
            action.restoreLanguage = .some(languageHint)
            languageHint = language
        }
        if let id = attributes["id"], !id.isEmpty, case .heading(let level, nil) = leaf {
            leaf = .heading(level: level, anchor: id)
        }
        return true
    }

    /// Starts what the element's kind makes: a leaf block, a container,
    /// an inline span or a break.
    private func beginContent(
        _ tag: HTMLTag, _ kind: HTMLElements.Kind, _ attributes: HTMLAttributes, role: String?, _ action: inout Action
    ) throws(ConversionError) {
        switch kind {
        case .heading(let level):
            try beginLeaf(.heading(level: level, anchor: attributes["id"].flatMap { $0.isEmpty ? nil : $0 }), &action)
        case .paragraph:
            try beginLeaf(.paragraph, &action)
        case .term:
            try beginLeaf(.term, &action)
        case .preformatted:
            try flushLeaf()
            preformatted = Preformatted(language: attributes["class"].flatMap(HTMLElements.codeLanguage(fromClass:))
                ?? attributes["data-lang"].map { $0.lowercased() } ?? languageHint)
            action.endsPreformatted = true
        case .lineBreak:
            if inline.appendLineBreak() { try flushLeaf() }
        case .rule:
            try flushLeaf()
            try appendBlock(.thematicBreak)
        case .image:
            image(attributes)
        case .link:
            action.popFrame = link(attributes)
        case .codeSpan:
            if !inline.isInCode {
                inline.push(.code)
                action.popFrame = true
            }
        case .span(let span):
            if !inline.isInCode {
                inline.push(span)
                action.popFrame = true
            }
        case .blockQuote, .list, .definitionList, .listItem, .table:
            try beginContainer(kind, attributes, role: role, &action)
        case .tablePart:
            try flushLeaf()
            beginTablePart(tag, attributes, &action)
        case .block:
            try flushLeaf()
            action.endsBlock = true
        case .skipped, .input, .math, .transparent:
            break
        }
    }

    /// A paragraph-like element: the content before it ends, its own
    /// content becomes `newLeaf`.
    private func beginLeaf(_ newLeaf: Leaf, _ action: inout Action) throws(ConversionError) {
        try flushLeaf()
        action.restoreLeaf = leaf
        leaf = newLeaf
    }

    /// Block quotes, lists, list items and tables: a container the
    /// element's end closes.
    private func beginContainer(
        _ kind: HTMLElements.Kind, _ attributes: HTMLAttributes, role: String?, _ action: inout Action
    ) throws(ConversionError) {
        try flushLeaf()
        switch kind {
        case .blockQuote:
            containers.append(.blocks(BlockBox(.quote)))
        case .list(let ordered):
            containers.append(.list(ListBox(ordered: ordered, start: ordered ? Self.listStart(attributes["start"]) : 1)))
        case .definitionList:
            containers.append(.definitions(DefinitionListBox()))
        case .listItem:
            guard case .list = containers.last else {
                action.endsBlock = true
                return
            }
            containers.append(.blocks(BlockBox(.item)))
        default:
            containers.append(.table(HTMLTableBuilder(isLayout: role == "presentation" || role == "none")))
        }
        action.popContainer = true
    }

    /// A table's caption, row group, row or cell; outside a table it is a
    /// plain block.
    private func beginTablePart(_ tag: HTMLTag, _ attributes: HTMLAttributes, _ action: inout Action) {
        guard case .table(let table) = containers.last else {
            action.endsBlock = true
            return
        }
        switch tag {
        case .caption:
            action.restoreLeaf = leaf
            leaf = .caption
        case .thead, .tbody, .tfoot:
            table.endRow()
            table.section = tag == .thead ? .head : tag == .tfoot ? .foot : .body
            action.endsRowGroup = true
        case .tr:
            table.startRow()
            action.endsRow = true
        default:
            let cell = BlockBox(.cell(
                isHeader: tag == .th,
                columnSpan: HTMLTableBuilder.span(attributes["colspan"], maximum: 1000),
                rowSpan: HTMLTableBuilder.span(attributes["rowspan"], maximum: 65_534)))
            containers.append(.blocks(cell))
            action.popContainer = true
        }
    }

    func endElement() throws(ConversionError) {
        if skipping > 0 {
            skipping -= 1
            return
        }
        if capture != nil {
            if try endInCapture() { _ = actions.popLast() }
            return
        }
        guard let action = actions.popLast() else { return }
        if action.popFrame { inline.pop() }
        if action.endsPreformatted { try finishPreformatted() }
        if let restore = action.restoreLeaf {
            try flushLeaf()
            leaf = restore
        }
        if action.endsBlock { try flushLeaf() }
        if action.endsRow, case .table(let table) = containers.last {
            try flushLeaf()
            table.endRow()
        }
        if action.endsRowGroup, case .table(let table) = containers.last {
            table.endRow()
            table.section = .body
        }
        if action.popContainer { try popContainer() }
        if action.popQuarantine { try popContainer() }
        if action.sectioning { sectioningDepth -= 1 }
        if let restore = action.restoreLanguage { languageHint = restore }
        if action.endsHead { inHead = false }
    }

    func text(_ bytes: [UInt8]) throws(ConversionError) {
        if skipping > 0 { return }
        if capture != nil {
            let text = String(decoding: bytes, as: UTF8.self)
            if capture?.texDepth != nil { capture?.tex += text } else { capture?.text += text }
            return
        }
        if preformatted != nil {
            preformatted?.text.append(contentsOf: bytes)
            return
        }
        if inHead { return }
        inline.appendText(bytes)
    }

    /// Ends the document: closes whatever is still open and sends the rest.
    func finish() throws(ConversionError) {
        capture = nil
        if preformatted != nil { try finishPreformatted() }
        try flushLeaf()
        while containers.count > 1 {
            if case .table(let table) = containers.last { table.endRow() }
            try popContainer()
        }
        if emittedBlocks == 0 {
            for block in fallbackBlocks { try emit(block) }
        }
        sendMetadata(force: true)
    }
}
