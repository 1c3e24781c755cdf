/// Where inline content is being written, which decides what must be
/// escaped and how line breaks look.
enum InlineContext: Equatable {
    /// A paragraph: line breaks are hard breaks; line starts are escaped afterwards.
    case block
    /// A heading: everything stays on one line.
    case heading
    /// A pipe-table cell: `|` is escaped and line breaks become `<br>`.
    case tableCell
}

/// Facts about a whole paragraph that change escaping inside it.
struct InlineScope {
    var context: InlineContext
    /// Inside link text, brackets must be escaped.
    var inLinkText = false
    /// The paragraph contains math, so literal `$` must be escaped.
    var escapeDollars = false
    /// The paragraph has two or more `~`, so a `~` could pair up.
    var escapeTildes = false
}
