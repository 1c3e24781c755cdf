import Testing
@testable import AnyDocSwift

@Suite struct LinkTests {
    private func link(_ destination: String, _ text: String, title: String? = nil) throws -> String {
        try renderParagraph([.link(Link(destination: destination, title: title, content: text.isEmpty ? [] : [.text(text)]))])
    }

    @Test(arguments: [
        MarkdownCase("https://example.com", "[text](https://example.com)"),
        MarkdownCase("#section-2", "[text](#section-2)"),
        MarkdownCase("https://example.com/a b", "[text](<https://example.com/a b>)"),
        MarkdownCase("https://en.wikipedia.org/wiki/Swift_(language)", "[text](https://en.wikipedia.org/wiki/Swift_(language))"),
        MarkdownCase("a(b", "[text](<a(b>)"),
        MarkdownCase("a)b", "[text](<a)b>)"),
        MarkdownCase("a<b>c", #"[text](<a\<b\>c>)"#),
        MarkdownCase(#"C:\x\*y"#, #"[text](C:\\x\\*y)"#),
        MarkdownCase("?a=1&amp;b=2", "[text](?a=1&amp;amp;b=2)"),
        MarkdownCase("?a=1&b=2", "[text](?a=1&b=2)"),
        MarkdownCase("", "[text](<>)"),
        MarkdownCase("a\nb", "[text](<a b>)"),
    ])
    func destinations(_ example: MarkdownCase) throws {
        #expect(try link(example.input, "text") == example.expected)
    }

    @Test func titles() throws {
        #expect(try link("u", "t", title: "A title") == #"[t](u "A title")"#)
        #expect(try link("u", "t", title: #"Say "hi" \o/"#) == #"[t](u "Say \"hi\" \\o/")"#)
        #expect(try link("u", "t", title: "two\nlines") == #"[t](u "two lines")"#)
        #expect(try link("u", "t", title: "") == "[t](u)")
    }

    @Test func linkTextIsEscapedForBrackets() throws {
        #expect(try link("u", "[1] a*b") == #"[\[1\] a\*b](u)"#)
        #expect(try renderParagraph([.link(Link(destination: "u", content: [.text("go "), .strong([.text("now")])]))]) == "[go **now**](u)")
    }

    /// Without text there is nothing to click: absolute URLs show as
    /// autolinks, anything else disappears as it did in the source.
    @Test func emptyLinkText() throws {
        #expect(try link("https://example.com/x", "") == "<https://example.com/x>")
        #expect(try link("mailto:someone@example.com", "") == "<mailto:someone@example.com>")
        #expect(try link("https://example.com/x", "  ") == "<https://example.com/x>")
        #expect(try renderParagraph([.text("see "), .link(Link(destination: "page.html", content: [])), .text("here")]) == "see here")
        #expect(try renderMarkdown([.paragraph([.link(Link(destination: "#top", content: []))])]) == "")
        #expect(try link("https://example.com/a b", "") == "")
    }

    @Test func linkedImageKeepsItsLink() throws {
        let logo = Inline.image(Image(source: "https://example.com/logo.png", altText: ""))
        #expect(try renderParagraph([.link(Link(destination: "https://example.com", content: [logo]))]) == "[![](https://example.com/logo.png)](https://example.com)")
    }

    @Test func linksDoNotNest() throws {
        let inner = Inline.link(Link(destination: "inner", content: [.text("b")]))
        #expect(try renderParagraph([.link(Link(destination: "outer", content: [.text("a "), inner]))]) == "[a b](outer)")
    }

    @Test func linkTitleAndDestinationPipesInTables() throws {
        let content = Inline.link(Link(destination: "a|b", title: "x|y", content: [.text("l|m")]))
        let markdown = try renderMarkdown([.table(Table(rows: [TableRow(cells: [TableCell([content])])]))])
        #expect(markdown == #"""
        | [l\|m](a\|b "x\|y") |
        | --- |

        """#)
    }
}

@Suite struct ImageTests {
    private let chart = Asset(name: "image1.png", mediaType: "image/png", bytes: [1, 2, 3])

    @Test func remoteImagesAreKept() throws {
        #expect(try renderParagraph([.image(Image(source: "https://example.com/cat.png", altText: "A cat"))]) == "![A cat](https://example.com/cat.png)")
        #expect(try renderParagraph([.image(Image(source: "cat.png", altText: "A cat", title: #"The "cat""#))]) == #"![A cat](cat.png "The \"cat\"")"#)
    }

    @Test func embeddedImagesShowAltTextByDefault() throws {
        let image = Inline.image(Image(source: "image1.png", altText: "Sales chart"))
        #expect(try renderParagraph([.text("See: "), image], assets: [chart]) == "See: Sales chart")
        #expect(try renderParagraph([image], assets: [chart], options: MarkdownOptions(embeddedImages: .altText)) == "Sales chart")
    }

    @Test func altTextShownAsTextIsANeighbourLikeText() throws {
        // The emphasis closes before a letter, so it must be written as HTML.
        let image = Inline.image(Image(source: "image1.png", altText: "Chart"))
        #expect(try renderParagraph([.emphasis([.text("(a)")]), image], assets: [chart]) == "<em>(a)</em>Chart")
        #expect(try renderParagraph([.emphasis([.text("a")]), image], assets: [chart]) == "*a*Chart")
    }

    @Test func embeddedImagesCanLinkToWrittenAssets() throws {
        let image = Inline.image(Image(source: "image1.png", altText: "Sales chart"))
        for prefix in ["assets", "assets/"] {
            let options = MarkdownOptions(embeddedImages: .link(prefix: prefix))
            #expect(try renderParagraph([image], assets: [chart], options: options) == "![Sales chart](assets/image1.png)")
        }
        #expect(try renderParagraph([image], assets: [chart], options: MarkdownOptions(embeddedImages: .link(prefix: ""))) == "![Sales chart](image1.png)")
        // Only names of embedded assets get the prefix.
        let remote = Inline.image(Image(source: "https://example.com/x.png", altText: "x"))
        #expect(try renderParagraph([remote], assets: [chart], options: MarkdownOptions(embeddedImages: .link(prefix: "assets"))) == "![x](https://example.com/x.png)")
    }

    @Test func assetNamesWithSpacesAreBracketed() throws {
        let asset = Asset(name: "my chart.png", mediaType: "image/png", bytes: [])
        let options = MarkdownOptions(embeddedImages: .link(prefix: "out"))
        #expect(try renderParagraph([.image(Image(source: "my chart.png", altText: "c"))], assets: [asset], options: options) == "![c](<out/my chart.png>)")
    }

    @Test func assetNamesThatAreNotOneSafeFileNameAreCleanedShortenedAndLinkedAsWritten() throws {
        #expect(Asset.fileName(for: "image1.png") == "image1.png")
        let nested = Asset.fileName(for: "../media/x.png")
        #expect(!nested.contains("/") && !nested.hasPrefix(".") && nested.hasSuffix(".png"))
        #expect(Asset.fileName(for: "a/b.png") != Asset.fileName(for: "a_b.png"))
        let long = String(repeating: "é", count: 300) + ".jpeg"
        let short = Asset.fileName(for: long)
        #expect(short.utf8.count <= 200 && short.hasSuffix(".jpeg"))
        #expect(short != Asset.fileName(for: String(repeating: "é", count: 301) + ".jpeg"))
        let asset = Asset(name: long, mediaType: "image/jpeg", bytes: [])
        let options = MarkdownOptions(embeddedImages: .link(prefix: "img"))
        #expect(try renderParagraph([.image(Image(source: long, altText: "c"))], assets: [asset], options: options) == "![c](img/\(short))")
    }

    @Test func altTextIsEscaped() throws {
        #expect(try renderParagraph([.image(Image(source: "u", altText: "a [b] *c*\nd"))]) == #"![a \[b\] \*c\* d](u)"#)
        // Shown as text, alt text is escaped like any text.
        #expect(try renderParagraph([.image(Image(source: "image1.png", altText: "# *x*"))], assets: [chart]) == ##"\# \*x\*"##)
    }

    @Test func imageBlocks() throws {
        let markdown = try renderMarkdown([
            .image(Image(source: "https://example.com/a.png", altText: "A")),
            .image(Image(source: "image1.png", altText: "")),
            .image(Image(source: "image1.png", altText: "Chart")),
        ], assets: [chart])
        #expect(markdown == "![A](https://example.com/a.png)\n\nChart\n")
    }
}
