import AnyDocSwift
import Foundation
import Testing
@testable import AnyDocProjects

/// The search index holds the text a reader sees, not Markdown or HTML
/// syntax, while hits still point into the Markdown.
@Suite struct ReaderTextTests {
    static func reader(_ markdown: String) -> String {
        ReaderText.of(Array(markdown.utf8)[...])
    }

    @Test func markupIsDroppedAndTextKept() {
        #expect(Self.reader("## Café *Notes* ##\n\n> - [ ] **Buy** ~~milk~~ and `x|y`\n1. Second\n\n---\n")
            == "Café Notes\nBuy milk and x|y\nSecond")
        // Link texts stay, destinations go; an autolink's address is its text.
        #expect(Self.reader("See [the *guide*](https://example.org/td.html \"Title\") or <https://kestrel.example/x>.")
            == "See the guide or https://kestrel.example/x.")
        #expect(Self.reader("![A heron](images/heron.png) and [![logo](l.png)](<a b.html>)") == "A heron and logo")
        // HTML: tags and comments go, cells stay apart, entities decode, alt text stays.
        #expect(Self.reader("<!-- page 3 -->\n<table><tr><td>Alpha</td><td>Beta &amp; Co&#10;Ltd</td></tr>\n<tr><td><img src=\"a.png\" alt=\"heron &quot;x&quot;\"></td></tr></table>")
            == "Alpha Beta & Co Ltd\nheron \"x\"")
        #expect(Self.reader("x<sup>2</sup> <a id=\"intro\"></a>Intro") == "x2 Intro")
        // Pipe tables: no pipes and no delimiter row.
        #expect(Self.reader("| Name | Value |\n| --- | :-: |\n| **bold** | a \\| b |") == "Name Value\nbold a | b")
        // Escapes, and characters that only look like syntax.
        #expect(Self.reader("3 * 4 = 12, snake_case, \\*not emphasis\\*, a < b, AT&T [^1]") == "3 * 4 = 12, snake_case, *not emphasis*, a < b, AT&T 1")
        // Code is kept as written, a fence's lines are not text.
        #expect(Self.reader("```html\n<td>**cell**</td>\n```\nafter") == "<td>**cell**</td>\nafter")
        #expect(ReaderText.of(Array("<td>x</td>\n```\n*y*".utf8)[...], fence: Chunk.CodeFence(marker: UInt8(ascii: "`"), count: 3)) == "<td>x</td>\ny")
    }

    /// Hostile input costs time linear in its length: every look-ahead is
    /// bounded, and unclosed syntax is read once.
    @Test func unclosedSyntaxIsText() {
        #expect(Self.reader("[a [b](c) <d `e") == "[a b <d e")
        let hostile = String(repeating: "<a x=\"[`", count: 20_000)
        #expect(Self.reader(hostile).count > 0)
    }

    @Test func searchMatchesWhatReadersSeeAndHitsOpenTheirSection() throws {
        let fixture = try Fixture()
        try fixture.write("prices.md", """
            # Prices

            See [the guide](https://example.org/tables/td.html) or <https://kestrel.example/x>.

            <table><tr><td>Alpha</td><td>Beta &amp; Co</td></tr>
            <tr><td>Gamma</td><td><img src="a.png" alt="heron picture"></td></tr>
            </table>

            | Name | Value |
            | --- | --- |
            | **bold** | `x` |
            """)
        try fixture.write("prose.md", "# Furniture\n\nThe oak table stands by the window.\n")
        let store = try fixture.store()
        #expect(try Ingestion(store: store, jobs: 1).run([fixture.documents], project: "Reading").added == 2)

        // Markup is not text: tag names, link targets, comments and syntax find nothing.
        for query in ["td", "tr", "img", "png", "href", "tables", "html", "amp", "page", "example.org"] {
            #expect(try store.search(in: "Reading", query: query).isEmpty, "\(query)")
        }
        #expect(try store.search(in: "Reading", query: "table").map(\.path) == ["prose.md"])
        // What a reader sees is found: cell text, alt text, link text, an autolink's address.
        for query in ["gamma", "heron", "guide", "kestrel", "\"beta & co\""] {
            #expect(try store.search(in: "Reading", query: query).map(\.path) == ["prices.md"], "\(query)")
        }
        let hit = try #require(try store.search(in: "Reading", query: "alpha").first)
        #expect(hit.snippet.contains("<mark>Alpha</mark>") && hit.snippet.contains("Beta & Co") && hit.snippet.contains("heron picture"))
        #expect(!hit.snippet.contains("<td>") && !hit.snippet.contains("&amp;"))
        // The hit's offset and length are scalars of the Markdown, around the match.
        let markdown = try store.markdown(of: store.version(of: "prices.md", in: "Reading"))
        let scalars = Array(markdown.unicodeScalars)
        let section = String(String.UnicodeScalarView(scalars[hit.offset..<hit.offset + hit.length]))
        #expect(section.contains("<td>Alpha</td>"))
    }
}
