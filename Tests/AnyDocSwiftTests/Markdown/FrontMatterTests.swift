import Testing
@testable import AnyDocSwift

@Suite struct FrontMatterTests {
    private let on = MarkdownOptions(frontMatter: true)

    @Test func allFieldsInOrder() throws {
        let metadata = Metadata(
            title: "Report", authors: ["Ann", "Bob"], subject: "Sales", keywords: ["q1", "eu"],
            created: "2024-01-02T03:04:05Z", modified: "2024-02-03", language: "en-GB",
            sourceFormat: .docx, pageCount: 12, extra: [("ocr_confidence", "0.93")])
        let markdown = try renderMarkdown([.paragraph([.text("Body")])], metadata: metadata, options: on)
        #expect(markdown == """
        ---
        title: "Report"
        authors:
          - "Ann"
          - "Bob"
        subject: "Sales"
        keywords:
          - "q1"
          - "eu"
        created: "2024-01-02T03:04:05Z"
        modified: "2024-02-03"
        language: "en-GB"
        format: "docx"
        pages: 12
        ocr_confidence: "0.93"
        ---

        Body

        """)
    }

    @Test func valuesAreDoubleQuotedYAML() throws {
        let metadata = Metadata(title: "Say \"hi\" \\ bye\nnext\tTab\u{1}\u{7F}\u{2028}", authors: ["O'Neil: #1"])
        let markdown = try renderMarkdown([], metadata: metadata, options: on)
        #expect(markdown == #"""
        ---
        title: "Say \"hi\" \\ bye\nnext\tTab\x01\x7F\L"
        authors:
          - "O'Neil: #1"
        ---

        """#)
    }

    @Test func extraKeysAreSanitizedAndNotRepeated() throws {
        let metadata = Metadata(title: "T", extra: [("my key!", "1"), ("", "2"), ("title", "dup"), ("my key?", "3"), ("empty", "")])
        let markdown = try renderMarkdown([.paragraph([.text("x")])], metadata: metadata, options: on)
        #expect(markdown == """
        ---
        title: "T"
        my_key_: "1"
        key: "2"
        ---

        x

        """)
    }

    @Test func emptyMetadata() throws {
        #expect(try renderMarkdown([.paragraph([.text("x")])], options: on) == "---\n---\n\nx\n")
    }

    @Test func offByDefault() throws {
        #expect(try renderMarkdown([.paragraph([.text("x")])], metadata: Metadata(title: "T")) == "x\n")
    }

    @Test func frontMatterBeforeVerbatimMarkdown() throws {
        #expect(try renderMarkdown([.markdown("# md\n")], metadata: Metadata(title: "T"), options: on) == "---\ntitle: \"T\"\n---\n\n# md\n")
    }

    @Test func metadataSetBeforeTheFirstBlockCounts() throws {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: on)
        writer.setMetadata(Metadata(title: "Early"))
        try writer.append(.paragraph([.text("x")]))
        writer.setMetadata(Metadata(title: "Late"))
        try writer.finish()
        #expect(output.text == "---\ntitle: \"Early\"\n---\n\nx\n")
    }
}
