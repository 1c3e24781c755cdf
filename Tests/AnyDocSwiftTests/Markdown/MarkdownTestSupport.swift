import Testing
@testable import AnyDocSwift

/// Renders a document built from the given parts.
func renderMarkdown(
    _ blocks: [Block], footnotes: [FootnoteDefinition] = [], assets: [Asset] = [],
    metadata: Metadata = Metadata(), options: MarkdownOptions = .default
) throws -> String {
    try MarkdownWriter.render(
        Document(metadata: metadata, blocks: blocks, footnotes: footnotes, assets: assets), options: options)
}

/// The Markdown of one paragraph, without the final newline.
func renderParagraph(_ inlines: [Inline], assets: [Asset] = [], options: MarkdownOptions = .default) throws -> String {
    var text = try renderMarkdown([.paragraph(inlines)], assets: assets, options: options)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
}

/// The Markdown of one paragraph of plain text.
func renderText(_ text: String) throws -> String {
    try renderParagraph([.text(text)])
}

/// A one-paragraph table cell.
func cell(_ text: String, columns: Int = 1, rows: Int = 1) -> TableCell {
    TableCell(text: text, columnSpan: columns, rowSpan: rows)
}

/// A list item holding one paragraph of text.
func item(_ text: String, checkbox: ListItem.Checkbox? = nil) -> ListItem {
    ListItem([.text(text)], checkbox: checkbox)
}

/// An item holding a paragraph and a nested list.
func item(_ text: String, _ nested: List) -> ListItem {
    ListItem(blocks: [.paragraph([.text(text)]), .list(nested)])
}

/// An input and the Markdown expected for it, for parameterized tests.
struct MarkdownCase: Sendable, CustomTestStringConvertible {
    let input: String
    let expected: String

    init(_ input: String, _ expected: String) {
        self.input = input
        self.expected = expected
    }

    var testDescription: String { "\(input.debugDescription) → \(expected.debugDescription)" }
}
