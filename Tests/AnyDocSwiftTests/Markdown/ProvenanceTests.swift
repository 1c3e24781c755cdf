import Testing
@testable import AnyDocSwift

/// Page comments, slide headings and sheet headings.
@Suite struct ProvenanceTests {
    private let off = MarkdownOptions(provenanceMarkers: false)

    @Test func pageMarkers() throws {
        let blocks: [Block] = [.boundary(.page(1)), .paragraph([.text("one")]), .boundary(.page(2)), .paragraph([.text("two")])]
        #expect(try renderMarkdown(blocks) == "<!-- page 1 -->\n\none\n\n<!-- page 2 -->\n\ntwo\n")
        #expect(try renderMarkdown(blocks, options: off) == "one\n\ntwo\n")
    }

    @Test func slideHeadings() throws {
        let blocks: [Block] = [
            .boundary(.slide(number: 1, title: "Intro")), .paragraph([.text("a")]),
            .boundary(.slide(number: 2, title: nil)), .boundary(.slide(number: 3, title: "  \n ")),
            .boundary(.slide(number: 4, title: "Line\none #")),
        ]
        #expect(try renderMarkdown(blocks) == """
        ## Slide 1: Intro

        a

        ## Slide 2

        ## Slide 3

        ## Slide 4: Line one \\#

        """)
        #expect(try renderMarkdown(blocks, options: off) == "## Intro\n\na\n\n## Line one \\#\n")
    }

    @Test func sheetHeadingsAreContent() throws {
        // A sheet's name is its heading whether or not markers are on.
        let blocks: [Block] = [.boundary(.sheet(name: "Q1 *draft*")), .table(Table(rows: [TableRow(cells: [cell("v")])]))]
        let expected = "## Q1 \\*draft\\*\n\n| v |\n| --- |\n"
        #expect(try renderMarkdown(blocks) == expected)
        #expect(try renderMarkdown(blocks, options: off) == expected)
    }

    @Test func boundariesInsideOtherBlocks() throws {
        let quote = Block.blockQuote([.boundary(.page(7)), .paragraph([.text("q")])])
        #expect(try renderMarkdown([quote]) == "> <!-- page 7 -->\n>\n> q\n")
        #expect(try renderMarkdown([quote], options: off) == "> q\n")
        let table = Block.table(Table(rows: [TableRow(cells: [TableCell(blocks: [.boundary(.page(3)), .paragraph([.text("c")])])])]))
        #expect(try renderMarkdown([table]) == "| c |\n| --- |\n")
    }
}
