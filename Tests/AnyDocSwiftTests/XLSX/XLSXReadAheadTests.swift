import Testing
@testable import AnyDocSwift

/// A sheet large enough to be read ahead on a second thread converts as
/// its rows say, also when the scanner hands it to the libxml2 parser
/// part-way (the reading thread is stopped before the part is reopened).
@Suite struct XLSXReadAheadTests {
    /// A sheet of `rows` rows over 4 MB, with `last` as the final row's text.
    static func workbook(rows: Int, last: String) throws -> [UInt8] {
        var sheetData = ""
        for row in 1...rows {
            let text = row == rows ? last : "value \(row) of the sheet"
            sheetData += #"<row r="\#(row)"><c r="A\#(row)" t="inlineStr"><is><t>\#(text)</t></is></c><c r="B\#(row)"><v>\#(row * 3)</v></c></row>"#
        }
        return try HostileDocuments.xlsx(sheetData: sheetData)
    }

    @Test func aLargeSheetConvertsTheSameWhenTheScannerHandsItOver() throws {
        let rows = 50_000
        let plain = try Self.workbook(rows: rows, last: "end")
        // CDATA is read only by the libxml2 parser.
        let handedOver = try Self.workbook(rows: rows, last: "<![CDATA[end]]>")
        let entry = try ZipArchive(plain).entry(named: "xl/worksheets/sheet1.xml")
        #expect((entry?.declaredSize ?? 0) > XLSXConverter.maxBufferedSheetBytes)
        let converter = AnyDocConverter()
        let expected = try converter.markdown(plain, fileName: "plain.xlsx")
        #expect(expected.hasSuffix("| end | 150000 |\n"))
        #expect(expected.contains("| value 49999 of the sheet | 149997 |"))
        #expect(try converter.markdown(handedOver, fileName: "cdata.xlsx") == expected)
    }
}
