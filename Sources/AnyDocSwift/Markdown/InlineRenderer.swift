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

    /// Renders a run of inlines in `context`.
    func render(_ inlines: [Inline], context: InlineContext) -> String {
        let normalized = InlineNormalizer.normalize(inlines)
        var scope = InlineScope(context: context)
        scan(normalized, into: &scope)
        var out = ""
        render(normalized, scope: scope, into: &out)
        return out
    }

    private func scan(_ inlines: [Inline], into scope: inout InlineScope) {
        var tildes = 0
        func visit(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case .math: scope.escapeDollars = true
                case .text(let text): for byte in text.utf8 where byte == UInt8(ascii: "~") { tildes += 1 }
                case .emphasis(let c), .strong(let c), .strikethrough(let c), .superscript(let c), .subscript(let c):
                    visit(c)
                case .link(let link): visit(link.content)
                default: break
                }
            }
        }
        visit(inlines)
        scope.escapeTildes = tildes >= 2
    }

    private func render(_ inlines: [Inline], scope: InlineScope, into out: inout String) {
        for index in inlines.indices {
            let next: Unicode.Scalar? = index + 1 < inlines.count ? Self.firstScalar(of: inlines[index + 1]) : nil
            render(inlines[index], next: next, scope: scope, into: &out)
        }
    }

    /// The first character the next inline will write, as far as escaping
    /// needs it: syntax counts as punctuation.
    private static func firstScalar(of inline: Inline) -> Unicode.Scalar? {
        switch inline {
        case .text(let text): return text.unicodeScalars.first
        case .lineBreak: return "\n"
        case .emphasis, .strong: return "*"
        case .strikethrough: return "~"
        case .superscript, .subscript, .anchor: return "<"
        case .code: return "`"
        case .math: return "$"
        case .link, .footnoteReference: return "["
        case .image: return "!"
        }
    }

    private func render(_ inline: Inline, next: Unicode.Scalar?, scope: InlineScope, into out: inout String) {
        switch inline {
        case .text(let text):
            TextEscaper.append(text, following: out.unicodeScalars.last, next: next, scope: scope, into: &out)
        case .emphasis(let content):
            out += "*"; render(content, scope: scope, into: &out); out += "*"
        case .strong(let content):
            out += "**"; render(content, scope: scope, into: &out); out += "**"
        case .strikethrough(let content):
            out += "~~"; render(content, scope: scope, into: &out); out += "~~"
        case .superscript(let content):
            out += "<sup>"; render(content, scope: scope, into: &out); out += "</sup>"
        case .subscript(let content):
            out += "<sub>"; render(content, scope: scope, into: &out); out += "</sub>"
        case .code(let code):
            out += Self.codeSpan(code, context: scope.context)
        case .math(let tex):
            let flat = Self.singleLine(tex).trimmingSpaces()
            out += "$" + (scope.context == .tableCell ? flat.replacingPipes() : flat) + "$"
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

    private func renderLink(_ link: Link, scope: InlineScope, into out: inout String) {
        let destination = link.destination
        if link.content.isEmpty || link.content.plainText.allSatisfy(\.isWhitespace) {
            // Nothing to click on: an absolute URL becomes an autolink.
            if Self.isAutolinkable(destination) { out += "<\(destination)>" }
            return
        }
        var inner = scope
        inner.inLinkText = true
        out += "["
        render(link.content, scope: inner, into: &out)
        out += "](" + Self.formatDestination(destination, context: scope.context)
        if let title = link.title, !title.isEmpty {
            out += " \"" + title.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
        }
        out += ")"
    }

    private func renderImage(_ image: Image, next: Unicode.Scalar?, scope: InlineScope, into out: inout String) {
        let source: String
        if assetNames.contains(image.source) {
            switch options.embeddedImages {
            case .altText:
                TextEscaper.append(Self.singleLine(image.altText), following: out.unicodeScalars.last, next: next, scope: scope, into: &out)
                return
            case .link(let prefix):
                source = prefix.isEmpty ? image.source : (prefix.hasSuffix("/") ? prefix : prefix + "/") + image.source
            }
        } else {
            source = image.source
        }
        if source.isEmpty {
            TextEscaper.append(Self.singleLine(image.altText), following: out.unicodeScalars.last, next: next, scope: scope, into: &out)
            return
        }
        var inner = scope
        inner.inLinkText = true
        out += "!["
        TextEscaper.append(Self.singleLine(image.altText), following: "[", next: "]", scope: inner, into: &out)
        out += "](" + Self.formatDestination(source, context: scope.context)
        if let title = image.title, !title.isEmpty {
            out += " \"" + title.replacingAll("\"", with: "\\\"") + "\""
        }
        out += ")"
    }

    // MARK: - Pieces

    static func singleLine(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 10 || $0 == 13 }) else { return text }
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).joined(separator: " ")
    }

    /// A code span whose fence is longer than any run of backticks inside.
    static func codeSpan(_ code: String, context: InlineContext) -> String {
        var content = singleLine(code)
        if context == .tableCell { content = content.replacingPipes() }
        var longest = 0, run = 0
        for byte in content.utf8 {
            if byte == UInt8(ascii: "`") { run += 1; longest = max(longest, run) } else { run = 0 }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let needsPadding = content.hasPrefix("`") || content.hasSuffix("`")
            || (content.hasPrefix(" ") && content.hasSuffix(" ") && !content.allSatisfy { $0 == " " })
        return needsPadding ? "\(fence) \(content) \(fence)" : "\(fence)\(content)\(fence)"
    }

    static func isAutolinkable(_ destination: String) -> Bool {
        guard let colon = destination.firstIndex(of: ":") else { return false }
        let scheme = destination[..<colon]
        guard scheme.count >= 2, scheme.count <= 32, scheme.first!.isLetter,
              scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "." || $0 == "-") })
        else { return false }
        return !destination.contains(where: { $0 == " " || $0 == "<" || $0 == ">" || $0.asciiValue.map { $0 < 32 } ?? false })
    }

    /// A link destination, in angle brackets when it has spaces or
    /// unbalanced parentheses.
    static func formatDestination(_ destination: String, context: InlineContext) -> String {
        var depth = 0, balanced = true, needsBrackets = destination.isEmpty
        for scalar in destination.unicodeScalars {
            switch scalar {
            case "(": depth += 1
            case ")": depth -= 1; if depth < 0 { balanced = false }
            case " ", "\t", "<", ">": needsBrackets = true
            default: if scalar.value < 32 { needsBrackets = true }
            }
        }
        if depth != 0 { balanced = false }
        var result: String
        if needsBrackets || !balanced {
            result = "<"
            for scalar in destination.unicodeScalars {
                switch scalar {
                case "<", ">", "\\": result += "\\"; result.unicodeScalars.append(scalar)
                case "\n", "\r": result += " "
                default: result.unicodeScalars.append(scalar)
                }
            }
            result += ">"
        } else {
            result = destination
        }
        return context == .tableCell ? result.replacingPipes() : result
    }
}

extension String {
    func replacingPipes() -> String {
        guard utf8.contains(UInt8(ascii: "|")) else { return self }
        return replacingAll("|", with: "\\|")
    }

    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// Replaces every occurrence of `target` without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, self.contains(target) else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
