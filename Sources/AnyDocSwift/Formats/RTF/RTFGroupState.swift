/// Character formatting that survives into Markdown.
struct RTFCharacterFormat: SpanFormatting {
    var bold = false
    var italic = false
    var strike = false
    var superscript = false
    var `subscript` = false
    var hidden = false
}

/// How an old-style (`\pn`) paragraph is numbered.
struct RTFLegacyNumbering: Equatable {
    var isBullet = false
    var level = 0
    var start = 1
    /// `\pnlvlcont`: a continuation paragraph without its own marker.
    var isContinuation = false
}

/// Paragraph properties, reset by `\pard`.
struct FlowParagraphFormat: Equatable {
    var style: Int?
    var outlineLevel: Int?
    var listOverride: Int?
    var listLevel = 0
    var leftIndent = 0
    var firstLineIndent = 0
    var inTable = false
    var tableDepth = 0
    var legacy: RTFLegacyNumbering?

    var isInTable: Bool { inTable || tableDepth > 0 }

    /// Nothing that makes the paragraph more than plain text.
    var isPlain: Bool {
        style == nil && outlineLevel == nil && listOverride == nil && legacy == nil && !isInTable
    }
}

/// Where the text of a group goes.
enum RTFDestination: Equatable {
    case body
    case skip
    case fontTable
    case styleSheet
    case info
    case infoText(RTFInfoField)
    case infoDate(RTFInfoField)
    case listTable
    case listOverrideTable
    case listText
    case legacyNumbering
    case fieldInstruction
    case picture
    case shapeName
    case shapeValue
    case bookmark
    case annotationAuthor
    /// An embedded object: only its `\result` is shown.
    case object
    /// `\upr`: the ANSI half is skipped in favour of the `\ud` half.
    case unicodePair
    /// `\mmath`: Office Math, built by `RTFReader.math`.
    case math

    /// Destinations whose text is kept somewhere.
    var collectsText: Bool {
        switch self {
        case .skip, .fontTable, .info, .listTable, .listOverrideTable, .legacyNumbering, .picture, .object, .unicodePair:
            false
        default:
            true
        }
    }
}

enum RTFInfoField: Equatable {
    case title, author, subject, keywords, created, modified
}

/// What to do when a group ends.
enum RTFGroupEnd: Equatable {
    case footnote
    case field
    case styleEntry
    case list
    case listLevel
    case listOverride
    case infoText(RTFInfoField)
    case infoDate(RTFInfoField)
    case legacyNumbering
    case picture
    case shapeProperty
    case bookmark
    /// The `\mmath` zone ended: its equation goes into the text.
    case math
    /// A group that opened a math element ended.
    case mathElement
}

/// The state a group inherits from its parent and restores on `}`.
struct RTFGroupState {
    var destination: RTFDestination = .body
    var format = RTFCharacterFormat()
    var paragraph = FlowParagraphFormat()
    var font: Int?
    /// `\caps`: shown in capitals, kept apart from spans.
    var allCaps = false
    /// `\ucN`: fallback characters after each `\uN`.
    var unicodeSkip = 1
    /// Set by `\*`: the next control word names an optional destination.
    var ignorable = false
    /// The destination a `\upr` group interrupted.
    var unicodePairParent: RTFDestination?
    var onEnd: RTFGroupEnd?

    /// The state a new group starts with.
    var child: RTFGroupState {
        var copy = self
        copy.ignorable = false
        copy.onEnd = nil
        return copy
    }
}
