/// Puts a slide's shapes in reading order and turns them into blocks, the
/// way PPTX slides are read.
///
/// The first title placeholder with text becomes the slide's title and
/// is not repeated. Then come the other placeholders, the subtitle first
/// and the rest by their layout position; then every other shape by
/// position, top to bottom and, within a row, left to right, groups
/// kept together; footer, header and date placeholders go apart.
/// Placeholders point at their text in the slide list; any text of the
/// list no shape points at is read too, placed by its text type, so
/// nothing is read twice and nothing is lost.
struct PPTSlideComposer {
    /// The page's texts in the slide list, in order.
    let listedTexts: [PPTTextBody]
    /// Charged with the cells of every table.
    let countCells: (Int) throws(ConversionError) -> Void

    struct Composition {
        var title: String?
        var blocks: [Block]
        /// Footer, header and date text, kept apart so a deck's repeated
        /// footer can be shown once.
        var footer: [Block]
    }

    private enum Role { case title, subtitle, body, footer, hidden, other }

    func compose(_ shapes: consuming [PPTShape]) throws(ConversionError) -> Composition {
        let shapes = resolved(shapes)
        var roles: [Role] = []
        roles.reserveCapacity(shapes.count)
        for shape in shapes { roles.append(Self.role(of: shape)) }
        var title: String?
        var titleIndex = -1
        for index in shapes.indices where roles[index] == .title {
            let text = Self.titleText(shapes[index])
            guard !text.isEmpty else { continue }
            title = text
            titleIndex = index
            break
        }
        var placeholders: [Int] = []
        for index in shapes.indices where index != titleIndex {
            switch roles[index] {
            case .title, .subtitle, .body: placeholders.append(index)
            default: break
            }
        }
        // The original position in the key keeps the sort stable.
        func key(_ index: Int) -> (Int, Int, Int) {
            (roles[index] == .subtitle ? 0 : 1, shapes[index].placeholderPosition, index)
        }
        placeholders.sort { key($0) < key($1) }
        var blocks: [Block] = []
        for index in placeholders { blocks += try self.blocks(for: shapes[index]) }
        var others: [SlideShape] = []
        for index in shapes.indices where roles[index] == .other { others.append(try slideShape(shapes[index])) }
        blocks += Self.flatten(SlideComposer.byPosition(others))
        var footer: [Block] = []
        for index in shapes.indices where roles[index] == .footer { footer += try self.blocks(for: shapes[index]) }
        return Composition(title: title, blocks: blocks, footer: footer)
    }

    /// A notes page's text: its notes placeholder, and text boxes holding
    /// notes text. Only bullets the text sets itself are lists.
    func notes(_ shapes: consuming [PPTShape]) -> [Block] {
        var blocks: [Block] = []
        func collect(_ shapes: [PPTShape]) {
            for shape in shapes {
                switch shape.content {
                case .group(let children):
                    collect(children)
                case .text(let text):
                    let isNotes = shape.placeholder.map(PPTPlaceholder.isNotesBody) ?? (text.type == PPTTextType.notes)
                    if isNotes { blocks += ParagraphGrouper.blocks(text.paragraphs()) { $0.bullet ?? .none } }
                default:
                    break
                }
            }
        }
        collect(resolved(shapes))
        return blocks
    }

    // MARK: - Texts

    /// The shapes with references into the slide list replaced by the
    /// texts they name, followed by the listed texts nothing names and
    /// no text box repeats (some writers keep both copies). The shapes
    /// are changed in place.
    private func resolved(_ shapes: consuming [PPTShape]) -> [PPTShape] {
        var result = shapes
        // Most slides use every listed text: the inline texts are hashed
        // only when not, which a first look at the references tells.
        var used = [Bool](repeating: false, count: listedTexts.count)
        markUsed(result, used: &used)
        var inline: Set<[UInt16]>?
        if used.contains(false) { inline = [] }
        used = [Bool](repeating: false, count: listedTexts.count)
        for index in result.indices { resolve(&result[index], used: &used, inline: &inline) }
        guard let inline else { return result }
        for (index, text) in listedTexts.enumerated() where !used[index] && !inline.contains(text.units) {
            result.append(PPTShape(content: .text(text)))
        }
        return result
    }

    /// Marks the listed texts the shapes' references name, as `resolve` will.
    private func markUsed(_ shapes: [PPTShape], used: inout [Bool]) {
        for index in shapes.indices {
            switch shapes[index].content {
            case .listedText(let text):
                if listedTexts.indices.contains(text) { used[text] = true }
            case .group(let children):
                markUsed(children, used: &used)
            default:
                break
            }
        }
    }

    /// Replaces the shape's references (each listed text once, in order)
    /// and gathers the texts it holds itself into `inline`, when asked.
    private func resolve(_ shape: inout PPTShape, used: inout [Bool], inline: inout Set<[UInt16]>?) {
        switch shape.content {
        case .listedText(let index):
            if listedTexts.indices.contains(index), !used[index] {
                used[index] = true
                shape.content = .text(listedTexts[index])
            } else {
                shape.content = .none
            }
        case .text(let text):
            inline?.insert(text.units)
        case .group(var children):
            shape.content = .none
            for index in children.indices { resolve(&children[index], used: &used, inline: &inline) }
            shape.content = .group(children)
        default:
            break
        }
    }

    private static func role(of shape: PPTShape) -> Role {
        if let placement = shape.placeholder {
            switch PPTPlaceholder.role(placement) {
            case .title: return .title
            case .subtitle: return .subtitle
            case .body: return .body
            case .footer: return .footer
            case .hidden: return .hidden
            }
        }
        guard case .text(let text) = shape.content else { return .other }
        switch text.type {
        case PPTTextType.title, PPTTextType.centerTitle: return .title
        case PPTTextType.centerBody: return .subtitle
        case PPTTextType.body, PPTTextType.halfBody, PPTTextType.quarterBody: return .body
        default: return .other
        }
    }

    private static func titleText(_ shape: PPTShape) -> String {
        guard case .text(let text) = shape.content else { return "" }
        return text.plainLine
    }

    // MARK: - Blocks

    private func blocks(for shape: PPTShape) throws(ConversionError) -> [Block] {
        switch shape.content {
        case .text(let text):
            return ParagraphGrouper.blocks(text.paragraphs(inherited: Self.inheritedBullet(text.type))) { $0.bullet ?? .none }
        case .table(let cells):
            return try PPTTableBuilder.table(cells, countCells: countCells).map { [.table($0)] } ?? []
        case .group(let children):
            return Self.flatten(SlideComposer.byPosition(try children.map { child throws(ConversionError) in try slideShape(child) }))
        case .listedText, .none:
            return []
        }
    }

    /// Body placeholders show bullets unless the text turns them off, as
    /// the default master's body style has them; other text has none.
    private static func inheritedBullet(_ textType: UInt32) -> BulletStyle {
        switch textType {
        case PPTTextType.body, PPTTextType.halfBody, PPTTextType.quarterBody: return .symbol
        default: return .none
        }
    }

    /// The shape as the PPTX reading order sorts them: its blocks at its
    /// position in EMU (a master unit is 1/576 inch, 1587.5 EMU), groups
    /// with their members.
    private func slideShape(_ shape: PPTShape) throws(ConversionError) -> SlideShape {
        let position = shape.anchor.map { SlidePosition(x: Int64($0.left) * 3175 / 2, y: Int64($0.top) * 3175 / 2) }
        if case .group(let children) = shape.content {
            let members = try children.map { child throws(ConversionError) in try slideShape(child) }
            return SlideShape(placeholder: nil, position: position, content: .group(members))
        }
        return SlideShape(placeholder: nil, position: position, content: .blocks(try blocks(for: shape)))
    }

    private static func flatten(_ shapes: [SlideShape]) -> [Block] {
        shapes.flatMap { shape -> [Block] in
            switch shape.content {
            case .blocks(let blocks): return blocks
            case .group(let children): return flatten(SlideComposer.byPosition(children))
            case .text: return []
            }
        }
    }
}
