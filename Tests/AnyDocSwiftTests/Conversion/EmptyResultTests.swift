import Foundation
import Testing
@testable import AnyDocSwift

/// A document with content that converts to no text says so: in the
/// result's warnings and in front matter, never as a silent empty page.
@Suite struct EmptyResultTests {
    private let converter = AnyDocConverter()
    private let scriptOnlyPage = Array("<!DOCTYPE html><html><head><title></title></head><body><script>var x = 1;</script></body></html>".utf8)

    @Test func documentWithoutTextCarriesAWarning() throws {
        let document = try converter.document(scriptOnlyPage, fileName: "page.html")
        #expect(document.foundNoText)
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.hasPrefix("no text was found in this HTML document") == true)
    }

    @Test func frontMatterListsTheWarning() throws {
        var options = MarkdownOptions()
        options.frontMatter = true
        let markdown = try converter.markdown(scriptOnlyPage, fileName: "page.html", options: options)
        #expect(markdown.hasPrefix("---\nformat: \"html\"\nwarnings:\n  - \"no text was found in this HTML document ("))
    }

    @Test func markdownWithWarnings() throws {
        let (markdown, warnings) = try converter.markdownWithWarnings(scriptOnlyPage, fileName: "page.html")
        #expect(markdown.isEmpty || markdown == "\n")
        #expect(warnings.contains(where: ConversionWarning.isNoText))
    }

    @Test func writerReportsIt() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output)
        try converter.convert(scriptOnlyPage, fileName: "page.html", into: writer)
        try writer.finish()
        #expect(writer.foundNoText)
    }

    /// Slide boundaries are not text: a deck of empty slides still warns,
    /// and the warning reaches front matter written before it arrived.
    @Test func boundariesAloneAreNoText() throws {
        let output = StringOutput()
        let late = MarkdownWriter(output: output, options: MarkdownOptions(frontMatter: true))
        try late.append(.boundary(.slide(number: 1, title: nil)))
        late.addWarning("no text was found")
        try late.finish()
        #expect(output.text.contains("warnings:\n  - \"no text was found\"\n---\n\n## Slide 1"))
    }

    @Test func textIsNoWarning() throws {
        let document = try converter.document(Array("<p>Hello</p>".utf8), fileName: "page.html")
        #expect(document.warnings.isEmpty)
        let sheet = try converter.document(Array("a,b\n1,2\n".utf8), fileName: "t.csv")
        #expect(sheet.warnings.isEmpty)
    }

    /// Nothing to convert, nothing to warn about.
    @Test func blankTextIsNoWarning() throws {
        #expect(try converter.document([], fileName: "empty.txt").warnings.isEmpty)
        #expect(try converter.document(Array("  \n\n".utf8), fileName: "blank.txt").warnings.isEmpty)
    }

    @Test func blockText() {
        #expect(!Block.boundary(.page(1)).containsText)
        #expect(!Block.paragraph([.text(" \n")]).containsText)
        #expect(Block.table(Table(rows: [TableRow(cells: [TableCell(text: ""), TableCell(text: "x")])])).containsText)
        #expect(!Block.image(Image(source: "a.png", altText: "")).containsText)
    }
}
