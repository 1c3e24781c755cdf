import Testing
@testable import AnyDocSwift

@Suite struct CSVConverterTests {
    private func markdown(_ text: String, fileName: String = "data.csv", options: ConversionOptions = ConversionOptions()) throws -> String {
        try AnyDocConverter(options: options).markdown(Array(text.utf8), fileName: fileName)
    }

    @Test func aFieldOverAnEighthOfALargeFileIsAResourceLimitAndSmallerOnesConvert() throws {
        let field = String(repeating: "x", count: (1 << 20) + 1)
        var error: ConversionError?
        do { _ = try markdown("\"" + field + "\"\n") } catch let caught as ConversionError { error = caught }
        #expect(error?.kind == .resourceLimit)
        // Up to 1 MB a field always fits, whatever share of the file it is.
        let fits = String(repeating: "y", count: 1 << 20)
        #expect(try markdown("a\n" + fits + "\n").contains(fits))
        #expect(CSVConverter.longestField(inputBytes: 80 << 20) == 10 << 20)
    }

    @Test func firstRecordIsTheHeader() throws {
        #expect(try markdown("a,b\n1,2\n") == "| a | b |\n| --- | --- |\n| 1 | 2 |\n")
    }

    @Test func quotedContentIsPlainText() throws {
        let csv = "name,quote,lines\r\n\"Doe, Jane\",\"say \"\"hi\"\"\",\"one\r\ntwo\"\r\n"
        #expect(try markdown(csv) == "| name | quote | lines |\n| --- | --- | --- |\n| Doe, Jane | say \"hi\" | one<br>two |\n")
    }

    @Test func raggedRowsArePaddedToTheWidestRecord() throws {
        #expect(try markdown("a,b,c\n1\n1,2,3,4\n") == """
            | a | b | c |  |
            | --- | --- | --- | --- |
            | 1 |  |  |  |
            | 1 | 2 | 3 | 4 |

            """)
    }

    @Test func cellsKeepPipesAndMarkupAsText() throws {
        #expect(try markdown("a;b\nx|y;*not emphasis*\n") == "| a | b |\n| --- | --- |\n| x\\|y | \\*not emphasis\\* |\n")
    }

    @Test func classicMacLineEnds() throws {
        #expect(try markdown("a,b\r1,2\r") == "| a | b |\n| --- | --- |\n| 1 | 2 |\n")
    }

    @Test func nulBytesAreDropped() throws {
        let bytes = Array("a,b\n".utf8) + [0] + Array("x,y\u{0}z\n".utf8)
        #expect(try AnyDocConverter().markdown(bytes, fileName: "nul.csv") == "| a | b |\n| --- | --- |\n| x | yz |\n")
    }

    @Test func semicolonsWithDecimalCommas() throws {
        #expect(try markdown("Preis;Menge\n12,99;3\n1.234,56;1\n") == "| Preis | Menge |\n| --- | --- |\n| 12,99 | 3 |\n| 1.234,56 | 1 |\n")
    }

    @Test func tsvIsAlwaysTabSeparated() throws {
        #expect(try markdown("a,b\tc\n1,2\t3\n", fileName: "data.tsv") == "| a,b | c |\n| --- | --- |\n| 1,2 | 3 |\n")
    }

    @Test func emptyInputHasNoTable() throws {
        #expect(try markdown("") == "")
        #expect(try markdown("\n\r\n") == "")
    }

    @Test func headerOnly() throws {
        #expect(try markdown("a,b") == "| a | b |\n| --- | --- |\n")
    }

    @Test func unclosedQuoteKeepsTheRestAndWarns() throws {
        let bytes = try Corpus.testDocument("csv/unclosed-quote.csv")
        #expect(try AnyDocConverter().markdown(bytes, fileName: "unclosed-quote.csv") == """
            | id | comment |
            | --- | --- |
            | 1 | fine |
            | 2 | "never closed |
            | 3 | after |

            """)
        let document = try AnyDocConverter().document(bytes, fileName: "unclosed-quote.csv")
        #expect(document.warnings == ["a quote opened on line 3 is never closed; from there on quotes were read as ordinary characters"])
    }

    @Test func legacyEncodedSemicolonFixture() throws {
        let bytes = try Corpus.testDocument("csv/semicolon-windows-1252.csv")
        #expect(try AnyDocConverter().markdown(bytes, fileName: "semicolon-windows-1252.csv") == """
            | Stadt | Einwohner | Fläche (km²) |
            | --- | --- | --- |
            | München | 1.512.491 | 310,7 |
            | Köln | 1.084.831 | 405,0 |

            """)
        let document = try AnyDocConverter().document(bytes, fileName: "semicolon-windows-1252.csv")
        #expect(document.metadata.sourceFormat == .csv)
        #expect(document.metadata.extra.first { $0.key == "encoding" }?.value == "ISO-8859-1")
    }

    @Test func utf16TabFixture() throws {
        let bytes = try Corpus.testDocument("csv/tab-utf16be-bom.tsv")
        #expect(try AnyDocConverter().markdown(bytes, fileName: "tab-utf16be-bom.tsv") == "| name | city |\n| --- | --- |\n| Zoë | Αθήνα |\n")
    }

    @Test func pipeMacRaggedFixture() throws {
        let bytes = try Corpus.testDocument("csv/pipe-mac-ragged.csv")
        #expect(try AnyDocConverter().markdown(bytes, fileName: "pipe-mac-ragged.csv") == """
            | a | b | c |  |
            | --- | --- | --- | --- |
            | 1 | 2 |  |  |
            | x<br>y | 3 | 4 | 5 |

            """)
    }

    @Test func streamsOneRowAtATime() throws {
        let sink = RecordingSink()
        try AnyDocConverter().convert(Array("a,b\n1\n2,3,4\n".utf8), fileName: "data.csv", into: sink)
        #expect(sink.events == ["metadata csv", "begin 3", "row header a|b|", "row 1||", "row 2|3|4", "end"])
    }

    @Test func tableCellLimitIsEnforcedBeforeAnyRow() {
        var options = ConversionOptions()
        options.limits.maxTableCells = 5
        let sink = RecordingSink()
        let error = #expect(throws: ConversionError.self) {
            try AnyDocConverter(options: options).convert(Array("a,b\n1,2\n3,4\n".utf8), fileName: "data.csv", into: sink)
        }
        #expect(error?.kind == .resourceLimit)
        #expect(sink.events == ["metadata csv"])
        var enough = ConversionOptions()
        enough.limits.maxTableCells = 6
        #expect(throws: Never.self) { try markdown("a,b\n1,2\n3,4\n", options: enough) }
    }

    @Test func deadlineStopsALongTable() {
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 1e-9
        let csv = String(repeating: "1,2\n", count: 10_000)
        let error = #expect(throws: ConversionError.self) { try markdown(csv, options: options) }
        #expect(error?.kind == .resourceLimit)
    }

    @Test func undecodableInputIsRefused() {
        let bytes = Array("a,b\n".utf8) + Array("Привет".utf8) + [0xFF, 0xFE, 0x01]
        let error = #expect(throws: ConversionError.self) { try AnyDocConverter().markdown(bytes, fileName: "bad.csv") }
        #expect(error?.kind == .unsupported)
    }
}

/// A sink that writes down what it is told, in order.
final class RecordingSink: DocumentSink {
    private(set) var events: [String] = []

    func setMetadata(_ metadata: Metadata) { events.append("metadata \(metadata.sourceFormat?.rawValue ?? "-")") }
    func append(_ block: Block) throws(ConversionError) { events.append("block") }
    func beginTable(columnCount: Int) throws(ConversionError) { events.append("begin \(columnCount)") }

    func appendTableRow(_ row: TableRow) throws(ConversionError) {
        let cells = row.cells.map { $0.blocks.isEmpty ? "" : $0.blocks.map { block in
            if case .paragraph(let content) = block { return content.plainText }
            return "?"
        }.joined() }
        events.append("row " + (row.isHeader ? "header " : "") + cells.joined(separator: "|"))
    }

    func endTable() throws(ConversionError) { events.append("end") }
    func addFootnote(_ footnote: FootnoteDefinition) { events.append("footnote") }
    func addAsset(_ asset: Asset) { events.append("asset") }
    func addWarning(_ warning: String) { events.append("warning \(warning)") }
}
