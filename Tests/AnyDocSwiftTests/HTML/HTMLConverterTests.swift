import Testing
@testable import AnyDocSwift

/// Small HTML documents and the exact Markdown they become.
@Suite struct HTMLConverterTests {
    private func expect(_ html: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let markdown = try HTMLFixture.markdown(html)
        #expect(markdown == expected + "\n", sourceLocation: sourceLocation)
    }

    // MARK: - Head and metadata

    @Test func readsMetadataAndDropsHeadContent() throws {
        let html = """
        <!DOCTYPE html>
        <html lang="en-GB">
        <head>
          <title> Field   notes </title>
          <meta name="author" content="Ada Lovelace">
          <meta name="description" content="Notes from the field.">
          <meta name="keywords" content="birds, ducks ,  ponds">
          <style>p { color: red }</style>
          <script>document.write("script text")</script>
        </head>
        <body><p>Body text.</p></body>
        </html>
        """
        let document = try HTMLFixture.document(html)
        #expect(document.metadata.title == "Field notes")
        #expect(document.metadata.language == "en-GB")
        #expect(document.metadata.authors == ["Ada Lovelace"])
        #expect(document.metadata.keywords == ["birds", "ducks", "ponds"])
        #expect(document.metadata.extra.first?.key == "description")
        #expect(document.metadata.extra.first?.value == "Notes from the field.")
        #expect(document.metadata.sourceFormat == .html)
        #expect(document.blocks == [.paragraph([.text("Body text.")])])
    }

    @Test func frontMatterCarriesTheTitle() throws {
        let markdown = try HTMLFixture.markdown(
            "<title>A &amp; B</title><p>x</p>", options: MarkdownOptions(frontMatter: true))
        #expect(markdown == "---\ntitle: \"A & B\"\nformat: \"html\"\n---\n\nx\n")
    }

    @Test func dropsScriptsStylesAndTemplates() throws {
        try expect("""
        <p>Before</p>
        <script>var hidden = "script";</script>
        <style>.x { content: "style" }</style>
        <noscript>Please enable JavaScript</noscript>
        <template><p>template</p></template>
        <svg><title>icon</title><text>svg text</text></svg>
        <p>After</p>
        """, "Before\n\nAfter")
    }

    // MARK: - Boilerplate

    @Test func dropsPageChromeButKeepsTheArticle() throws {
        try expect("""
        <body>
        <a class="skip" href="#main">Skip to content</a>
        <header><a href="/">Site name</a><nav><ul><li><a href="/a">About</a></li></ul></nav></header>
        <div role="navigation"><a href="/b">Blog</a></div>
        <main id="main">
          <article>
            <header><h1>Post title</h1><p>By Ann</p></header>
            <p>Post body.</p>
            <footer>Filed under birds</footer>
          </article>
        </main>
        <aside>Related posts</aside>
        <footer>© Site</footer>
        </body>
        """, """
        # Post title

        By Ann

        Post body.

        Filed under birds
        """)
    }

    @Test func dropsHiddenContentAndFormControls() throws {
        try expect("""
        <div hidden>hidden div</div>
        <p aria-hidden="true">aria hidden</p>
        <p>Shown<span style="display: none"> not shown</span> <span class="sr-only">for screen readers</span>text.</p>
        <form><label>Name</label> <input type="text" value="v"><button>Send</button>
        <select><option>One</option></select><textarea>typed</textarea></form>
        """, "Shown text.\n\nName")
    }

    @Test func keepsMainContentInsideBoilerplate() throws {
        try expect("<header><main><h1>Title</h1><p>Body</p></main></header>", "# Title\n\nBody")
    }

    @Test func keepsNavigationWhenItIsTheWholePage() throws {
        try expect("<nav><ul><li><a href=\"/a\">A</a></li><li><a href=\"/b\">B</a></li></ul></nav>",
                   "- [A](/a)\n- [B](/b)")
    }

    // MARK: - Headings and paragraphs

    @Test func headingsWithAnchors() throws {
        let html = """
        <h1>Title</h1>
        <h2 id="intro">Intro</h2>
        <h3><span id="inner">Inner id</span></h3>
        <h4>Four <a class="headerlink" href="#four">¶</a></h4>
        <h5><a href="#self" id="self">Linked to itself</a></h5>
        <h6><strong>Bold six</strong></h6>
        <h2><a id="named"></a>Named target</h2>
        <p><a href="#intro">to intro</a>, <a href="#inner">to inner</a>, <a href="#named">to named</a></p>
        """
        let headings = try HTMLFixture.model(html).blocks.compactMap { block -> Heading? in
            if case .heading(let heading) = block { return heading } else { return nil }
        }
        #expect(headings == [
            Heading(level: 1, content: [.text("Title")]),
            Heading(level: 2, content: [.text("Intro")], anchor: "intro"),
            Heading(level: 3, content: [.text("Inner id")], anchor: "inner"),
            Heading(level: 4, content: [.text("Four")]),
            Heading(level: 5, content: [.text("Linked to itself")], anchor: "self"),
            Heading(level: 6, content: [.text("Bold six")]),
            Heading(level: 2, content: [.text("Named target")], anchor: "named"),
        ])
        // In Markdown, links to a heading follow its GitHub anchor.
        try expect(html, """
        # Title

        ## Intro

        ### Inner id

        #### Four

        ##### Linked to itself

        ###### Bold six

        ## Named target

        [to intro](#intro), [to inner](#inner-id), [to named](#named-target)
        """)
    }

    @Test func textInContainersBecomesParagraphs() throws {
        try expect("""
        <div>Loose text <b>in a div</b>
          <p>A paragraph</p>
          more loose text
          <section>Section text<article>Article text</article></section>
        </div>
        """, """
        Loose text **in a div**

        A paragraph

        more loose text

        Section text

        Article text
        """)
    }

    @Test func collapsesWhitespaceLikeABrowser() throws {
        try expect("""
        <p>
          Many     spaces,
          tabs\t\tand
          newlines <b> bold </b> <i>it</i>alic
        </p>
        <p>keep&nbsp;&nbsp;no-break&nbsp;spaces</p>
        <p>soft&shy;hyphen and wo<wbr>rd break</p>
        """, """
        Many spaces, tabs and newlines **bold** *it*alic

        keep\u{A0}\u{A0}no-break\u{A0}spaces

        softhyphen and word break
        """)
    }

    @Test func lineBreaksAndRules() throws {
        try expect("""
        <p>Line one<br>  line two<br></p>
        <p><br>Leading break</p>
        <p>Two breaks<br><br>split the paragraph</p>
        <hr>
        <p>After the rule</p>
        """, """
        Line one\\
        line two

        Leading break

        Two breaks

        split the paragraph

        ---

        After the rule
        """)
    }

    @Test func decodesEntities() throws {
        try expect("<p>a &amp; b &lt;c&gt; &copy; &#8364; &#x1F986; &eacute; &quot;q&quot;</p>",
                   "a & b \\<c> © € 🦆 é \"q\"")
    }

    // MARK: - Inline formatting

    @Test func inlineFormatting() throws {
        try expect("""
        <p><em>em</em>, <i>i</i>, <strong>strong</strong>, <b>b</b>, <del>del</del>, <s>s</s>, \
        <strike>strike</strike>, H<sub>2</sub>O, x<sup>2</sup>, <u>underlined</u>, <mark>marked</mark>, \
        <q>quoted</q>, <code>a  &lt; b</code>, <kbd>Ctrl</kbd>, <var>n</var>, <cite>Citation</cite></p>
        """, """
        *em*, *i*, **strong**, **b**, ~~del~~, ~~s~~, ~~strike~~, H<sub>2</sub>O, x<sup>2</sup>, underlined, \
        marked, "quoted", `a < b`, `Ctrl`, *n*, Citation
        """)
    }

    @Test func spacesStayOutsideSpansAndLinks() throws {
        try expect("<p>a<b> bold </b>b <a href=\"/x\"> link </a>c<code> code </code>d</p>",
                   "a **bold** b [link](/x) c `code` d")
    }

    // MARK: - Links and images

    @Test func links() throws {
        try expect("""
        <p><a href="../docs/page.html">relative</a>, <a href="https://example.com/a?b=1&amp;c=2">absolute</a>, \
        <a href="#section">internal</a>, <a href="#missing">dangling</a>, <a href="javascript:void(0)">script</a>, \
        <a href="#">top</a>, <a name="target"></a>target, <a href=" /spaced ">spaced</a></p>
        <p id="section">Section <a href="#target">back</a> <span id="unused">here</span></p>
        """, """
        [relative](../docs/page.html), [absolute](https://example.com/a?b=1&c=2), [internal](#section), \
        dangling, script, top, <a id="target"></a>target, [spaced](/spaced)

        <a id="section"></a>Section [back](#target) here
        """)
    }

    @Test func images() throws {
        try expect("""
        <p><img src="a.png" alt="A  picture"> <img src="b.png"> <img src="c.png" title="Title"> \
        <img alt="no source"> <img src="pixel.gif" width="1" height="1"> \
        <img src="data:image/gif;base64,R0lGOD" data-src="lazy.png" alt="lazy"></p>
        """, """
        ![A picture](a.png) ![](b.png) ![](c.png "Title") no source ![lazy](lazy.png)
        """)
    }

    @Test func dataURIImagesBecomeAssets() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let html = """
        <p>A <img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"> and \
        <img src="data:image/svg+xml;utf8,%3Csvg%3E%3C/svg%3E" alt="vector">.</p>
        """
        let document = try HTMLFixture.document(html)
        #expect(document.assets == [
            Asset(name: "image-1.png", mediaType: "image/png", bytes: png),
            Asset(name: "image-2.svg", mediaType: "image/svg+xml", bytes: Array("<svg></svg>".utf8)),
        ])
        #expect(try HTMLFixture.markdown(html) == "A dot and vector.\n")
        #expect(try HTMLFixture.markdown(html, options: MarkdownOptions(embeddedImages: .link(prefix: "assets")))
            == "A ![dot](assets/image-1.png) and ![vector](assets/image-2.svg).\n")
    }

    @Test func figureWithCaption() throws {
        try expect("<figure><img src=\"f.png\" alt=\"Fig\"><figcaption>The <b>caption</b></figcaption></figure>",
                   "![Fig](f.png)\n\nThe **caption**")
    }

    // MARK: - Blocks inside inlines, inlines around blocks

    @Test func headingInsideLinkAndLinkInsideHeading() throws {
        try expect("""
        <a href="/post"><h2>Card title</h2><p>Card text</p></a>
        <h2><a href="/other">Linked</a> heading</h2>
        """, """
        ## [Card title](/post)

        [Card text](/post)

        ## [Linked](/other) heading
        """)
    }

    @Test func blockInsideInline() throws {
        try expect("<p>Start <span>before<div>a block</div>after</span> end</p>",
                   "Start before\n\na block\n\nafter end")
    }

    // MARK: - Lists

    @Test func lists() throws {
        try expect("""
        <ul>
          <li>One</li>
          <li>Two
            <ol start="7" reversed type="i">
              <li>Seven</li>
              <li>Eight</li>
            </ol>
          </li>
        </ul>
        <ol><li>First</li><li>Second</li></ol>
        """, """
        - One

        - Two

          7. Seven
          8. Eight

        1. First
        2. Second
        """)
        // A nested list starting at 1 can follow its item's text directly: the list stays tight.
        try expect("<ul><li>One</li><li>Two<ol><li>a</li><li>b</li></ol></li></ul>", "- One\n- Two\n  1. a\n  2. b")
    }

    @Test func listItemsWithParagraphs() throws {
        try expect("""
        <ol>
          <li><p>First paragraph</p><p>Second paragraph</p><ul><li>nested</li></ul></li>
          <li>Next</li>
        </ol>
        """, """
        1. First paragraph

           Second paragraph

           - nested

        2. Next
        """)
    }

    @Test func listWrittenDirectlyInsideAList() throws {
        try expect("<ul><li>a</li><ul><li>nested</li></ul><li>b</li><li></li></ul>",
                   "- a\n  - nested\n- b")
    }

    @Test func taskLists() throws {
        try expect("""
        <ul>
          <li><input type="checkbox" checked disabled> Done</li>
          <li><input type="checkbox"> To do</li>
          <li>Not a task <input type="checkbox"></li>
        </ul>
        """, """
        - [x] Done
        - [ ] To do
        - Not a task
        """)
    }

    @Test func definitionLists() throws {
        try expect("<dl><dt>Term</dt><dd>Definition</dd><dt>Other</dt><dd>More</dd></dl>",
                   "- **Term**: Definition\n- **Other**: More")
        try expect("""
        <dl>
          <dt>Coffee</dt><dd>Black hot drink</dd>
          <dt>Tea:</dt><dd>Brewed leaves</dd><dd>Often with milk</dd>
          <dt>Water</dt>
          <dt>Nested</dt><dd><dl><dt>Inner</dt><dd>Detail</dd></dl></dd>
        </dl>
        <dl><dd>An indented note</dd></dl>
        """, """
        - **Coffee**: Black hot drink

        - **Tea:** Brewed leaves

          Often with milk

        - **Water**

        - **Nested**

          - **Inner**: Detail

        An indented note
        """)
    }

    // MARK: - Tables

    @Test func tableWithHeadCaptionAndSpans() throws {
        try expect("""
        <table>
          <caption>Sales</caption>
          <thead><tr><th>Region</th><th colspan="2">Half year</th></tr></thead>
          <tfoot><tr><td>Total</td><td>4</td><td>6</td></tr></tfoot>
          <tbody>
            <tr><td rowspan="2">North</td><td>1</td><td>2</td></tr>
            <tr><td>3</td><td>4</td></tr>
          </tbody>
        </table>
        """, """
        Sales

        | Region | Half year |  |
        | --- | --- | --- |
        | North | 1 | 2 |
        |  | 3 | 4 |
        | Total | 4 | 6 |
        """)
        let document = try HTMLFixture.document("<table><tr><th>A</th><th>B</th></tr><tr><td colspan=\"2\" rowspan=\"0\">x</td></tr></table>")
        guard case .table(let table)? = document.blocks.first else {
            Issue.record("no table")
            return
        }
        #expect(table.rows[0].isHeader)
        #expect(table.rows[0].cells.allSatisfy { $0.isHeader })
        #expect(table.rows[1].cells == [TableCell(text: "x", columnSpan: 2)])
    }

    @Test func cellsWithBlocks() throws {
        try expect("""
        <table><tr><th>Name</th><th>Notes</th></tr>
        <tr><td>Teal</td><td><p>Small</p><p>Fast</p></td></tr></table>
        <table><tr><th>Name</th><th>Places</th></tr>
        <tr><td>Mallard</td><td><ul><li>Pond</li><li>Lake</li></ul></td></tr></table>
        """, """
        | Name | Notes |
        | --- | --- |
        | Teal | Small<br>Fast |

        <table><tr><th>Name</th><th>Places</th></tr>
        <tr><td>Mallard</td><td><ul><li>Pond</li><li>Lake</li></ul></td></tr>
        </table>
        """)
    }

    @Test func layoutTablesAreUnwrapped() throws {
        try expect("""
        <table><tr><td><h1>Single cell</h1><p>Content</p></td></tr></table>
        <table role="presentation"><tr><td><p>Left</p></td><td><p>Right</p></td></tr></table>
        """, """
        # Single cell

        Content

        Left

        Right
        """)
    }

    // MARK: - Code

    @Test func preformattedTextIsKeptExactly() throws {
        try expect("<pre>\n  indented\n\tcode  with   spaces\n\n  end\n</pre>",
                   "```\n  indented\n\tcode  with   spaces\n\n  end\n```")
    }

    @Test func codeLanguages() throws {
        try expect("""
        <pre><code class="language-swift">let x = 1</code></pre>
        <pre class="lang-js"><span>a()</span></pre>
        <div class="highlight-python notranslate"><div class="highlight"><pre>print(<b>1</b>)</pre></div></div>
        <pre class="sourceCode haskell"><code>main = pure ()</code></pre>
        <pre>line<br>break &lt;tag&gt;</pre>
        <div class="highlight-default"><pre>no = "language"</pre></div>
        """, """
        ```swift
        let x = 1
        ```

        ```js
        a()
        ```

        ```python
        print(1)
        ```

        ```haskell
        main = pure ()
        ```

        ```
        line
        break <tag>
        ```

        ```
        no = "language"
        ```
        """)
    }

    // MARK: - Quotes

    @Test func blockQuotes() throws {
        try expect("<blockquote><p>Quoted</p><blockquote>Nested</blockquote><p>More</p></blockquote>",
                   "> Quoted\n>\n> > Nested\n>\n> More")
    }

    // MARK: - Book chapters

    @Test func chaptersShareAContext() throws {
        let context = HTMLReadingContext(dropsBoilerplate: false, readsMetadata: false)
        context.resolveImage = { $0 == "../images/duck.png" ? "duck.png" : nil }
        context.resolveLink = { $0.hasPrefix("ch2.xhtml#") ? String($0.dropFirst(9)) : nil }
        let collector = DocumentCollector()
        let chapter = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>Chapter</title></head>
        <body><section epub:type="chapter"><h1>One</h1>
        <p>See <a href="ch2.xhtml#s1">there</a><a epub:type="noteref" href="#n1">1</a>.<br/>
        <img src="../images/duck.png" alt="Duck"/><img src="data:image/gif;base64,R0lGODlh" alt="gif"/></p>
        <aside epub:type="footnote" id="n1"><p>The note.</p></aside>
        </section></body></html>
        """
        for _ in 0..<2 {
            try HTMLConverter.convert(Array(chapter.utf8), limits: .default, deadline: Deadline(secondsFromNow: 30),
                                      context: context, into: collector)
        }
        let document = collector.document
        #expect(document.metadata.title == nil)
        #expect(document.assets.map(\.name) == ["image-1.gif", "image-2.gif"])
        #expect(context.nextImageNumber == 3)
        #expect(document.blocks.prefix(3) == [
            .heading(Heading(level: 1, content: [.text("One")])),
            .paragraph([
                .text("See "), .link(Link(destination: "#s1", content: [.text("there")])),
                .link(Link(destination: "#n1", content: [.text("1")])), .text("."), .lineBreak,
                .image(Image(source: "duck.png", altText: "Duck")), .image(Image(source: "image-1.gif", altText: "gif")),
            ]),
            .paragraph([.text("The note.")]),
        ])
    }

    @Test func elementIDsCanBecomeAnchors() throws {
        let context = HTMLReadingContext(dropsBoilerplate: false, readsMetadata: false)
        context.keepsElementIDs = true
        let collector = DocumentCollector()
        let html = "<h2 id=\"h\">Head</h2><p id=\"p1\">Text <span id=\"s\">here</span>.</p><aside id=\"n1\"><p>Note</p></aside>"
        try HTMLConverter.convert(Array(html.utf8), limits: .default, deadline: Deadline(secondsFromNow: 30),
                                  context: context, into: collector)
        #expect(collector.document.blocks == [
            .heading(Heading(level: 2, content: [.text("Head")], anchor: "h")),
            .paragraph([.anchor("p1"), .text("Text "), .anchor("s"), .text("here.")]),
            .paragraph([.anchor("n1"), .text("Note")]),
        ])
    }

    // MARK: - Math

    @Test func mathMLBecomesTeX() throws {
        try expect("""
        <p>Area <math alttext="\\pi r^2"><mi>π</mi></math> and \
        <math><semantics><mrow><mi>x</mi></mrow><annotation encoding="application/x-tex">{\\displaystyle x+1}</annotation></semantics></math>.</p>
        <math display="block"><mi>y</mi><mo>=</mo><mn>2</mn></math>
        """, """
        Area $\\pi r^2$ and $x+1$.

        $$
        y=2
        $$
        """)
    }
}
