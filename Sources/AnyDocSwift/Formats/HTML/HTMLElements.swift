/// What the converter makes of each HTML element, by tag name.
enum HTMLElements {
    /// What an element is to the converter.
    enum Kind: Equatable {
        /// Never text a reader sees: scripts, styles, embedded objects, form controls.
        case skipped
        case heading(Int)
        /// Its text is a paragraph of its own.
        case paragraph
        /// `<dt>`.
        case term
        case preformatted
        case lineBreak
        case rule
        case image
        case link
        case codeSpan
        case span(HTMLInlineBuilder.FrameKind)
        case blockQuote
        case list(ordered: Bool)
        case definitionList
        case listItem
        case table
        /// `<caption>`, `<thead>`, `<tr>`, `<td>` and the like.
        case tablePart
        /// Ends the current paragraph where it starts and ends but has no
        /// structure of its own in Markdown.
        case block
        case math
        case input
        /// Span, font, abbr, custom elements, anything unknown: only the text counts.
        case transparent
    }

    static func kind(of tag: HTMLTag) -> Kind {
        switch tag {
        case .script, .style, .noscript, .template, .svg, .canvas, .iframe, .frame, .frameset, .object, .embed,
             .applet, .audio, .video, .map, .select, .option, .optgroup, .datalist, .textarea, .button, .progress,
             .meter, .colgroup, .col, .base, .link, .param, .source, .track, .area, .dialog, .rp, .xml, .title,
             .head, .meta:
            return .skipped
        case .html, .body, .div, .section, .article, .main, .center, .address, .hgroup, .fieldset, .details, .dd,
             .figure, .header, .footer, .nav, .aside, .form, .search, .noframes, .multicol, .marquee:
            return .block
        case .h1: return .heading(1)
        case .h2: return .heading(2)
        case .h3: return .heading(3)
        case .h4: return .heading(4)
        case .h5: return .heading(5)
        case .h6: return .heading(6)
        case .p, .summary, .legend, .figcaption: return .paragraph
        case .pre, .listing, .xmp, .plaintext: return .preformatted
        case .code, .kbd, .samp, .tt: return .codeSpan
        case .em, .i, .var, .dfn: return .span(.emphasis)
        case .strong, .b: return .span(.strong)
        case .del, .s, .strike: return .span(.strikethrough)
        case .sup: return .span(.superscript)
        case .sub: return .span(.subscript)
        case .q: return .span(.quote)
        case .ul, .menu, .dir: return .list(ordered: false)
        case .ol: return .list(ordered: true)
        case .dl: return .definitionList
        case .li: return .listItem
        case .dt: return .term
        case .table: return .table
        case .caption, .thead, .tbody, .tfoot, .tr, .td, .th: return .tablePart
        case .blockquote: return .blockQuote
        case .br: return .lineBreak
        case .hr: return .rule
        case .img, .image: return .image
        case .a: return .link
        case .math: return .math
        case .input: return .input
        case .annotation, .other: return .transparent
        }
    }

    /// Everything but inline content: hiding one of these ends a paragraph.
    static func isBlockLevel(_ kind: Kind) -> Bool {
        switch kind {
        case .heading, .paragraph, .term, .preformatted, .rule, .blockQuote, .list, .definitionList, .listItem,
             .table, .tablePart, .block:
            return true
        default:
            return false
        }
    }

    /// Ancestors inside which a `<header>` or `<footer>` belongs to the
    /// content (an article's byline), not to the page.
    static func isSectioning(_ tag: HTMLTag) -> Bool {
        switch tag {
        case .article, .section, .main, .blockquote, .aside, .nav: true
        default: false
        }
    }

    /// Class names that mark page chrome rather than content: generic
    /// navigation widgets, and MediaWiki's (Wikipedia pages are among the
    /// most converted). Matched as whole class tokens, never substrings.
    static let chromeClasses: Set<Substring> = [
        "navbar", "breadcrumb", "breadcrumbs", "skip-link", "skiplink", "sidebar", "cookie-banner", "cookie-notice",
        "noprint", "mw-editsection", "mw-jump-link", "navbox", "vertical-navbox", "catlinks", "printfooter",
        "mw-portlet", "vector-menu", "vector-dropdown", "vector-page-toolbar", "vector-column-start",
        "vector-column-end", "vector-header-container", "mw-indicators", "mw-cite-backlink", "toc", "table-of-contents",
    ]

    /// Class names of text hidden on screen and meant only for screen readers.
    static let screenReaderClasses: Set<Substring> = [
        "sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "screenreader-only",
    ]

    static func classTokens(_ classes: String) -> [Substring] {
        classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
    }

    /// An inline `style` that hides the element.
    static func styleHides(_ style: String) -> Bool {
        guard style.utf8.count < 4096, mayHide(style) else { return false }
        let compact = String(style.lowercased().unicodeScalars.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" })
        return compact.containsUTF8("display:none") || compact.containsUTF8("visibility:hidden")
    }

    private static let hidingDeclarations = [Array("display:none".utf8), Array("visibility:hidden".utf8)]

    /// False when `style` surely does not hide: neither declaration occurs
    /// in its ASCII letters lowered and blanks removed. Lowering any other
    /// character gives no ASCII letter that could complete one (U+0130
    /// gives "i" plus a combining dot), so the check on characters below
    /// only runs for the rare style that may hide.
    private static func mayHide(_ style: String) -> Bool {
        var compact: [UInt8] = []
        compact.reserveCapacity(style.utf8.count)
        for byte in style.utf8 where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            compact.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte)
        }
        return hidingDeclarations.contains { HTMLText.contains(compact, $0) }
    }

    /// The language of a code block from the classes highlighters use:
    /// `language-x`, `lang-x`, `highlight-x`, `highlight-source-x`,
    /// `brush: x`, pandoc's `sourceCode x`.
    static func codeLanguage(fromClass classes: String) -> String? {
        guard mayNameLanguage(classes), let language = namedLanguage(classes), !["default", "none", "nohighlight"].contains(language) else {
            return nil
        }
        return language
    }

    private static let languageMarkers = ["lang", "highlight", "brush:", "sourceCode"].map { Array($0.utf8) }

    /// False when no class can name a language: every way `namedLanguage`
    /// finds one needs one of these ASCII words in the text.
    private static func mayNameLanguage(_ classes: String) -> Bool {
        languageMarkers.contains { HTMLText.contains(classes.utf8, $0) }
    }

    private static func namedLanguage(_ classes: String) -> String? {
        let tokens = classes.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        for (index, token) in tokens.enumerated() {
            for prefix in ["language-", "lang-", "highlight-source-", "highlight-"] where token.hasPrefix(prefix) {
                let language = token.dropFirst(prefix.count)
                if !language.isEmpty { return String(language).lowercased() }
            }
            if token == "brush:", index + 1 < tokens.count {
                return String(tokens[index + 1]).trimmingCharacter(";").lowercased()
            }
            if token.hasPrefix("brush:") {
                let language = token.dropFirst(6)
                if !language.isEmpty { return String(language).trimmingCharacter(";").lowercased() }
            }
        }
        if tokens.contains("sourceCode") {
            let generic: Set<Substring> = ["sourceCode", "numberSource", "number-lines", "highlight", "code", "hljs", "notranslate"]
            if let language = tokens.first(where: { !generic.contains($0) }) { return String(language).lowercased() }
        }
        return nil
    }

    /// File extension for an image media type.
    static func imageExtension(forMediaType mediaType: String) -> String {
        switch mediaType {
        case "image/png": return "png"
        case "image/jpeg", "image/jpg", "image/pjpeg": return "jpg"
        case "image/gif": return "gif"
        case "image/webp": return "webp"
        case "image/svg+xml": return "svg"
        case "image/bmp", "image/x-ms-bmp": return "bmp"
        case "image/tiff": return "tiff"
        case "image/x-icon", "image/vnd.microsoft.icon": return "ico"
        case "image/avif": return "avif"
        default: return "bin"
        }
    }
}

extension String {
    fileprivate func trimmingCharacter(_ character: Character) -> String {
        var text = Substring(self)
        while text.last == character { text.removeLast() }
        return String(text)
    }
}
