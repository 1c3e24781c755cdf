import Testing
@testable import AnyDocSwift

/// Exact Markdown for the workbooks in TestDocuments/xlsx, which
/// Scripts/make-xlsx-fixtures.py writes.
@Suite struct XLSXConverterTests {
    static func options(hidden: Bool = false) -> ConversionOptions {
        var options = ConversionOptions()
        options.format = .xlsx
        options.includeHiddenSheets = hidden
        return options
    }

    private func markdown(_ name: String, options: ConversionOptions = options(), markdownOptions: MarkdownOptions = .default) throws -> String {
        try AnyDocConverter(options: options).markdown(
            Corpus.testDocument("xlsx/\(name).xlsx"), fileName: "\(name).xlsx", options: markdownOptions)
    }

    @Test func cellTypesAndStrings() throws {
        #expect(try markdown("cells") == """
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
        | no cached value |  |
        | ISO date | 2024-02-29 12:30 |
        | blank string |  |
        | number as text | Note: plain text |

        """)
    }

    @Test func numberFormatsAsExcelShowsThem() throws {
        let output = try markdown("formats")
        let expected = [
            "| General | 1234.5 |", "| General float | 0.3 |", "| General large | 123456789012345 |",
            "| General small | 0.000012345678 |", "| General third | 0.333333333333333 |",
            "| 14 short date | 2024-02-29 |", "| yyyy-mm-dd | 2024-02-29 |", "| 22 date time | 2024-02-29 18:00 |",
            "| 21 time | 14:35:00 |", "| 36:00:00 |", "| 0% | 26% |", "| 0.00% | -1.25% |",
            "| #,##0 | 1,234,568 |", "| #,##0.00 | -9,876.55 |", "| euro | 1,234.50 € |",
            "| 0.00E+00 | 1.23E+05 |", "| # ?/? | 2 1/2 |", "| millions | 7.7M |",
            "| long date | Thursday, February 29, 2024 |", "| sections + | 2.00 |", "| sections - | -2.00 |",
            "| sections 0 | zero |", "| zip code | 00501 |", "| 0.00 | 2.68 |", "| 12-hour | 06:00 PM |",
            "| text format number | 42 |", "| 0 | -0 |", "| leap bug | 1900-02-29 |", "| serial 0 | 1900-01-00 |",
        ]
        for line in expected {
            #expect(output.contains(line + "\n"), "missing \(line)")
        }
        #expect(output.hasPrefix("## Formats\n\n| Format | Shown |\n| --- | --- |\n| General | 1234.5 |\n"))
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
        // E4 holds a stale value under the D4:F4 merge: it neither shows
        // nor widens the table.
        #expect(try markdown("merged") == """
        ## Merged

        | Title across |  |  |
        | --- | --- | --- |
        | Tall | x | y |
        |  | z | w |
        | Last |  |  |

        """)
    }

    @Test func usedRangeTrimsOuterRowsAndColumns() throws {
        // Rows 1–2 and columns A–B, E–Z are empty (blank strings and empty
        // values do not count); row 5 stays; rows 7–999 collapse to one.
        #expect(try markdown("layout") == """
        ## Layout

        | Name | Qty |
        | --- | --- |
        | apple | 3 |
        |  |  |
        | pear | 5 |
        |  |  |
        | far below |  |
        | implicit | 7 |

        """)
    }

    @Test func sheetsInWorkbookOrderWithoutHiddenOrChartSheets() throws {
        #expect(try markdown("sheets") == """
        ## First

        | first |
        | --- |

        ## Second

        | second |
        | --- |

        ## Empty

        """)
    }

    @Test func hiddenSheetsOnRequest() throws {
        #expect(try markdown("sheets", options: Self.options(hidden: true)) == """
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

        """)
    }

    @Test func strictNamespaces() throws {
        #expect(try markdown("strict") == """
        ## Strict

        | Strict | works |
        | --- | --- |
        | 1.5 | 2024-02-29 |

        """)
    }

    @Test func metadataCountsShownSheets() throws {
        let document = try AnyDocConverter(options: Self.options()).document(
            Corpus.testDocument("xlsx/sheets.xlsx"), fileName: "sheets.xlsx")
        #expect(document.metadata.title == "Sheets")
        #expect(document.metadata.authors == ["Fixture Script"])
        #expect(document.metadata.sourceFormat == .xlsx)
        #expect(document.metadata.pageCount == 3)
        #expect(document.blocks.first == .boundary(.sheet(name: "First")))
        guard case .table(let table)? = document.blocks.dropFirst().first else {
            Issue.record("expected a table after the first boundary")
            return
        }
        #expect(table.rows.first?.isHeader == true)
    }

    @Test func cellLimitIsEnforced() throws {
        var options = Self.options()
        options.limits.maxTableCells = 20
        #expect(throws: ConversionError.self) { try markdown("formats", options: options) }
        do {
            _ = try markdown("formats", options: options)
        } catch let error as ConversionError {
            #expect(error.kind == .resourceLimit)
        }
    }

    @Test func templatesAndMacroWorkbooksUseTheSameReader() throws {
        for format in [DocumentFormat.xlsm, .xltx, .xltm] {
            var options = Self.options()
            options.format = format
            let output = try markdown("strict", options: options)
            #expect(output.hasPrefix("## Strict\n"))
        }
    }
}
