/// Writes inlines as CommonMark/GFM, escaping a character only where it
/// would otherwise change meaning, so ordinary prose (`3 * 4`,
/// `snake_case`, `C#`) stays as it was written.
///
/// Escapes that depend on the start of a line (`#`, `-`, `1.`, `>`) are
/// applied afterwards by `LineStartEscaper`, once lines are known.
struct InlineRenderer {
    let options: MarkdownOptions
    let assetNames: Set<String>
    let footnotes: FootnoteNumbering

    /// Renders a run of inlines in `context`. Table cells still need their
    /// pipes escaped.
    func render(_ inlines: [Inline], context: InlineContext) -> String {
        let normalized = InlineNormalizer.trimmingEdges(InlineNormalizer.normalize(inlines))
        var scope = InlineScope(context: context)
        scan(normalized, into: &scope)
        var out = ""
        render(normalized, closing: nil, scope: scope, into: &out)
        return out
    }

    private func scan(_ inlines: [Inline], into scope: inout InlineScope) {
        var tildes = 0
        func count(_ text: String) {
            tildes += text.countOfByte(UInt8(ascii: "~"))
        }
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case .math: scope.escapeDollars = true
                case .text(let text): count(text)
                case .image(let image): count(image.altText)
                case .strikethrough(let c): tildes += 2; visit(c)
                case .emphasis(let c), .strong(let c), .superscript(let c), .subscript(let c): visit(c)
                case .link(let link): visit(link.content)
                default: break
                }
            }
        }
        visit(inlines)
        scope.escapeTildes = tildes >= 2
    }

    /// `closing` is the first character written after these inlines: the
    /// closing delimiter of the span around them, or nil at the end.
    private func render(_ inlines: [Inline], closing: Unicode.Scalar?, scope: InlineScope, into out: inout String) {
        for index in inlines.indices {
            let next = index + 1 < inlines.count ? firstScalar(of: inlines[index + 1]) : closing
            render(inlines[index], next: next, isFirst: index == 0, scope: scope, into: &out)
        }
    }

    /// The first character the next inline will write, as far as escaping
    /// needs it: syntax counts as punctuation.
    private func firstScalar(of inline: Inline) -> Unicode.Scalar? {
        switch inline {
        case .text(let text): return text.unicodeScalars.first
        case .lineBreak: return "\n"
        case .emphasis, .strong: return "*"
        case .strikethrough: return "~"
        case .superscript, .subscript, .anchor: return "<"
        case .code: return "`"
        case .math: return "$"
        case .link, .footnoteReference: return "["
        case .image(let image):
            let source = options.source(of: image, assetNames: assetNames)
            return source.isEmpty ? image.altText.singleLine().unicodeScalars.first : "!"
        }
    }

    private func render(_ inline: Inline, next: Unicode.Scalar?, isFirst: Bool, scope: InlineScope, into out: inout String) {
        switch inline {
        case .text(let text):
            TextEscaper.append(text, next: next, scope: scope, into: &out)
        case .emphasis(let content):
            renderSpan(content, delimiter: "*", tag: "em", next: next, isFirst: isFirst, scope: scope, into: &out)
        case .strong(let content):
            renderSpan(content, delimiter: "**", tag: "strong", next: next, isFirst: isFirst, scope: scope, into: &out)
        case .strikethrough(let content):
            renderSpan(content, delimiter: "~~", tag: "del", next: next, isFirst: isFirst, scope: scope, into: &out)
        case .superscript(let content):
            out += "<sup>"; render(content, closing: "<", scope: scope, into: &out); out += "</sup>"
        case .subscript(let content):
            out += "<sub>"; render(content, closing: "<", scope: scope, into: &out); out += "</sub>"
        case .code(let code):
            out += InlineSyntax.codeSpan(code)
        case .math(let tex):
            let flat = tex.singleLine().trimmingSpaces()
            if !flat.isEmpty { out += "$" + flat + "$" }
        case .link(let link):
            renderLink(link, scope: scope, into: &out)
        case .image(let image):
            renderImage(image, next: next, scope: scope, into: &out)
        case .footnoteReference(let label):
            out += "[^\(footnotes.number(for: label))]"
        case .lineBreak:
            switch scope.context {
            case .block: out += "\\\n"
            case .heading: out += " "
            case .tableCell: out += "<br>"
            }
        case .anchor(let id):
            out += "<a id=\"\(HTMLEscaping.attribute(id))\"></a>"
        }
    }

    // MARK: - Emphasis

    /// Writes `*…*`, `**…**` or `~~…~~`, or the HTML tag where the
    /// delimiters would not be read as such: next to punctuation inside a
    /// word (`a<em>(b)</em>c`), or where they would fuse with a
    /// neighbouring span's delimiters into an ambiguous run.
    private func renderSpan(
        _ content: [Inline], delimiter: String, tag: String, next: Unicode.Scalar?, isFirst: Bool,
        scope: InlineScope, into out: inout String
    ) {
        let mark = delimiter.unicodeScalars.first!
        let width = delimiter.unicodeScalars.count
        let start = out.utf8.count
        // Delimiters already at the end belong to enclosing spans opening
        // here (first child) or to a sibling that just closed.
        let (runBefore, before) = Self.trailingRun(of: mark, in: Substring(out))
        if runBefore > 0 && !isFirst || runBefore + width > 3 {
            out += "<\(tag)>"; render(content, closing: "<", scope: scope, into: &out); out += "</\(tag)>"
            return
        }
        out += delimiter
        render(content, closing: mark, scope: scope, into: &out)
        let inner = out.utf8.index(out.utf8.startIndex, offsetBy: start + width)
        let innerText = out.unicodeScalars[inner...]
        let first = innerText.first(where: { $0 != mark })
        let (runAfter, last) = Self.trailingRun(of: mark, in: Substring(out.unicodeScalars[inner...]))
        if MarkdownCharacters.isLeftFlanking(before: before, after: first)
            && MarkdownCharacters.isRightFlanking(before: last, after: next)
            && runAfter + width <= 3 {
            out += delimiter
        } else {
            let body = String(out.unicodeScalars[inner...])
            out.removeSubrange(out.utf8.index(out.utf8.startIndex, offsetBy: start)...)
            out += "<\(tag)>" + body + "</\(tag)>"
        }
    }

    /// How many unescaped `mark` end `text`, and the character before them.
    private static func trailingRun(of mark: Unicode.Scalar, in text: Substring) -> (count: Int, before: Unicode.Scalar?) {
        let scalars = text.unicodeScalars
        var index = scalars.endIndex
        var count = 0
        while index > scalars.startIndex, scalars[scalars.index(before: index)] == mark {
            index = scalars.index(before: index)
            count += 1
        }
        guard count > 0 else { return (0, scalars.last) }
        var backslashes = 0
        var probe = index
        while probe > scalars.startIndex, scalars[scalars.index(before: probe)] == "\\" {
            probe = scalars.index(before: probe)
            backslashes += 1
        }
        // `\*` is a literal star: the run starts after it.
        if backslashes % 2 == 1 { return (count - 1, mark) }
        return (count, index > scalars.startIndex ? scalars[scalars.index(before: index)] : nil)
    }

    // MARK: - Links and images

    private func renderLink(_ link: Link, scope: InlineScope, into out: inout String) {
        // Links cannot nest: an inner link keeps only its text.
        if scope.inLinkText {
            render(link.content, closing: "]", scope: scope, into: &out)
            return
        }
        let start = out.utf8.count
        var inner = scope
        inner.inLinkText = true
        out += "["
        render(link.content, closing: "]", scope: inner, into: &out)
        let textStart = out.utf8.index(out.utf8.startIndex, offsetBy: start + 1)
        if out.unicodeScalars[textStart...].allSatisfy({ MarkdownCharacters.isWhitespace($0) }) {
            // Nothing to click on: an absolute URL becomes an autolink.
            out.removeSubrange(out.utf8.index(out.utf8.startIndex, offsetBy: start)...)
            if InlineSyntax.isAutolinkable(link.destination) { out += "<\(link.destination)>" }
            return
        }
        out += "](" + InlineSyntax.destination(link.destination) + InlineSyntax.title(link.title) + ")"
    }

    private func renderImage(_ image: Image, next: Unicode.Scalar?, scope: InlineScope, into out: inout String) {
        let alt = image.altText.singleLine()
        let source = options.source(of: image, assetNames: assetNames)
        if source.isEmpty {
            TextEscaper.append(alt, next: next, scope: scope, into: &out)
            return
        }
        var inner = scope
        inner.inLinkText = true
        out += "!["
        TextEscaper.append(alt, next: "]", scope: inner, into: &out)
        out += "](" + InlineSyntax.destination(source) + InlineSyntax.title(image.title) + ")"
    }
}
