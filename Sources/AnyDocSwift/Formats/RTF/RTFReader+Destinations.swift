/// Destinations: the tables, information and notes that RTF keeps in
/// groups, and what happens when such a group ends.
extension RTFReader {
    /// Words that change where text goes, or that mean something only in
    /// a table destination. True when `name` was handled.
    func destinationWord(_ name: String, _ parameter: Int?) throws(ConversionError) -> Bool {
        switch state.destination {
        case .fontTable: fontTableWord(name, parameter)
        case .styleSheet: styleSheetWord(name, parameter)
        case .listTable: listTableWord(name, parameter)
        case .listOverrideTable: listOverrideWord(name, parameter)
        case .info: infoWord(name)
        case .infoDate: infoDateWord(name, parameter ?? 0)
        case .legacyNumbering: legacyNumberingWord(name, parameter)
        case .picture: pictureWord(name)
        case .object:
            if name == "result" { state.destination = .body }
        case .unicodePair:
            if name == "ud" { state.destination = state.unicodePairParent ?? .body }
        case .shapeName, .shapeValue, .infoText, .fieldInstruction, .bookmark, .annotationAuthor, .math:
            return false
        case .listText, .body:
            return groupStartWord(name)
        case .skip:
            break
        }
        return true
    }

    private func fontTableWord(_ name: String, _ parameter: Int?) {
        switch name {
        case "f": tables.currentFont = parameter
        case "fcharset":
            if let font = tables.currentFont, let parameter, let page = RTFDocumentTables.codePage(forCharset: parameter) {
                tables.fontCodePages[font] = page
            }
        case "cpg":
            if let font = tables.currentFont, let parameter, parameter > 0 { tables.fontCodePages[font] = parameter }
        default: break
        }
    }

    private func styleSheetWord(_ name: String, _ parameter: Int?) {
        switch name {
        case "s": tables.style.number = parameter ?? 0
        case "cs", "ds", "ts", "tsrowd": tables.style.isParagraphStyle = false
        case "outlinelevel": tables.style.outlineLevel = parameter
        default: break
        }
    }

    private func listTableWord(_ name: String, _ parameter: Int?) {
        switch name {
        case "list":
            tables.list = []
            tables.listID = nil
            state.onEnd = .list
        case "listlevel":
            tables.level = RTFDocumentTables.ListLevel()
            state.onEnd = .listLevel
        case "levelnfc": tables.level.numberFormat = parameter ?? 0
        case "levelstartat": tables.level.start = parameter ?? 1
        case "listid": tables.listID = parameter
        default: break
        }
    }

    private func listOverrideWord(_ name: String, _ parameter: Int?) {
        switch name {
        case "listoverride":
            tables.overrideListID = nil
            tables.overrideNumber = nil
            state.onEnd = .listOverride
        case "listid": tables.overrideListID = parameter
        case "ls": tables.overrideNumber = parameter
        default: break
        }
    }

    private func infoWord(_ name: String) {
        switch name {
        case "title": startInfoText(.title)
        case "author": startInfoText(.author)
        case "subject": startInfoText(.subject)
        case "keywords": startInfoText(.keywords)
        case "creatim", "revtim":
            let field: RTFInfoField = name == "creatim" ? .created : .modified
            date = DateParts()
            state.destination = .infoDate(field)
            state.onEnd = .infoDate(field)
        default: break
        }
    }

    private func infoDateWord(_ name: String, _ value: Int) {
        switch name {
        case "yr": date.year = value
        case "mo": date.month = value
        case "dy": date.day = value
        case "hr": date.hour = value
        case "min": date.minute = value
        case "sec": date.second = value
        default: break
        }
    }

    private func legacyNumberingWord(_ name: String, _ parameter: Int?) {
        switch name {
        case "pnlvlblt": legacy.isBullet = true
        case "pnlvlbody": legacy.level = 0
        case "pnlvl": legacy.level = max(0, min((parameter ?? 1) - 1, 8))
        case "pnlvlcont": legacy.isContinuation = true
        case "pnstart": legacy.start = parameter ?? 1
        default: break
        }
    }

    private func pictureWord(_ name: String) {
        switch name {
        case "sp":
            shapeName = ""
            shapeValue = ""
            state.onEnd = .shapeProperty
        case "sn": state.destination = .shapeName
        case "sv": state.destination = .shapeValue
        default: break
        }
    }

    /// Words in body text that start a destination group. True when
    /// `name` was one.
    private func groupStartWord(_ name: String) -> Bool {
        switch name {
        case "fonttbl": state.destination = .fontTable
        case "stylesheet": state.destination = .styleSheet
        case "info": state.destination = .info
        case "listtable": state.destination = .listTable
        case "listoverridetable": state.destination = .listOverrideTable
        case "listtext", "pntext":
            listText = ""
            state.destination = .listText
        case "pn":
            legacy = RTFLegacyNumbering()
            state.destination = .legacyNumbering
            state.onEnd = .legacyNumbering
        case "field":
            fields.append(Field())
            state.onEnd = .field
        case "fldinst": state.destination = .fieldInstruction
        case "fldrslt": startFieldResult()
        case "footnote": return startFootnote()
        case "atnauthor":
            annotationAuthor = ""
            state.destination = .annotationAuthor
        case "annotation": startAnnotation()
        case "pict":
            pictureDescription = nil
            state.destination = .picture
            state.onEnd = .picture
        case "object": state.destination = .object
        case "mmath": startMath()
        case "bkmkstart":
            bookmarkName = ""
            state.destination = .bookmark
            state.onEnd = .bookmark
        default:
            return false
        }
        return true
    }

    private func startFieldResult() {
        state.destination = .body
        if !fields.isEmpty {
            let start = story.markFieldStart()
            fields[fields.count - 1].resultStart = (stories.count - 1, start.serial, start.index)
        }
    }

    /// A footnote starts a story of its own; outside body text it is no
    /// destination word.
    private func startFootnote() -> Bool {
        guard state.destination == .body else { return false }
        footnoteCount += 1
        let label = "\(footnoteCount)"
        story.append(.footnote(label))
        stories.append(RTFStory(label: label))
        state.paragraph = FlowParagraphFormat()
        state.onEnd = .footnote
        return true
    }

    /// A comment becomes a note with its author, or is skipped when
    /// comments are not wanted.
    private func startAnnotation() {
        guard options.includeComments, state.destination == .body else {
            state.destination = .skip
            return
        }
        commentCount += 1
        let label = "cm\(commentCount)"
        story.append(.footnote(label))
        let author = annotationAuthor.rtfTrimmed(" \t")
        stories.append(RTFStory(label: label, author: author.isEmpty ? nil : author))
        annotationAuthor = ""
        state.paragraph = FlowParagraphFormat()
        state.onEnd = .footnote
    }

    /// An Office math zone in shown body text; others are skipped.
    private func startMath() {
        guard state.destination == .body, !state.format.hidden, math == nil else {
            state.destination = .skip
            return
        }
        math = RTFMathBuilder(maxNodes: Self.maxMathNodes)
        state.destination = .math
        state.onEnd = .math
    }

    private func startInfoText(_ field: RTFInfoField) {
        infoText = ""
        state.destination = .infoText(field)
        state.onEnd = .infoText(field)
    }

    /// Runs when a group that started something ends; `state` is already
    /// the parent's again.
    func endGroup(_ end: RTFGroupEnd) throws(ConversionError) {
        switch end {
        case .footnote:
            try endFootnote()
        case .field:
            guard let field = fields.popLast() else { return }
            guard let start = field.resultStart, start.story == stories.count - 1,
                  let destination = Self.hyperlinkTarget(field.instruction) else { return }
            story.wrapLink(to: destination, from: start.index, serial: start.serial)
        case .styleEntry:
            tables.commitStyle()
        case .list:
            if let id = tables.listID { tables.listLevels[id] = tables.list }
        case .listLevel:
            tables.list.append(tables.level)
        case .listOverride:
            if let ls = tables.overrideNumber, let id = tables.overrideListID { tables.listOverrides[ls] = id }
        case .infoText(let field):
            let text = String(infoText.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
            guard !text.isEmpty else { return }
            switch field {
            case .title: metadata.title = text
            case .author: metadata.authors = [text]
            case .subject: metadata.subject = text
            case .keywords:
                metadata.keywords = text.split(whereSeparator: { $0 == "," || $0 == ";" })
                    .map { String($0).rtfTrimmed(" \t") }.filter { !$0.isEmpty }
            default: break
            }
        case .infoDate(let field):
            guard let text = Self.isoDate(date) else { return }
            if field == .created { metadata.created = text } else { metadata.modified = text }
        case .legacyNumbering:
            state.paragraph.legacy = legacy
        case .picture:
            if let description = pictureDescription, state.destination == .body, !state.format.hidden {
                story.append(.image(description))
            }
            pictureDescription = nil
        case .shapeProperty:
            let value = shapeValue.rtfTrimmed(" \t")
            if shapeName.rtfTrimmed(" ") == "wzDescription", !value.isEmpty { pictureDescription = value }
        case .math:
            guard var zone = math else { return }
            math = nil
            let (latex, isDisplay) = zone.finish()
            if !latex.isEmpty { story.append(isDisplay ? .displayMath(latex) : .math(latex)) }
        case .mathElement:
            math?.end()
        case .bookmark:
            let name = bookmarkName.rtfTrimmed(" \t")
            if !name.isEmpty, state.destination == .body { story.append(.anchor(name)) }
        }
    }

    static func isoDate(_ date: DateParts) -> String? {
        guard (1...9999).contains(date.year) else { return nil }
        func two(_ value: Int) -> String { value < 10 ? "0\(max(value, 0))" : "\(min(value, 99))" }
        let year = String(repeating: "0", count: max(0, 4 - "\(date.year)".count)) + "\(date.year)"
        guard (1...12).contains(date.month), (1...31).contains(date.day) else { return year }
        var text = year + "-" + two(date.month) + "-" + two(date.day)
        if let hour = date.hour {
            text += "T" + two(hour) + ":" + two(date.minute) + ":" + two(date.second)
        }
        return text
    }

    /// The target of a `HYPERLINK` field instruction: its URL, `#name`
    /// for `\l name`, or both joined.
    static func hyperlinkTarget(_ instruction: String) -> String? {
        var words: [String] = []
        var current = ""
        var quoted = false
        for character in instruction {
            if character == "\"" {
                if quoted {
                    words.append(current)
                    current = ""
                }
                quoted.toggle()
            } else if !quoted, character == " " || character == "\t" || character == "\u{A0}" {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        guard let first = words.first, first.uppercased() == "HYPERLINK" else { return nil }
        var url: String?
        var anchor: String?
        var index = 1
        while index < words.count {
            let word = words[index]
            if word == "\\l" {
                if index + 1 < words.count { anchor = words[index + 1] }
                index += 2
            } else if word.hasPrefix("\\") {
                // Switches such as \o "tooltip" and \t "frame" take an argument.
                index += ["\\o", "\\t", "\\m"].contains(word) ? 2 : 1
            } else {
                if url == nil { url = word }
                index += 1
            }
        }
        if let url, !url.isEmpty {
            if let anchor, !anchor.isEmpty { return url + "#" + anchor }
            return url
        }
        if let anchor, !anchor.isEmpty { return "#" + anchor }
        return nil
    }
}
