import Foundation
import Testing
@testable import AnyDocSwift

/// The real-world XLSB workbooks in ../shared/corpus: all convert, and known
/// cells read as Excel shows them (checked against LibreOffice's CSV export
/// of the same files and the records themselves).
@Suite struct XLSBCorpusTests {
    static let workbooks: [Corpus.Entry] = Corpus.entries(inFolder: "xlsb")

    static func markdown(_ path: String, hidden: Bool = false) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: Corpus.root.appendingPathComponent(path)))
        return try SpreadsheetTestSupport.markdown(
            bytes, converter: XLSBConverter.self, format: .xlsb,
            options: SpreadsheetTestSupport.options(format: .xlsb, hidden: hidden), fileName: path)
    }

    @Test func corpusHasWorkbooks() {
        #expect(Self.workbooks.count >= 10, "the shared corpus must sit beside the project")
    }

    @Test(arguments: workbooks)
    func converts(_ entry: Corpus.Entry) throws {
        let started = Date()
        let output = try Self.markdown(entry.path)
        #expect(output.hasPrefix("## "), "\(entry.path) starts with its first sheet")
        #expect(!output.contains("\u{FFFD}"))
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func datesInBothSystems() throws {
        for path in ["xlsb/calamine_date.xlsb", "xlsb/calamine_date_1904.xlsb"] {
            #expect(try Self.markdown(path) == """
            ## Sheet1

            | 2021-01-01 | 15 |
            | --- | --- |
            | 2021-01-02 | 16 |
            | 255:10:10 | 17 |

            """)
        }
    }

    @Test func visibleHiddenVeryHiddenAndChartSheets() throws {
        let visible = """
        ## Visible

        | 1 | 2 |
        | --- | --- |
        | 3 | 4 |
        | 5 | 6 |
        |  |  |
        | This workbook contains 4 sheets: Visible, Hidden, VeryHidden and Chart |  |

        """
        #expect(try Self.markdown("xlsb/calamine_any_sheets.xlsb") == visible)
        let all = try Self.markdown("xlsb/calamine_any_sheets.xlsb", hidden: true)
        #expect(all.hasPrefix(visible + "\n## Hidden\n"))
        #expect(all.contains("\n## VeryHidden\n"))
        #expect(!all.contains("## Chart"))
    }

    @Test func mixedTypesAndSpecialCharacters() throws {
        let output = try Self.markdown("xlsb/calamine_issues.xlsb")
        #expect(output.hasPrefix("## datatypes\n\n| 1 |\n| --- |\n| 1.5 |\n| ab |\n| FALSE |\n| test |\n| 2016-10-20 |\n"))
        #expect(output.hasSuffix("""
        ## spc_chrs

        | & |
        | --- |
        | < |
        | > |
        | aaa ' aaa |
        | " |
        | ☺ |
        | ֍ |
        | àâéêèçöïî«» |

        """))
    }

    @Test func variousTypesAndFormats() throws {
        let output = try Self.markdown("xlsb/poi_testVarious.xlsb")
        for line in [
            "| String | This is a string |  |  |  |", "| integer | 13 |  |  |  |", "| currency | $3.03 |  |  |  |",
            "| percent | 20% |  |  |  |", "| float 2 | 13.12 |  |  |  |", "| fraction | 1/4 |  |  |  |",
            "| date | 2017-03-09 |  |  |  |", "| formula | 4 | 2 |  |  |", "| formulaErr | #NAME? |  |  |  |",
            "| formulaFloat | 0.5 |  | March | April |",
        ] {
            #expect(output.contains(line + "\n"), "missing \(line)")
        }
        #expect(try Self.markdown("xlsb/calamine_issue_182.xlsb") == "## formula_vals\n\n| 3 |\n| --- |\n| Ab |\n| FALSE |\n")
    }

    @Test func sheetRecordWithExtraBytesBeforeItsStrings() throws {
        // This writer puts four more bytes in each BrtBundleSh; the names
        // and relationships are still found.
        #expect(try Self.markdown("xlsb/poi_Simple.xlsb") == """
        ## Sheet1

        | This is an example spreadsheet created with Microsoft Excel 2007 Beta 2. |
        | --- |

        ## Sheet2

        ## Sheet3

        """)
    }

    @Test func damagedCopiesEndWithTypedErrors() throws {
        let started = Date()
        var outcomes = SpreadsheetTestSupport.MutationOutcomes()
        for entry in Self.workbooks {
            let bytes = try entry.read()
            outcomes.add(SpreadsheetTestSupport.mutate(bytes, seed: UInt64(entry.bytes), rounds: 24) { damaged throws(ConversionError) in
                _ = try SpreadsheetTestSupport.markdown(damaged, converter: XLSBConverter.self, format: .xlsb)
            })
        }
        #expect(outcomes.converted + outcomes.failed == Self.workbooks.count * 24)
        #expect(outcomes.converted > 0)
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// Damage inside the binary parts, past the ZIP checks: the record
    /// walk, strings, styles and cells meet it directly.
    @Test func damagedPartsEndWithTypedErrors() throws {
        let started = Date()
        var outcomes = SpreadsheetTestSupport.MutationOutcomes()
        let limits = Limits.default
        for entry in Self.workbooks {
            let package = try OPCPackage(bytes: entry.read(), limits: limits)
            for part in package.archive.names where part.hasSuffix(".bin") {
                let bytes = try package.read(part)
                outcomes.add(SpreadsheetTestSupport.mutate(bytes, seed: UInt64(bytes.count), rounds: 16) { damaged throws(ConversionError) in
                    let deadline = Deadline(secondsFromNow: 30)
                    let strings = SheetStringTable(limits: limits)
                    try XLSBSharedStrings.read(damaged, into: strings, deadline: deadline)
                    let styles = try XLSBStyles.read(damaged, deadline: deadline)
                    let reader = XLSBSheetReader(strings: strings, sharedStringCount: strings.count, limits: limits, deadline: deadline)
                    let text = StoredCellText(strings: strings, styles: styles, date1904: false)
                    try reader.read(damaged).sheet.parse(wants: { _ in true }) { _, cells in
                        for cell in cells { _ = text.text(of: cell) }
                    }
                })
            }
        }
        #expect(outcomes.converted > 0)
        #expect(Date().timeIntervalSince(started) < 60)
    }
}
