import Testing
@testable import AnyDocSwift

/// Exact Markdown for the binary workbooks in TestDocuments/xlsb, which
/// Scripts/make-xlsb-fixtures.py writes record by record.
@Suite struct XLSBConverterTests {
    private func markdown(_ name: String, hidden: Bool = false) throws -> String {
        try SpreadsheetTestSupport.markdown(
            Corpus.testDocument("xlsb/\(name).xlsb"), converter: XLSBConverter.self, format: .xlsb,
            options: SpreadsheetTestSupport.options(format: .xlsb, hidden: hidden), fileName: "\(name).xlsb")
    }

    static let cells = """
    ## Cells

    | Kind | Value |
    | --- | --- |
    | shared | plain text |
    | inline | inline text |
    | rich | rich text |
    | specials | a \\| b \\*not emphasis\\* |
    | unicode | 東京 |
    | real | 1234.5 |
    | rk integer | -42 |
    | rk hundredths | 12.34 |
    | rk double | 0.75 |
    | percent | 26% |
    | percent 2 | -1.25% |
    | short date | 2024-02-29 |
    | date time | 2024-02-29 18:00 |
    | thousands | -9,876.55 |
    | boolean | TRUE |
    | boolean | FALSE |
    | error | #DIV/0! |
    | formula number | 3 |
    | formula text | joined |
    | formula boolean | TRUE |
    | formula error | #N/A |
    | text format | Note: plain text |
    |  |  |
    | merged across |  |
    | General 15 digits | 123456789012345 |

    ## Notes

    | Second sheet |
    | --- |
    | 42 |

    """

    @Test func cellTypesFormatsAndSheets() throws {
        // The merge A25:B25 hides B25's stale value; the chart sheet has no
        // cells and the hidden sheet is left out.
        #expect(try markdown("cells") == Self.cells)
    }

    @Test func hiddenSheetsOnRequest() throws {
        #expect(try markdown("cells", hidden: true) == Self.cells + "\n## Secret\n\n| Hidden text |\n| --- |\n")
    }

    @Test func dates1904() throws {
        #expect(try markdown("date1904") == """
        ## Dates

        | Serial | Date |
        | --- | --- |
        | 0 | 1904-01-01 00:00 |
        | 1 | 1904-01-02 00:00 |
        | 42735 | 2021-01-01 00:00 |
        | 45000.5 | 2027-03-16 12:00 |

        """)
    }

    @Test func metadataFromCoreProperties() throws {
        let collector = DocumentCollector()
        let options = SpreadsheetTestSupport.options(format: .xlsb)
        try XLSBConverter.convert(
            ConversionInput(
                bytes: Corpus.testDocument("xlsb/cells.xlsb"), format: .xlsb, options: options,
                deadline: Deadline(secondsFromNow: 30), fileName: "cells.xlsb"),
            into: collector)
        #expect(collector.document.metadata.title == "Binary cells")
        #expect(collector.document.metadata.pageCount == 2)
    }

    @Test func recordHeadersUseSevenBitGroups() {
        // Type 617 (BrtBeginCellXFs) is E9 04; a size of 200 is C8 01.
        var walker = XLSBRecordWalker([0xE9, 0x04, 0xC8, 0x01] + [UInt8](repeating: 7, count: 200) + [0x00, 0x00])
        let first = walker.next()
        #expect(first?.type == 617)
        #expect(first?.data == 4..<204)
        #expect(walker.next()?.type == 0)
        #expect(walker.next() == nil)
        #expect(!walker.isTruncated)

        var cut = XLSBRecordWalker([0x05, 0x10, 0x01])
        #expect(cut.next() == nil)
        #expect(cut.isTruncated)
    }
}
