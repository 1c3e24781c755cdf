import Testing
@testable import AnyDocSwift

/// Every CSV file of the shared corpus, checked for content.
@Suite struct CSVCorpusTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        let path: String
        let header: [String]
        /// One body cell: row (0 is the first after the header), column, text.
        let cell: (row: Int, column: Int, text: String)
        let rows: Int
        /// The encoding the converter must report, nil for UTF-8.
        var encoding: String?
        var testDescription: String { path }
    }

    static let files: [Expectation] = [
        Expectation(path: "csv/csvkit_bad.csv", header: ["column_a", "column_b", "column_c", ""],
                    cell: (0, 3, "I'm too long!"), rows: 3),
        Expectation(path: "csv/csvkit_mac_newlines.csv", header: ["a", "b", "c"], cell: (1, 0, "Once upon\na time"), rows: 2),
        Expectation(path: "csv/csvkit_null_byte.csv", header: ["a", "b", "c"], cell: (0, 1, "2"), rows: 1),
        Expectation(path: "csv/csvkit_test_latin1.csv", header: ["a", "b", "c"], cell: (1, 2, "©"), rows: 2, encoding: "ISO-8859-1"),
        Expectation(path: "csv/csvkit_test_utf16_little.csv", header: ["a", "b", "c"], cell: (1, 2, "ʤ"), rows: 2, encoding: "UTF-16LE"),
        Expectation(path: "csv/csvkit_test_utf8_bom.csv", header: ["foo", "bar", "baz"], cell: (1, 2, "ʤ"), rows: 2),
        Expectation(path: "csv/csvspectrum_comma_in_quotes.csv", header: ["first", "last", "address", "city", "zip"],
                    cell: (0, 3, "Anytown, WW"), rows: 1),
        Expectation(path: "csv/csvspectrum_escaped_quotes.csv", header: ["a", "b"], cell: (0, 1, "ha \"ha\" ha"), rows: 2),
        Expectation(path: "csv/csvspectrum_json.csv", header: ["key", "val"],
                    cell: (0, 1, "{\"type\": \"Point\", \"coordinates\": [102.0, 0.5]}"), rows: 1),
        Expectation(path: "csv/csvspectrum_newlines_crlf.csv", header: ["a", "b", "c"], cell: (1, 0, "Once upon \na time"), rows: 3),
        Expectation(path: "csv/csvspectrum_quotes_and_newlines.csv", header: ["a", "b"], cell: (0, 1, "ha \n\"ha\" \nha"), rows: 2),
        Expectation(path: "csv/csvspectrum_utf8.csv", header: ["a", "b", "c"], cell: (1, 2, "ʤ"), rows: 2),
        Expectation(path: "csv/docling_csv-comma-in-cell.csv", header: ["1", "2", "3", "4"], cell: (1, 1, ","), rows: 4),
        Expectation(path: "csv/docling_csv-comma.csv", header: customerHeader, cell: (1, 3, "Lozano, Dr"), rows: 5),
        Expectation(path: "csv/docling_csv-inconsistent-header.csv", header: ["1", "2", "3", ""], cell: (3, 3, "d"), rows: 4),
        Expectation(path: "csv/docling_csv-pipe.csv", header: customerHeader, cell: (3, 4, "Dominguez|Mcmillan and Donovan"), rows: 5),
        Expectation(path: "csv/docling_csv-semicolon.csv", header: customerHeader, cell: (4, 4, "Martin;Lang and Andrade"), rows: 5),
        Expectation(path: "csv/docling_csv-tab.csv", header: customerHeader, cell: (3, 4, "Dominguez\tMcmillan and Donovan"), rows: 5),
        Expectation(path: "csv/gen_contacts_utf8_bom_quoted_newlines.csv", header: ["name", "address", "notes", ""],
                    cell: (0, 1, "12 Main St.\nApt 4\nSpringfield"), rows: 5),
        Expectation(path: "csv/gen_inventory_cp932.csv", header: ["品番", "品名", "数量", "単価", "入荷日"],
                    cell: (3, 1, "①番倉庫の在庫"), rows: 4, encoding: "Shift_JIS"),
        Expectation(path: "csv/gen_measurements_utf16le_bom_tab.csv", header: ["Station", "Date", "Temp °C", "Comment"],
                    cell: (1, 3, "Ηλιοφάνεια"), rows: 4, encoding: "UTF-16LE"),
        Expectation(path: "csv/gen_prices_de_windows-1252_semicolon.csv", header: ["Artikel", "Beschreibung", "Preis (€)", "Menge", "Datum"],
                    cell: (1, 1, "Straßenkarte „Süd“"), rows: 4, encoding: "windows-1252"),
        Expectation(path: "csv/gen_products_gbk.csv", header: ["编号", "产品名称", "类别", "单价（元）", "库存", "备注"],
                    cell: (3, 5, "产地：杭州\n需冷藏"), rows: 4, encoding: "GBK"),
        Expectation(path: "csv/kreuzberg_data_table.csv", header: ["Name", "Department", "Salary", "Start Date", "Active"],
                    cell: (1, 0, "Bob Smith"), rows: 10),
        Expectation(path: "csv/markitdown_test_mskanji.csv", header: ["名前", "年齢", "住所"], cell: (2, 0, "髙橋淳"), rows: 3, encoding: "Shift_JIS"),
        Expectation(path: "csv/tika_test-columnar.csv",
                    header: ["Record Number", "Square of the Record Number", "Description of the Row", "Percent Done", "Percent Increment", "date", "datetime", "time"],
                    cell: (2, 4, "50.0%"), rows: 11),
    ]

    static let customerHeader = [
        "Index", "Customer Id", "First Name", "Last Name", "Company", "City", "Country",
        "Phone 1", "Phone 2", "Email", "Subscription Date", "Website",
    ]

    @Test func everyCorpusCSVHasAnExpectation() {
        #expect(Corpus.entries(inFolder: "csv").map(\.path).sorted() == Self.files.map(\.path).sorted())
    }

    @Test(arguments: files)
    func convertsToOneTable(_ expectation: Expectation) throws {
        let bytes = try Corpus.bytes(at: expectation.path)
        let document = try AnyDocConverter().document(bytes, fileName: expectation.path)
        #expect(document.metadata.sourceFormat == .csv)
        #expect(document.metadata.extra.first { $0.key == "encoding" }?.value == expectation.encoding)
        #expect(document.blocks.count == 1)
        guard case .table(let table) = try #require(document.blocks.first) else {
            Issue.record("not a table")
            return
        }
        let rows = table.rows.map { $0.cells.map(Self.text) }
        #expect(rows.first == expectation.header)
        #expect(table.rows.first?.isHeader == true)
        #expect(rows.count == expectation.rows + 1)
        #expect(rows.allSatisfy { $0.count == expectation.header.count })
        let cell = expectation.cell
        #expect(rows.dropFirst().dropFirst(cell.row).first?[cell.column] == cell.text)

        let markdown = try AnyDocConverter().markdown(bytes, fileName: expectation.path)
        let headerLine = "|" + expectation.header.map { $0.isEmpty ? "  |" : " \($0) |" }.joined()
        #expect(markdown.split(separator: "\n").first.map(String.init) == headerLine)
    }

    /// The encodings the manifest names are the ones detected.
    @Test(arguments: files.filter { $0.encoding != nil })
    func detectedEncodingIsTheManifestOne(_ expectation: Expectation) throws {
        let entry = try #require(Corpus.entries.first { $0.path == expectation.path })
        let named = TextCorpusTests.squeezed(entry.note + " " + entry.path)
        #expect(named.contains(TextCorpusTests.squeezed(expectation.encoding!)), "\(entry.note)")
    }

    private static func text(_ cell: TableCell) -> String {
        cell.blocks.map { block -> String in
            guard case .paragraph(let content) = block else { return "" }
            return content.plainText
        }.joined()
    }
}
