import Testing
@testable import AnyDocSwift

@Suite struct ListTests {
    private func bullets(_ items: [ListItem]) -> Block { .list(List(kind: .bullet, items: items)) }
    private func ordered(_ start: Int, _ items: [ListItem]) -> Block { .list(List(kind: .ordered(start: start), items: items)) }

    @Test func tightBulletList() throws {
        #expect(try renderMarkdown([bullets([item("one"), item("two")])]) == "- one\n- two\n")
    }

    @Test func orderedListKeepsItsNumbering() throws {
        #expect(try renderMarkdown([ordered(3, [item("c"), item("d")])]) == "3. c\n4. d\n")
        #expect(try renderMarkdown([ordered(0, [item("zero")])]) == "0. zero\n")
        #expect(try renderMarkdown([ordered(-5, [item("clamped")])]) == "0. clamped\n")
        // A marker has at most nine digits.
        #expect(try renderMarkdown([ordered(999_999_999, [item("a"), item("b")])]) == "999999998. a\n999999999. b\n")
    }

    /// Content is indented by the width of its own marker, which grows
    /// from `9.` to `10.`.
    @Test func indentFollowsMarkerWidth() throws {
        let markdown = try renderMarkdown([ordered(9, [
            item("nine", List(kind: .bullet, items: [item("a")])),
            ListItem(blocks: [.paragraph([.text("ten")]), .list(List(kind: .ordered(start: 1), items: [item("b")]))]),
        ])])
        #expect(markdown == """
        9. nine
           - a
        10. ten
            1. b

        """)
    }

    @Test func deeplyNestedLists() throws {
        let markdown = try renderMarkdown([bullets([
            item("a", List(kind: .ordered(start: 1), items: [item("b", List(kind: .bullet, items: [item("c")]))])),
        ])])
        #expect(markdown == """
        - a
          1. b
             - c

        """)
    }

    @Test func looseListSeparatesItemsAndBlocks() throws {
        let markdown = try renderMarkdown([bullets([
            ListItem(blocks: [.paragraph([.text("first")]), .paragraph([.text("more")])]),
            item("second"),
        ])])
        #expect(markdown == """
        - first

          more

        - second

        """)
    }

    @Test func codeInAnItemMakesTheListLoose() throws {
        let markdown = try renderMarkdown([ordered(1, [
            ListItem(blocks: [.paragraph([.text("run")]), .codeBlock(CodeBlock(language: "sh", code: "make\n\nmake test"))]),
            item("done"),
        ])])
        #expect(markdown == """
        1. run

           ```sh
           make

           make test
           ```

        2. done

        """)
    }

    @Test func taskLists() throws {
        let markdown = try renderMarkdown([bullets([item("todo", checkbox: .unchecked), item("done", checkbox: .checked)])])
        #expect(markdown == "- [ ] todo\n- [x] done\n")
        #expect(try renderMarkdown([ordered(1, [item("step", checkbox: .checked)])]) == "1. [x] step\n")
    }

    @Test func textThatLooksLikeACheckboxIsEscaped() throws {
        #expect(try renderMarkdown([bullets([item("[ ] not a task"), item("[x] nor this")])]) == "- \\[ ] not a task\n- \\[x] nor this\n")
        #expect(try renderMarkdown([bullets([item("[x]y")])]) == "- [x]y\n")
    }

    @Test func itemTextIsLineStartEscaped() throws {
        #expect(try renderMarkdown([bullets([item("- dash"), item("1. one"), item("# hash")])]) == "- \\- dash\n- 1\\. one\n- \\# hash\n")
    }

    @Test func emptyItems() throws {
        #expect(try renderMarkdown([bullets([ListItem(blocks: []), item("b")])]) == "-\n- b\n")
        #expect(try renderMarkdown([ordered(1, [item("a"), ListItem([])])]) == "1. a\n2.\n")
    }

    @Test func adjacentListsAlternateMarkers() throws {
        #expect(try renderMarkdown([bullets([item("a")]), bullets([item("b")]), bullets([item("c")])]) == "- a\n\n* b\n\n- c\n")
        #expect(try renderMarkdown([ordered(1, [item("a")]), ordered(1, [item("b")])]) == "1. a\n\n1) b\n")
        #expect(try renderMarkdown([bullets([item("a")]), ordered(1, [item("b")]), bullets([item("c")])]) == "- a\n\n1. b\n\n- c\n")
    }

    @Test func listsAfterOtherBlocksStartAgain() throws {
        #expect(try renderMarkdown([bullets([item("a")]), .paragraph([.text("p")]), bullets([item("b")])]) == "- a\n\np\n\n- b\n")
    }

    /// A block that writes nothing does not separate two lists.
    @Test func invisibleBlocksDoNotResetMarkers() throws {
        #expect(try renderMarkdown([bullets([item("a")]), .paragraph([]), bullets([item("b")])]) == "- a\n\n* b\n")
        let noMarkers = MarkdownOptions(provenanceMarkers: false)
        #expect(try renderMarkdown([bullets([item("a")]), .boundary(.page(2)), bullets([item("b")])], options: noMarkers) == "- a\n\n* b\n")
        #expect(try renderMarkdown([bullets([item("a")]), .boundary(.page(2)), bullets([item("b")])]) == "- a\n\n<!-- page 2 -->\n\n- b\n")
    }

    @Test func twoNestedListsInOneItem() throws {
        let markdown = try renderMarkdown([bullets([ListItem(blocks: [
            .paragraph([.text("a")]), .list(List(kind: .bullet, items: [item("b")])), .list(List(kind: .bullet, items: [item("c")])),
        ])])])
        #expect(markdown == "- a\n  - b\n  * c\n")
    }

    /// Only a list starting at 1 with content can follow a paragraph line
    /// directly; other nested lists need a blank line, so the list is loose.
    @Test func nestedListsThatCannotInterruptAParagraph() throws {
        let fromThree = try renderMarkdown([bullets([item("a", List(kind: .ordered(start: 3), items: [item("c")]))])])
        #expect(fromThree == "- a\n\n  3. c\n")
        let emptyFirst = try renderMarkdown([bullets([item("a", List(kind: .bullet, items: [ListItem(blocks: []), item("x")]))])])
        #expect(emptyFirst == "- a\n\n  -\n  - x\n")
        let fromOne = try renderMarkdown([bullets([item("a", List(kind: .ordered(start: 1), items: [item("c")]))])])
        #expect(fromOne == "- a\n  1. c\n")
    }

    @Test func thematicBreakFirstInAnItem() throws {
        // `- ---` would be a single thematic break.
        #expect(try renderMarkdown([bullets([ListItem(blocks: [.thematicBreak]), item("b")])]) == "- ***\n\n- b\n")
        #expect(try renderMarkdown([bullets([item("a")]), bullets([ListItem(blocks: [.thematicBreak])])]) == "- a\n\n* ---\n")
    }

    @Test func tightOuterListWithLooseInnerList() throws {
        let inner = List(kind: .bullet, items: [ListItem(blocks: [.paragraph([.text("b")]), .paragraph([.text("b2")])]), item("c")])
        let markdown = try renderMarkdown([bullets([item("a", inner), item("d")])])
        #expect(markdown == """
        - a
          - b

            b2

          - c
        - d

        """)
    }

    @Test func tableInAnItem() throws {
        let table = Block.table(Table(rows: [TableRow(cells: [cell("h")]), TableRow(cells: [cell("v")])]))
        #expect(try renderMarkdown([bullets([ListItem(blocks: [table])])]) == "- | h |\n  | --- |\n  | v |\n")
    }
}
