/// The head, captured text (title, math), preformatted text and inline
/// elements that carry data (links, images, checkboxes).
extension HTMLDocumentBuilder {
    // MARK: - Head

    func readMeta(_ attributes: HTMLAttributes) {
        guard let name = attributes["name"]?.lowercased(), let content = attributes["content"] else { return }
        let value = HTMLText.collapsed(content)
        guard !value.isEmpty else { return }
        switch name {
        case "author", "dc.creator":
            if !metadata.authors.contains(value) { metadata.authors.append(value) }
        case "description", "dc.description":
            if !metadata.extra.contains(where: { $0.key == "description" }) {
                metadata.extra.append((key: "description", value: value))
            }
        case "keywords":
            for keyword in value.split(separator: ",") {
                let trimmed = HTMLText.collapsed(String(keyword))
                if !trimmed.isEmpty, !metadata.keywords.contains(trimmed) { metadata.keywords.append(trimmed) }
            }
        default:
            break
        }
    }

    func sendMetadata(force: Bool = false) {
        guard context.readsMetadata, force || !metadataSent else { return }
        metadataSent = true
        sink.setMetadata(metadata)
    }

    // MARK: - Captured text

    func startMath(_ attributes: HTMLAttributes) throws(ConversionError) {
        let display = attributes["display"]?.lowercased() == "block"
        if display { try flushLeaf() }
        let alternative = attributes["alttext"].map(HTMLText.collapsed)
        capture = Capture(kind: .math(display: display, alternative: alternative))
    }

    func startInCapture(_ tag: HTMLTag, _ attributes: HTMLAttributes) {
        guard var current = capture else { return }
        current.depth += 1
        if tag == .annotation, current.texDepth == nil,
           attributes.pairs.contains(where: { $0.name == "encoding" && $0.value.lowercased().containsUTF8("tex") }) {
            current.texDepth = current.depth
        }
        capture = current
    }

    /// Handles an end tag while capturing; true when it ends the capture.
    func endInCapture() throws(ConversionError) -> Bool {
        guard var current = capture else { return false }
        if current.depth > 0 {
            if current.texDepth == current.depth { current.texDepth = nil }
            current.depth -= 1
            capture = current
            return false
        }
        capture = nil
        switch current.kind {
        case .title:
            let title = HTMLText.collapsed(current.text)
            if !title.isEmpty { metadata.title = title }
        case .math(let display, let alternative):
            var tex = HTMLText.collapsed(current.tex)
            if tex.isEmpty { tex = alternative ?? "" }
            if tex.isEmpty { tex = HTMLText.collapsed(current.text) }
            tex = Self.unwrappingDisplayStyle(tex)
            guard !tex.isEmpty else { return true }
            if display {
                try appendBlock(.math(tex))
            } else {
                inline.appendAtom(.math(tex))
            }
        }
        return true
    }

    /// `{\displaystyle x}` → `x`: MediaWiki wraps all its TeX this way.
    static func unwrappingDisplayStyle(_ tex: String) -> String {
        for prefix in ["{\\displaystyle ", "{\\textstyle "] where tex.hasPrefix(prefix) && tex.hasSuffix("}") {
            return HTMLText.collapsed(String(tex.dropFirst(prefix.count).dropLast()))
        }
        return tex
    }

    // MARK: - Preformatted text

    func startInPreformatted(_ tag: HTMLTag, _ attributes: HTMLAttributes) {
        if HTMLElements.kind(of: tag) == .skipped {
            skipping = 1
            return
        }
        if tag == .br { preformatted?.text.append(0x0A) }
        if preformatted?.language == nil, let classes = attributes["class"] {
            preformatted?.language = HTMLElements.codeLanguage(fromClass: classes)
        }
        actions.append(Action())
    }

    func finishPreformatted() throws(ConversionError) {
        guard let pre = preformatted else { return }
        preformatted = nil
        let code = HTMLText.preformatted(pre.text)
        guard !code.isEmpty else { return }
        try appendBlock(.codeBlock(CodeBlock(language: pre.language, code: code)))
    }

    // MARK: - Inline elements

    /// Opens a link, or adds a link target; true when a link was opened.
    func link(_ attributes: HTMLAttributes) -> Bool {
        if let href = attributes["href"] {
            let destination = HTMLText.cleanedURL(href)
            let lower = destination.prefix(11).lowercased()
            guard !destination.isEmpty, destination != "#", !lower.hasPrefix("javascript:"), !lower.hasPrefix("vbscript:"),
                  !lower.hasPrefix("data:"), !inline.isInCode, !inline.isInLink
            else { return false }
            inline.push(.link(context.resolveLink?(destination) ?? destination))
            return true
        }
        if let id = attributes["id"] ?? attributes["name"], !id.isEmpty, !inline.isInCode {
            inline.appendAnchor(id)
        }
        return false
    }

    func image(_ attributes: HTMLAttributes) {
        guard !inline.isInCode else { return }
        if attributes["width"] == "1" && attributes["height"] == "1" { return }  // a tracking pixel
        var source = HTMLText.cleanedURL(attributes["src"] ?? "")
        let lazy = attributes["data-src"] ?? attributes["data-lazy-src"] ?? attributes["data-original"]
        if let lazy, !lazy.isEmpty, source.isEmpty || source.prefix(5).lowercased() == "data:" {
            source = HTMLText.cleanedURL(lazy)
        }
        if source.isEmpty, let srcset = attributes["srcset"] {
            source = HTMLText.cleanedURL(String(srcset.split(separator: ",").first?.split(separator: " ").first ?? ""))
        }
        let alt = HTMLText.collapsed(attributes["alt"] ?? "")
        let title = attributes["title"].map(HTMLText.collapsed).flatMap { $0.isEmpty ? nil : $0 }
        guard !source.isEmpty else {
            if !alt.isEmpty { inline.appendLiteral(alt) }
            return
        }
        if source.prefix(5).lowercased() == "data:" {
            guard let data = HTMLDataURI(source), !data.bytes.isEmpty, data.mediaType.hasPrefix("image/") else {
                if !alt.isEmpty { inline.appendLiteral(alt) }
                return
            }
            let name = "image-\(context.nextImageNumber).\(HTMLElements.imageExtension(forMediaType: data.mediaType))"
            context.nextImageNumber += 1
            sink.addAsset(Asset(name: name, mediaType: data.mediaType, bytes: data.bytes))
            inline.appendAtom(.image(Image(source: name, altText: alt, title: title)))
            return
        }
        inline.appendAtom(.image(Image(source: context.resolveImage?(source) ?? source, altText: alt, title: title)))
    }

    /// `<input type=checkbox>` at the start of a list item makes it a task.
    func checkbox(_ attributes: HTMLAttributes) {
        guard attributes["type"]?.lowercased() == "checkbox", !inline.hasContent,
              case .blocks(let box) = containers.last, case .item = box.kind,
              box.blocks.isEmpty, box.checkbox == nil
        else { return }
        box.checkbox = attributes["checked"] != nil ? .checked : .unchecked
    }
}
