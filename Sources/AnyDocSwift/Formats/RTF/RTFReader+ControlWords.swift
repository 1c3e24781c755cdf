/// What control words and symbols do.
extension RTFReader {
    /// Optional destinations (`{\*\name …}`) this reader understands; any
    /// other is skipped with everything in it.
    static let knownOptionalDestinations: Set<String> = ["shppict", "listtable", "listoverridetable", "pn", "fldinst", "bkmkstart", "picprop", "ud", "listtext", "footnote", "annotation", "atnauthor"]

    /// Destinations whose content is never shown.
    static let skippedDestinations: Set<String> = [
        "colortbl", "nonshppict", "nonesttables", "nesttableprops",
        "header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf",
        "ftnsep", "ftnsepc", "ftncn", "aftnsep", "aftnsepc", "aftncn",
        "xe", "tc", "tcn", "txe", "rxe", "bkmkend", "template", "revtbl", "pgdsctbl", "filetbl", "rsidtbl",
        "generator", "xmlnstbl", "themedata", "colorschememapping", "datastore", "latentstyles", "docvar",
        "userprops", "private", "atnid", "atnref", "atndate", "atrfstart", "atrfend", "pnseclvl",
        "fchars", "lchars", "listpicture", "objdata", "objclass", "objname", "blipuid", "shpinst",
        "comment", "doccomm", "operator", "company", "manager", "category", "hlinkbase", "keycode",
        "fname", "falt", "panose", "leveltext", "levelnumbers", "listname", "pntxta", "pntxtb", "formfield",
        "datafield", "mmathPr", "wgrffmtfilter", "htmltag",
    ]

    static let headersAndFooters: Set<String> = ["header", "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf"]

    static let symbols: [String: String] = [
        "emdash": "\u{2014}", "endash": "\u{2013}", "bullet": "\u{2022}",
        "lquote": "\u{2018}", "rquote": "\u{2019}", "ldblquote": "\u{201C}", "rdblquote": "\u{201D}",
        "tab": "\t", "emspace": " ", "enspace": " ", "qmspace": " ",
    ]

    func controlSymbol(_ symbol: UInt8) {
        switch symbol {
        case UInt8(ascii: "*"):
            state.ignorable = true
        case UInt8(ascii: "~"):
            deliver("\u{A0}")
        case UInt8(ascii: "_"):
            deliver("-")
        case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            deliver(String(Character(Unicode.Scalar(symbol))))
        default:
            // `\-` (optional hyphen), `\|`, `\:` and unknown symbols show nothing.
            break
        }
    }

    func controlWord(_ name: String, _ parameter: Int?) throws(ConversionError) {
        let ignorable = state.ignorable
        state.ignorable = false

        if state.destination == .skip { return }
        if state.destination == .math, mathWord(name, parameter) { return }
        if ignorable, !Self.knownOptionalDestinations.contains(name) {
            state.destination = .skip
            return
        }
        if options.includeHeadersAndFooters, Self.headersAndFooters.contains(name) { return }
        if Self.skippedDestinations.contains(name) {
            state.destination = .skip
            return
        }
        if name == "upr" {
            state.unicodePairParent = state.destination
            state.destination = .unicodePair
            return
        }
        if try destinationWord(name, parameter) { return }

        if documentWord(name, parameter) || characterWord(name, parameter) { return }
        if try paragraphWord(name, parameter) { return }
        if try tableWord(name) { return }
        if let text = Self.symbols[name] { deliver(text) }
    }

    /// The document's code page and default font. True when `name` was one.
    private func documentWord(_ name: String, _ parameter: Int?) -> Bool {
        switch name {
        case "ansicpg":
            if let parameter, parameter > 0 { documentCodePage = parameter }
        case "mac": documentCodePage = 10000
        case "pc": documentCodePage = 437
        case "pca": documentCodePage = 850
        case "deff": defaultFont = parameter
        default: return false
        }
        return true
    }

    /// Character formatting and Unicode characters. True when `name` was one.
    private func characterWord(_ name: String, _ parameter: Int?) -> Bool {
        let flag = parameter.map { $0 != 0 } ?? true
        switch name {
        case "b": state.format.bold = flag
        case "i": state.format.italic = flag
        case "strike", "striked": state.format.strike = flag
        case "super":
            state.format.superscript = flag
            state.format.subscript = false
        case "sub":
            state.format.subscript = flag
            state.format.superscript = false
        case "nosupersub":
            state.format.superscript = false
            state.format.subscript = false
        case "v": state.format.hidden = flag
        case "deleted": state.format.hidden = flag && !options.showTrackedDeletions
        case "caps": state.allCaps = flag
        case "plain":
            state.format = RTFCharacterFormat()
            state.allCaps = false
            state.font = defaultFont
        case "f": state.font = parameter
        case "uc":
            state.unicodeSkip = max(0, min(parameter ?? 1, 16))
            declaresUnicodeSkip = true
        case "u": unicode(parameter)
        default: return false
        }
        return true
    }

    /// Paragraph properties and breaks. True when `name` was one.
    private func paragraphWord(_ name: String, _ parameter: Int?) throws(ConversionError) -> Bool {
        switch name {
        case "pard": state.paragraph = FlowParagraphFormat()
        case "s": state.paragraph.style = parameter
        case "outlinelevel": state.paragraph.outlineLevel = parameter
        case "ls": state.paragraph.listOverride = parameter
        case "ilvl": state.paragraph.listLevel = max(0, min(parameter ?? 0, 8))
        case "li": state.paragraph.leftIndent = parameter ?? 0
        case "fi": state.paragraph.firstLineIndent = parameter ?? 0
        case "intbl": state.paragraph.inTable = true
        case "itap": state.paragraph.tableDepth = max(0, parameter ?? 1)
        case "par", "sect", "page":
            if state.destination == .body { try endParagraph() }
        case "line", "lbr":
            if state.destination == .body, !state.format.hidden { story.append(.lineBreak(state.format)) }
        default: return false
        }
        return true
    }

    /// Table cells, rows and their definitions. True when `name` was one.
    private func tableWord(_ name: String) throws(ConversionError) -> Bool {
        switch name {
        case "cell" where state.destination == .body:
            try endParagraph(intoCell: true)
            story.table.endCell()
            cellCount += 1
            if cellCount > options.limits.maxTableCells {
                throw .resourceLimit("more than \(options.limits.maxTableCells) table cells")
            }
        case "nestcell" where state.destination == .body, "nestrow" where state.destination == .body:
            try endParagraph(intoCell: true)
        case "row" where state.destination == .body:
            if story.hasContent { try endParagraph(intoCell: true) }
            story.table.endRow()
        case "trowd": story.table.startRowDefinition()
        case "cellx": story.table.endCellDefinition()
        case "clmrg": story.table.markMergesLeft()
        case "clvmgf": story.table.markStartsVerticalMerge()
        case "clvmrg": story.table.markMergesUp()
        case "trhdr": story.table.markHeaderRow()
        default: return false
        }
        return true
    }
}

extension String {
    /// This string without any of `characters` at either end.
    func rtfTrimmed(_ characters: String) -> String {
        let set = Set(characters)
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
