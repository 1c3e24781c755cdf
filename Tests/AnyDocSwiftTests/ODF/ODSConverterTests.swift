import Testing
@testable import AnyDocSwift

/// Spreadsheets: sheets streamed as tables, repeats without blow-up,
/// displayed values, hidden sheets, rows and columns.
@Suite struct ODSConverterTests {
    private func markdown(_ options: ConversionOptions = ConversionOptions()) throws -> String {
        try AnyDocConverter(options: options).markdown(Corpus.testDocument("odf/sheets.ods"), fileName: "sheets.ods")
    }

    private static let dataSheet = """
        ## Data

        | Item | Value | Shown as |
        | --- | --- | --- |
        | Float | 3.5 | 3,50 € |
        | Percent | 12.5% | 12 USD |
        | Date | 2024-02-29 | 13:05:09 |
        | Boolean | TRUE | Rich **bold** text<br>second line |
        | Merged across | Tall | note |
        | Annotated[^1] |  |  |
        | Repeated \\| row |  |  |
        | Repeated \\| row |  |  |
        | Repeated \\| row |  |  |

        ## Empty

        ## Big

        | Head |
        | --- |

        """

    @Test func sheetsAsBoundariesAndTrimmedTables() throws {
        let output = try markdown()
        #expect(output.hasPrefix(Self.dataSheet))
        #expect(output.hasSuffix("| again |\n| last |\n\n[^1]: **Ada:** Check the total.\n"))
        #expect(!output.contains("Hidden"))
        #expect(!output.contains("Secret"))
        #expect(!output.contains("covered"))
    }

    @Test func repeatedRowsAreCappedAndHugeEmptyRepeatsCostNothing() throws {
        let clock = ContinuousClock()
        var output = ""
        let elapsed = try clock.measure { output = try markdown() }
        // 1,048,000 empty rows and 16,384-column rows are never expanded.
        #expect(elapsed < .seconds(5))
        let againRows = output.split(separator: "\n").filter { $0 == "| again |" }.count
        #expect(againRows == ODSConverter.maxRepeatedRows)
        let writer = MarkdownWriter(output: StringOutput())
        try AnyDocConverter().convert(Corpus.testDocument("odf/sheets.ods"), fileName: "sheets.ods", into: writer)
        try writer.finish()
        #expect(writer.warnings.contains { $0.contains("Big") && $0.contains("1000") })
    }

    @Test func hiddenSheetsRowsAndColumnsWhenAskedFor() throws {
        var options = ConversionOptions()
        options.includeHiddenSheets = true
        let output = try markdown(options)
        #expect(output.hasPrefix("""
        ## Data

        | Item | Secret column | Value | Shown as |
        | --- | --- | --- | --- |
        | Float | x | 3.5 | 3,50 € |
        """))
        #expect(output.contains("| Hidden row |  |  |  |\n| Merged across |  | Tall | note |\n"))
        #expect(output.contains("## Hidden\n\n| Hidden sheet text |\n| --- |\n"))
    }

    @Test func streamsRowsThroughTheSink() throws {
        let sink = ODSRecordingSink()
        try AnyDocConverter().convert(Corpus.testDocument("odf/sheets.ods"), fileName: "sheets.ods", into: sink)
        #expect(sink.events.prefix(3) == ["block sheet Data", "begin 3", "row Item|Value|Shown as"])
        #expect(sink.events.contains("row Merged across|Tall|note"))
        #expect(sink.metadata?.pageCount == 4)
        #expect(sink.metadata?.keywords == ["finance", "quarterly", "budget"])
        #expect(sink.metadata?.subject == "Numbers")
        #expect(sink.metadata?.sourceFormat == .ods)
    }

    @Test func typedValuesWithoutDisplayedText() {
        #expect(ODSCellValue.percent("0.125") == "12.5%")
        #expect(ODSCellValue.percent("1") == "100%")
        #expect(ODSCellValue.percent("-0.05") == "-5%")
        #expect(ODSCellValue.time("PT13H05M09S") == "13:05:09")
        #expect(ODSCellValue.time("PT10H10M10.123456S") == "10:10:10.123456")
        #expect(ODSCellValue.time("PT36H00M00S") == "36:00:00")
        #expect(ODSCellValue.time("-PT0H0M0S") == "00:00:00")
        #expect(ODSCellValue.time("P1Y") == "P1Y")
        #expect(ODSCellValue.time("PT") == "PT")
        #expect(ODSCellValue.time("P99999999999999999999D") == "P99999999999999999999D")
        // Rounding to the style's places carries into the seconds and minutes.
        let hundredths = ODSTimeFormat(parts: [.minutes(long: true), .text(":"), .seconds(long: true, decimals: 2)])
        #expect(ODSDuration("PT59.996S").flatMap(hundredths.format) == "01:00.00")
        #expect(ODSDuration("PT1.5S").flatMap(hundredths.format) == "00:01.50")
    }

    /// Times and durations as their cell style shows them, never wrapped
    /// at a day nor unsigned; what no style can show stays as stored; a
    /// first row of numbers sits under an empty header.
    @Test func durationsAndTimesAsTheirStyleShowsThem() throws {
        let markdown = try AnyDocConverter().markdown(Corpus.testDocument("odf/durations.ods"), fileName: "durations.ods")
        #expect(markdown == """
            ## Times

            | Case | Value |
            | --- | --- |
            | Day and hours, elapsed style | 26:00:00 |
            | Two weeks, wrapping style | 336:00:00 |
            | Minus 65 minutes | -1:05:00 |
            | Fraction, no decimals shown | 10:10:10.5 |
            | Fraction, two decimals | 00:00:01.26 |
            | Hours and minutes | 13:05 |
            | Months, no fixed length | P1Y2M |
            | No text, no style | 48:30:00 |
            | Weeks, no text | 336:00:00 |

            ## Numbers

            |  |  |
            | --- | --- |
            | 1 | 01:00:00 |
            | 2 | 02:00:00 |

            """)
    }

    /// A sheet's rows stream, so its body may have as many XML nodes as
    /// its cells need rather than a document part's node limit (a
    /// 200,000-row sheet has millions); the same body in a text document,
    /// which is held, is still refused, and the cells stay counted.
    @Test func aSheetMayHaveMoreNodesThanAHeldPart() throws {
        var options = ConversionOptions()
        options.limits.maxXMLNodes = 2_000
        let cells = (0..<200).map { row in
            "<table:table-row>" + (0..<4).map { column in
                #"<table:table-cell office:value-type="string"><text:p>r\#(row)c\#(column)</text:p></table:table-cell>"#
            }.joined() + "</table:table-row>"
        }.joined()
        let sheet = try AnyDocConverter(options: options).markdown(try Self.openDocument(
            "spreadsheet", body: #"<office:spreadsheet><table:table table:name="Rows">\#(cells)</table:table></office:spreadsheet>"#))
        #expect(sheet.contains("| r0c0 | r0c1 | r0c2 | r0c3 |"))
        #expect(sheet.hasSuffix("| r199c0 | r199c1 | r199c2 | r199c3 |\n"))

        options.limits.maxTableCells = 100
        #expect { try AnyDocConverter(options: options).markdown(try Self.openDocument(
            "spreadsheet", body: #"<office:spreadsheet><table:table table:name="Rows">\#(cells)</table:table></office:spreadsheet>"#))
        } throws: { ($0 as? ConversionError)?.kind == .resourceLimit }

        let paragraphs = (0..<800).map { "<text:p>p\($0)</text:p>" }.joined()
        #expect { try AnyDocConverter(options: options).markdown(try Self.openDocument("text", body: "<office:text>\(paragraphs)</office:text>"))
        } throws: { ($0 as? ConversionError)?.reason.contains("nodes") == true }
    }

    /// An OpenDocument package of `kind` (`text`, `spreadsheet`) whose
    /// `content.xml` body is `body`.
    private static func openDocument(_ kind: String, body: String) throws -> [UInt8] {
        let content = #"<?xml version="1.0" encoding="UTF-8"?><office:document-content"#
            + #" xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0""#
            + #" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0""#
            + #" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">"#
            + "<office:body>\(body)</office:body></office:document-content>"
        return try ZipFixture.archive([
            ZipFixture.Member(name: "mimetype", bytes: Array("application/vnd.oasis.opendocument.\(kind)".utf8), compression: .store),
            ZipFixture.Member(name: "content.xml", bytes: Array(content.utf8)),
        ])
    }
}

/// Records what a converter sends, to check streaming order.
final class ODSRecordingSink: DocumentSink {
    private(set) var events: [String] = []
    private(set) var metadata: Metadata?

    func setMetadata(_ metadata: Metadata) { self.metadata = metadata }

    func append(_ block: Block) throws(ConversionError) {
        if case .boundary(.sheet(let name)) = block {
            events.append("block sheet " + name)
        } else {
            events.append("block")
        }
    }

    func beginTable(columnCount: Int) throws(ConversionError) { events.append("begin \(columnCount)") }

    func appendTableRow(_ row: TableRow) throws(ConversionError) {
        events.append("row " + row.cells.map { cell in
            var text = ""
            for block in cell.blocks { block.forEachInlineRun { text += $0.plainText } }
            return text
        }.joined(separator: "|"))
    }

    func endTable() throws(ConversionError) { events.append("end") }
    func addFootnote(_ footnote: FootnoteDefinition) {}
    func addAsset(_ asset: Asset) {}
    func addWarning(_ warning: String) {}
}
