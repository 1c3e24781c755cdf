import Testing
@testable import AnyDocSwift

/// Exact Markdown for the workbooks in TestDocuments/xls, which
/// Scripts/make-xls-fixtures.sh writes with LibreOffice: most are the XLSX
/// fixtures saved as BIFF8, so their Markdown matches the XLSX tests'.
@Suite struct XLSConverterTests {
    private func markdown(_ name: String, hidden: Bool = false) throws -> String {
        try SpreadsheetTestSupport.markdown(
            Corpus.testDocument("xls/\(name).xls"), converter: XLSConverter.self, format: .xls,
            options: SpreadsheetTestSupport.options(format: .xls, hidden: hidden), fileName: "\(name).xls")
    }

    @Test func cellTypesAndStrings() throws {
        let output = try markdown("cells")
        // LibreOffice computed the formula XLSX left without a cached
        // value (a time stamp) when it saved the file.
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        let computed = try #require(lines.firstIndex { $0.hasPrefix("| no cached value | ") })
        #expect(Double(lines[computed].dropFirst(20).dropLast(2)) != nil)
        var rest = lines
        rest.remove(at: computed)
        #expect(rest.joined(separator: "\n") == """
        ## Cells

        | Kind | Value |
        | --- | --- |
        | shared | plain text |
        | rich | Bold and plain |
        | phonetic | 東京 |
        | escapes | line one<br>line two |
        | specials | a \\| b \\*not emphasis\\* \\_x0041\\_ |
        | inline | inline text |
        | inline runs | inline |
        | boolean | TRUE |
        | boolean | FALSE |
        | error | #DIV/0! |
        | formula number | 3 |
        | formula text | joined |
        | ISO date | 2024-02-29 12:30 |
        | blank string |  |
        | number as text | Note: plain text |

        """)
    }

    @Test func numberFormatsAsExcelShowsThem() throws {
        // LibreOffice writes the short date formats (ids 14 and 22) as the
        // custom codes m/d/yyyy and m/d/yyyy h:mm, which are then shown as written.
        #expect(try markdown("formats") == """
        ## Formats

        | Format | Shown |
        | --- | --- |
        | General | 1234.5 |
        | General float | 0.3 |
        | General large | 123456789012345 |
        | General small | 0.000012345678 |
        | General third | 0.333333333333333 |
        | 14 short date | 2/29/2024 |
        | yyyy-mm-dd | 2024-02-29 |
        | 22 date time | 2/29/2024 18:00 |
        | 21 time | 14:35:00 |
        | [h\\]:mm:ss | 36:00:00 |
        | 0% | 26% |
        | 0.00% | -1.25% |
        | #,##0 | 1,234,568 |
        | #,##0.00 | -9,876.55 |
        | euro | 1,234.50 € |
        | 0.00E+00 | 1.23E+05 |
        | # ?/? | 2 1/2 |
        | millions | 7.7M |
        | long date | Thursday, February 29, 2024 |
        | sections + | 2.00 |
        | sections - | -2.00 |
        | sections 0 | zero |
        | zip code | 00501 |
        | 0.00 | 2.68 |
        | 12-hour | 06:00 PM |
        | text format number | 42 |
        | 0 | -0 |
        | leap bug | 1900-02-29 |
        | serial 0 | 1900-01-00 |

        """)
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

    @Test func mergedCellsKeepTopLeftValue() throws {
        #expect(try markdown("merged") == """
        ## Merged

        | Title across |  |  |
        | --- | --- | --- |
        | Tall | x | y |
        |  | z | w |
        | Last |  |  |

        """)
    }

    @Test func hiddenSheetsOnlyWhenAsked() throws {
        // LibreOffice keeps the chart sheet as an empty worksheet and saves
        // "very hidden" as hidden.
        #expect(try markdown("sheets") == """
        ## First

        | first |
        | --- |

        ## Second

        | second |
        | --- |

        ## Empty

        ## Chart

        """)
        #expect(try markdown("sheets", hidden: true) == """
        ## First

        | first |
        | --- |

        ## Hidden

        | hidden |
        | --- |

        ## Second

        | second |
        | --- |

        ## Very Hidden

        | very hidden |
        | --- |

        ## Empty

        ## Chart

        """)
    }

    @Test func percentagesDatesBooleansFormulasAndMerges() throws {
        let visible = """
        ## Summary

        | Item | Share | Due | Done | Formula |
        | --- | --- | --- | --- | --- |
        | Apples | 25% | 2024-03-01 | TRUE | 25.5 |
        | Poires à l'été | 12.50% | 2024-12-31 | FALSE | 51 |
        | Merged across |  | -1,234.50 | 0.1 | FALSE |

        ## Notes

        | Second sheet |
        | --- |
        | 42 |

        """
        #expect(try markdown("workbook") == visible)
        #expect(try markdown("workbook", hidden: true) == visible + "\n## Secret\n\n| Hidden text |\n| --- |\n")
    }

    @Test func sharedStringsAcrossContinueRecords() throws {
        // The string table spans four records; the long strings each cross
        // a record break, where the 8- or 16-bit flag is sent again.
        var expected = "## strings\n\n| Number | Text |\n| --- | --- |\n"
        for number in 1...300 {
            expected += "| \(number) | Entry number \(number) of the shared string table |\n"
            if number == 100 { expected += "| long 8-bit | \(String(repeating: "abcdefghij", count: 900)) |\n" }
            if number == 200 { expected += "| long 16-bit | \(String(repeating: "漢字かな", count: 1200)) |\n" }
        }
        #expect(try markdown("strings") == expected)
    }
}
