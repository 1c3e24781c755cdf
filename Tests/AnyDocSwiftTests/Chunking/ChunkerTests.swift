import Foundation
import Testing
@testable import AnyDocSwift

@Suite struct ChunkerTests {
    static let prose = (1...40).map { paragraph in
        (1...5).map { "Sentence \($0) of paragraph \(paragraph) talks about coastal birds." }.joined(separator: " ")
    }.joined(separator: "\n\n") + "\n"

    @Test func noChunkPassesTheMaximumInCharactersOrTokens() {
        let giant = String(repeating: "x", count: 700)
        let markdown = "# Notes\n\n" + Self.prose + "\n" + giant + " tail\n\n" + String(repeating: "数据转换工具测试", count: 80) + "\n"
        for unit in ChunkOptions.Unit.allCases {
            for size in [20, 64, 200, 1_000] {
                let options = ChunkOptions(maxSize: size, unit: unit)
                let chunks = Chunker.chunks(markdown: markdown, options: options)
                #expect(ChunkCheck.problems(chunks, of: markdown, options: options).isEmpty, "\(unit) \(size)")
                // Without overlap the chunks cover the Markdown once, in order.
                #expect(chunks.map { $0.text.dropFirst($0.tableHeader?.count ?? 0) }.joined() == markdown, "\(unit) \(size)")
                // Only white space that fitted no neighbour is left without words.
                #expect(chunks.allSatisfy { $0.hasWords || $0.text.allSatisfy(\.isWhitespace) }, "\(unit) \(size)")
            }
        }
    }

    @Test func cutsAtParagraphsThenSentences() {
        let options = ChunkOptions(maxSize: 700)
        let chunks = Chunker.chunks(markdown: Self.prose, options: options)
        // A paragraph is about 340 characters: two fit, and the cut is between them.
        #expect(chunks.count > 10)
        #expect(chunks.allSatisfy { $0.text.hasSuffix("\n\n") || $0.text.hasSuffix("\n") })
        let sentences = Chunker.chunks(markdown: Self.prose, options: ChunkOptions(maxSize: 150))
        #expect(sentences.allSatisfy { $0.text.hasSuffix(". ") || $0.text.hasSuffix(".\n\n") || $0.text.hasSuffix(".\n") })
        // CJK sentences end at 。 with no space after it.
        let chinese = String(repeating: "本文件用于测试文本编码的识别与转换。", count: 30) + "\n"
        let cjk = Chunker.chunks(markdown: chinese, options: ChunkOptions(maxSize: 60))
        #expect(cjk.count > 5)
        #expect(cjk.dropLast().allSatisfy { $0.text.hasSuffix("。") })
    }

    @Test func tablesSplitByRowsWithTheirHeaderRepeated() {
        let header = "| Name | Value |\n| --- | --- |\n"
        let rows = (1...60).map { "| kestrel \($0) | \($0 * 7) |" }.joined(separator: "\n")
        let markdown = "# Counts\n\nBefore the table.\n\n" + header + rows + "\n\nAfter the table.\n"
        let options = ChunkOptions(maxSize: 200)
        let chunks = Chunker.chunks(markdown: markdown, options: options)
        #expect(ChunkCheck.problems(chunks, of: markdown, options: options).isEmpty)
        let continued = chunks.filter { $0.tableHeader != nil }
        #expect(continued.count >= 5)
        #expect(continued.allSatisfy { $0.tableHeader == header && $0.text.hasPrefix(header) })
        // Pieces of the table are whole rows.
        for chunk in continued {
            let lines = chunk.text.dropFirst(header.count).split(separator: "\n")
            #expect(lines.allSatisfy { $0.hasPrefix("| kestrel") && $0.hasSuffix("|") } || lines.last == "After the table.")
        }
    }

    @Test func listsSplitBetweenItemsAndCodeBetweenLines() {
        let list = (1...30).map { "- Item \($0) names a bird seen on the shore\n  and a second line for it" }.joined(separator: "\n") + "\n"
        let listChunks = Chunker.chunks(markdown: list, options: ChunkOptions(maxSize: 250))
        #expect(listChunks.count > 3)
        #expect(listChunks.allSatisfy { $0.text.hasPrefix("- Item") })
        let code = "```swift\n" + (1...80).map { "let value\($0) = \($0)" }.joined(separator: "\n") + "\n```\n\nAfter.\n"
        let codeChunks = Chunker.chunks(markdown: code, options: ChunkOptions(maxSize: 200))
        #expect(codeChunks.count > 3)
        #expect(codeChunks.allSatisfy { $0.text.hasSuffix("\n") })
        #expect(codeChunks.dropFirst().first?.openFence == Chunk.CodeFence(marker: UInt8(ascii: "`"), count: 3))
        #expect(codeChunks.dropFirst().allSatisfy { $0.text.hasPrefix("let value") || $0.text.hasPrefix("```") || $0.text.hasPrefix("After") })
    }

    @Test func markersAndBareHeadingsJoinTheTextTheyIntroduce() {
        let markdown = "<!-- page 1 -->\n\n# Report\n\n## Summary\n\nThe survey counted birds.\n\n<!-- page 2 -->\n\n<!-- page 3 -->\n\nMore counts follow here.\n"
        let chunks = Chunker.chunks(markdown: markdown, options: ChunkOptions(maxSize: 200))
        #expect(ChunkCheck.problems(chunks, of: markdown, options: ChunkOptions(maxSize: 200)).isEmpty)
        #expect(chunks.count == 2)
        #expect(chunks.first?.text.hasPrefix("<!-- page 1 -->\n\n# Report\n\n## Summary") == true)
        #expect(chunks.first?.headingPath == ["Report", "Summary"])
        #expect(chunks.first?.pages == [1])
        #expect(chunks.last?.pages == [2, 3])
        #expect(chunks.last?.location == .page(3))
        // A heading stays with the start of a paragraph too long to join it whole.
        let long = "# Title\n\n## Part\n\n" + String(repeating: "Terns dive for fish. ", count: 23) + "\n"
        let cut = Chunker.chunks(markdown: long, options: ChunkOptions(maxSize: 500))
        #expect(cut.count == 2 && cut.first?.text.hasPrefix("# Title\n\n## Part\n\nTerns") == true)
        #expect(ChunkCheck.problems(cut, of: long, options: ChunkOptions(maxSize: 500)).isEmpty)
        // When the joined piece would not fit, a marker-only piece is a chunk without words.
        let tight = Chunker.chunks(markdown: "<!-- page 1 -->\n\n" + String(repeating: "word ", count: 12) + "\n", options: ChunkOptions(maxSize: 60))
        #expect(tight.filter(\.hasWords).allSatisfy { ChunkCheck.hasWords($0.text) })
    }

    @Test func slidesAndSheetsAreProvenance() {
        let slides = Chunker.chunks(markdown: "## Slide 1: Hello\n\nText\n\n## Slide 2\n\nMore\n", family: .presentation)
        #expect(slides.map(\.provenance) == [[.slide(number: 1, title: "Hello")], [.slide(number: 2, title: nil)]])
        let sheets = Chunker.chunks(markdown: "## Budget\n\n| a |\n| --- |\n| 1 |\n\n## Staff\n\n| b |\n| --- |\n| 2 |\n", family: .spreadsheet)
        #expect(sheets.map(\.provenance) == [[.sheet(name: "Budget")], [.sheet(name: "Staff")]])
    }

    @Test func overlapRepeatsTheEndOfThePreviousChunk() {
        let options = ChunkOptions(maxSize: 200, overlap: 40)
        let chunks = Chunker.chunks(markdown: Self.prose, options: options)
        #expect(ChunkCheck.problems(chunks, of: Self.prose, options: options).isEmpty)
        let overlapping = zip(chunks, chunks.dropFirst()).filter { $1.offset < $0.offset + $0.length }
        #expect(overlapping.count > chunks.count / 2)
        #expect(overlapping.allSatisfy { $0.offset + $0.length - $1.offset <= 40 })
    }

    @Test func aDocumentModelIsChunkedThroughItsMarkdown() throws {
        let document = Document(
            metadata: Metadata(sourceFormat: .pdf),
            blocks: [
                .boundary(.page(1)), .heading(Heading(level: 1, content: [.text("Shore *birds*")])),
                .paragraph([.text(String(repeating: "Terns nest on the dunes. ", count: 20))]),
                .boundary(.page(2)), .paragraph([.text("Gulls follow the boats.")]),
            ])
        let (markdown, chunks) = try Chunker.chunks(of: document, options: ChunkOptions(maxSize: 200))
        #expect(markdown == (try MarkdownWriter.render(document)))
        #expect(ChunkCheck.problems(chunks, of: markdown, options: ChunkOptions(maxSize: 200)).isEmpty)
        #expect(chunks.first?.headingPath == ["Shore *birds*"])
        #expect(chunks.last?.pages == [2])
        #expect(chunks.count >= 3)
    }
}
