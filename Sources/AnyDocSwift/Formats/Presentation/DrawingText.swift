/// Turns DrawingML text (`a:p` with its runs, fields, breaks and
/// equations) into inlines.
struct DrawingText {
    /// Relationships of the part the text sits in, for hyperlinks.
    let relationships: [String: Relationship]

    private let a = PPTXNamespace.drawing

    /// The paragraphs of a text body element (`p:txBody`, `a:txBody`).
    func paragraphs(inBody body: XMLElement) -> [DrawingParagraph] {
        body.elements("p", in: a).map(paragraph)
    }

    func paragraph(_ element: XMLElement) -> DrawingParagraph {
        var level = 0
        var bullet: BulletStyle?
        if let properties = element.firstElement("pPr", in: a) {
            level = properties.attribute("lvl").flatMap { Int($0) }.map { min(max($0, 0), 8) } ?? 0
            bullet = ListLevels.bullet(in: properties)
        }
        var pieces: [Piece] = []
        collect(element.children, into: &pieces)
        let meaningful = pieces.filter { !Self.isBlank($0.inline) }
        if !meaningful.isEmpty, meaningful.allSatisfy({ $0.isDisplayMath }) {
            let latex = meaningful.map { $0.inline.plainText }.joined(separator: "\n")
            return DrawingParagraph(content: [], level: level, bullet: bullet, displayMath: latex)
        }
        return DrawingParagraph(content: InlineTrimming.trimmed(Self.linking(pieces)), level: level, bullet: bullet)
    }

    /// The text of a paragraph list on one line, as a title wants it.
    static func plainLine(_ paragraphs: [DrawingParagraph]) -> String {
        let parts = paragraphs.map { paragraph in
            (paragraph.displayMath ?? paragraph.content.plainText)
                .split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" })
                .joined(separator: " ")
                .trimmingSpaces()
        }
        return parts.filter { !$0.isEmpty }.joined(separator: " ")
    }

    // MARK: - Runs

    /// The character formatting Markdown can show.
    private struct RunFormat: Equatable {
        var bold = false
        var italic = false
        var strikethrough = false
        /// Positive for superscript, negative for subscript.
        var baseline = 0
    }

    private struct Piece {
        var inline: Inline
        var link: String?
        var isDisplayMath = false
        /// Set for plain run text, which merges with a neighbour formatted alike.
        var format: RunFormat?
    }

    private func collect(_ children: [XMLElement.Child], into pieces: inout [Piece]) {
        for child in children {
            guard case .element(let element) = child else { continue }
            switch (element.namespace, element.name) {
            case (a, "r"), (a, "fld"):
                appendRun(element, to: &pieces)
            case (a, "br"):
                pieces.append(Piece(inline: .lineBreak, link: nil))
            case (PPTXNamespace.drawing2010, "m"):
                for math in element.elements(in: PPTXNamespace.math) {
                    let latex = OMMLConverter.latex(math)
                    guard !latex.isEmpty else { continue }
                    pieces.append(Piece(inline: .math(latex), link: nil, isDisplayMath: math.name == "oMathPara"))
                }
            case (PPTXNamespace.markupCompatibility, "AlternateContent"):
                if let branch = Self.preferredBranch(of: element) { collect(branch.children, into: &pieces) }
            default:
                break
            }
        }
    }

    private func appendRun(_ run: XMLElement, to pieces: inout [Piece]) {
        var text = ""
        for t in run.elements("t", in: a) { text += t.textContent }
        guard !text.isEmpty else { return }
        var format = RunFormat()
        var link: String?
        if let properties = run.firstElement("rPr", in: a) {
            format.bold = Self.isOn(properties.attribute("b"))
            format.italic = Self.isOn(properties.attribute("i"))
            format.strikethrough = (properties.attribute("strike") ?? "noStrike") != "noStrike"
            format.baseline = (properties.attribute("baseline").flatMap { Int($0) } ?? 0).signum()
            link = properties.firstElement("hlinkClick", in: a).flatMap(destination)
            if let font = properties.firstElement("sym", in: a)?.attribute("typeface") {
                text = Self.mappingSymbols(text, font: font)
            }
        }
        if let last = pieces.last, let lastFormat = last.format, lastFormat == format, last.link == link,
           case .text(let previous) = last.inline {
            pieces[pieces.count - 1].inline = .text(previous + text)
        } else {
            pieces.append(Piece(inline: .text(text), link: link, format: format))
        }
    }

    /// Symbol fonts put their glyphs in the private-use area (F020–F0FF);
    /// those become the characters they look like.
    private static func mappingSymbols(_ text: String, font: String) -> String {
        guard text.unicodeScalars.contains(where: { (0xF020...0xF0FF).contains($0.value) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if (0xF020...0xF0FF).contains(scalar.value),
               let mapped = WordSymbols.text(font: font, code: String(scalar.value, radix: 16)) {
                result += mapped
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func formatted(_ piece: Piece) -> Inline {
        guard let format = piece.format else { return piece.inline }
        var inline = piece.inline
        if format.baseline != 0 { inline = format.baseline > 0 ? .superscript([inline]) : .subscript([inline]) }
        if format.strikethrough { inline = .strikethrough([inline]) }
        if format.italic { inline = .emphasis([inline]) }
        if format.bold { inline = .strong([inline]) }
        return inline
    }

    /// Where a hyperlink goes: outside addresses only. Jumps between
    /// slides, macros and programs have no place in a Markdown document,
    /// and a link to a file is kept only when it is a URL.
    private func destination(_ hyperlink: XMLElement) -> String? {
        guard let id = hyperlink.attribute("id", namespace: PPTXNamespace.relationships), !id.isEmpty,
              let relationship = relationships[id], relationship.isExternal, !relationship.target.isEmpty else { return nil }
        let target = relationship.target
        switch hyperlink.attribute("action") ?? "" {
        case "":
            return target
        case let action where action.hasPrefix("ppaction://hlinkfile") || action.hasPrefix("ppaction://hlinkpres"):
            return target.containsUTF8("://") || target.lowercased().hasPrefix("mailto:") ? target : nil
        default:
            return nil
        }
    }

    private static func isOn(_ value: String?) -> Bool {
        value == "1" || value == "true"
    }

    /// Runs in a row that share a link become one link.
    private static func linking(_ pieces: [Piece]) -> [Inline] {
        LinkedRuns.inlines(pieces, link: { $0.link }, inline: formatted)
    }

    private static func isBlank(_ inline: Inline) -> Bool {
        switch inline {
        case .lineBreak: return true
        case .text(let text): return text.allSatisfy(InlineTrimming.isSpace)
        default: return false
        }
    }

    // MARK: - Markup compatibility

    /// The branch of an `mc:AlternateContent` to read: the first choice
    /// that holds any text, else the fallback, else the first choice. Only
    /// one branch is ever read, so nothing appears twice.
    static func preferredBranch(of element: XMLElement) -> XMLElement? {
        let choices = element.elements("Choice", in: PPTXNamespace.markupCompatibility)
        if let withText = choices.first(where: hasText) { return withText }
        return element.firstElement("Fallback", in: PPTXNamespace.markupCompatibility) ?? choices.first
    }

    private static func hasText(_ element: XMLElement) -> Bool {
        for child in element.children {
            guard case .element(let inner) = child else { continue }
            if inner.name == "t", inner.namespace == PPTXNamespace.drawing || inner.namespace == PPTXNamespace.math,
               !inner.textContent.allSatisfy(InlineTrimming.isSpace) {
                return true
            }
            if hasText(inner) { return true }
        }
        return false
    }
}
