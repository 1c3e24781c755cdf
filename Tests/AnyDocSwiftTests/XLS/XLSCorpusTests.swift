import Foundation
import Testing
@testable import AnyDocSwift

/// The real-world XLS workbooks in ../shared/corpus: all convert, known
/// cells read as Excel shows them (checked against LibreOffice's CSV export
/// of the same files), encrypted ones stop with `encrypted`, and damaged
/// ones end quickly with a typed error or a bounded result.
@Suite struct XLSCorpusTests {
    static let workbooks: [Corpus.Entry] = Corpus.entries(inFolder: "xls")

    static func markdown(_ path: String, hidden: Bool = false) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: Corpus.root.appendingPathComponent(path)))
        return try SpreadsheetTestSupport.markdown(
            bytes, converter: XLSConverter.self, format: .xls,
            options: SpreadsheetTestSupport.options(format: .xls, hidden: hidden), fileName: path)
    }

    @Test func corpusHasWorkbooks() {
        #expect(Self.workbooks.count >= 20, "the shared corpus must sit beside the project")
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
        for path in ["xls/calamine_date.xls", "xls/calamine_date_1904.xls"] {
            #expect(try Self.markdown(path) == """
            ## Sheet1

            | 2021-01-01 | 15 |
            | --- | --- |
            | 2021-01-02 | 16 |
            | 255:10:10 | 17 |

            """)
        }
    }

    @Test func mixedTypesBooleansAndFormulas() throws {
        let output = try Self.markdown("xls/calamine_issues.xls")
        #expect(output.hasPrefix("""
        ## datatypes

        | 1 |
        | --- |
        | 1.5 |
        | ab |
        | FALSE |
        | test |
        | 2016-10-20 |

        """))
        #expect(output.hasSuffix("## issue6\n\n| 1 |\n| --- |\n| 2 |\n| ab |\n| FALSE |\n"))
    }

    @Test func mergedRanges() throws {
        #expect(try Self.markdown("xls/calamine_merged_range.xls").hasSuffix("""
        ## Sheet2

        | A1 | B1 | C1 |  | E1 | F1 |
        | --- | --- | --- | --- | --- | --- |
        |  |  |  |  |  |  |
        |  | B3 | C3 |  | E3 |  |
        |  | B4 |  |  | E4 |  |

        """))
    }

    @Test func hiddenSheet() throws {
        #expect(try Self.markdown("xls/poi_TwoSheetsOneHidden.xls") == "## Sheet2\n\n| Sheet2A1 |\n| --- |\n")
        #expect(try Self.markdown("xls/poi_TwoSheetsOneHidden.xls", hidden: true)
            == "## Sheet1\n\n| Sheet1A1 |\n| --- |\n\n## Sheet2\n\n| Sheet2A1 |\n| --- |\n")
    }

    @Test func sharedStringsSplitByContinue() throws {
        let output = try Self.markdown("xls/calamine_sst_continue.xls")
        #expect(output.hasPrefix("## Sheet1\n\n| This is a long string with a serial number at the end 0001 |\n| --- |\n"))
        #expect(output.contains("| This is a long string with a serial number at the end 0120 |\n"))
        #expect(output.hasSuffix("| New CONTINUE block |\n"))
    }

    @Test func unicodeStringsAndSheetNames() throws {
        #expect(try Self.markdown("xls/poi_chinese-provinces.xls").contains("| Anhui | 安徽省 |\n| Beijing | 北京市 |\n"))
        #expect(try Self.markdown("xls/poi_DBCSSheetName.xls") == "## जा\n\n## एक\n\n## Sheet3\n")
        let phonetic = try Self.markdown("xls/tika_testEXCEL_phonetic.xls")
        #expect(phonetic.contains("| 1 | 豊田 | 豊田車会社 | 豊田製品戦略事業統括本部とよたかいしゃトヨタコメント |\n"))
    }

    @Test func biff5WithCodePage() throws {
        // Excel 5 and 95 strings are 8-bit in the CODEPAGE record's code page.
        let rich = try Self.markdown("xls/calamine_biff5-rich-text-string.xls")
        #expect(rich.hasPrefix("## Sheet1\n\n| ELECTORAL DIVISION OF SOMERSET EAST ; FIELD-CÓRNËTCY No. 5, ZWAGERSHÓÊN. |"))
        #expect(rich.contains("| 1794 | Peover | John |  | M | Luípésklip | Owner | E |\n"))
        let squares = try Self.markdown("xls/tika_testEXCEL_5.xls")
        #expect(squares.contains("|  | Number | Square |\n|  |  |  |\n|  | 1 | 1 |\n"))
        #expect(squares.contains("|  | 15 | 225 |\n|  |  |  |\n| Written and saved in Microsoft Excel X for Mac Service Release 1. |  |  |\n"))
        #expect(squares.hasSuffix("## Feuil2\n\n## Feuil3\n"))
    }

    @Test func bareBIFF4Worksheet() throws {
        // No compound file: the BIFF4 records are the file; formats are
        // numbered in the order their FORMAT records come.
        let output = try Self.markdown("xls/tika_testEXCEL_4.xls")
        #expect(output.hasPrefix("## Sheet1\n\n| Table 10 -- Examination Coverage:  Recommended and Average Recommended Additional Tax After |"))
        #expect(output.contains(
            "| United States, total [2] | 168,184,400 | 815,057 | 0.48 | 6,373 | 144,992 | 119,962 | 8,784 | 534,946 | [5] | [5] | [5] |\n"))
    }

    @Test func twoSheetsWithFormats() throws {
        let output = try Self.markdown("xls/markitdown_test.xls")
        #expect(output.contains("| 58 | 6ff4173b-42a5-4784-9b19-f49caff4d93d | 22 | 9 |\n"))
        #expect(output.contains("## 09060124-b5e7-4717-9d07-3c046eb\n\n| ColA | ColB | ColC | ColD |\n| --- | --- | --- | --- |\n| 1 | 2 | 3 | 4 |\n"))
        let budget = try Self.markdown("xls/kreuzberg_test_excel.xls")
        #expect(budget.contains("| Microsoft Office 365 E5 | $192,000 | $192,000 | $192,000 | $192,000 | $192,000 | $192,000 | $1,152,000 |  | 35 | 32 | 500 | 28.4 | 21600 |  |\n"))
    }

    // MARK: - Hostile files

    @Test(arguments: ["hostile/poi_password.xls", "hostile/poi_xor-encryption-abc.xls"])
    func encryptedWorkbooks(_ path: String) throws {
        #expect(throws: ConversionError.self) { try Self.markdown(path) }
        do {
            _ = try Self.markdown(path)
        } catch let error as ConversionError {
            #expect(error.kind == .encrypted)
        }
    }

    @Test func hugeAllocationClaimStaysBounded() throws {
        let started = Date()
        do {
            let output = try Self.markdown("hostile/calamine_OOM_alloc3.xls")
            #expect(output.utf8.count < 1 << 20)
        } catch let error as ConversionError {
            #expect(error.kind == .malformed || error.kind == .resourceLimit)
        }
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func damagedCopiesEndWithTypedErrors() throws {
        let started = Date()
        var outcomes = SpreadsheetTestSupport.MutationOutcomes()
        for entry in Self.workbooks {
            let bytes = try entry.read()
            outcomes.add(SpreadsheetTestSupport.mutate(bytes, seed: UInt64(entry.bytes), rounds: 24) { damaged throws(ConversionError) in
                _ = try SpreadsheetTestSupport.markdown(damaged, converter: XLSConverter.self, format: .xls)
            })
        }
        #expect(outcomes.converted + outcomes.failed == Self.workbooks.count * 24)
        #expect(outcomes.converted > 0)
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// Damage inside the workbook stream itself, past the compound file's
    /// checks: the record walk, strings and cells meet it directly.
    @Test func damagedStreamsEndWithTypedErrors() throws {
        let started = Date()
        var outcomes = SpreadsheetTestSupport.MutationOutcomes()
        let limits = Limits.default
        for entry in Self.workbooks {
            let bytes = try entry.read()
            guard let file = try? CompoundFile(bytes),
                  let stream = file.entry(named: "Workbook") ?? file.entry(named: "Book") else { continue }
            let name = stream.name
            outcomes.add(SpreadsheetTestSupport.mutate(try file.read(stream), seed: UInt64(entry.bytes), rounds: 48) { damaged throws(ConversionError) in
                let deadline = Deadline(secondsFromNow: 30)
                let workbook = try XLSWorkbook.read(damaged, streamName: name, limits: limits, deadline: deadline)
                let reader = XLSSheetReader(stream: damaged, workbook: workbook, limits: limits, deadline: deadline)
                let text = StoredCellText(strings: workbook.strings, styles: workbook.styles, date1904: workbook.date1904)
                for sheet in workbook.sheets {
                    guard let result = try reader.read(at: sheet.offset) else { continue }
                    try result.sheet.parse(wants: { _ in true }) { _, cells in
                        for cell in cells { _ = text.text(of: cell) }
                    }
                }
            })
        }
        #expect(outcomes.converted > 0)
        #expect(Date().timeIntervalSince(started) < 60)
    }
}
