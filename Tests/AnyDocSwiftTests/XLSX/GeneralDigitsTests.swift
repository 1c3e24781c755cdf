import Foundation
import Testing
@testable import AnyDocSwift

/// A 15-digit number in General format (an account number) keeps every
/// digit in every spreadsheet format, instead of Excel's `1.23457E+14`.
@Suite struct GeneralDigitsTests {
    @Test func xlsxXlsXlsbFixtures() throws {
        for (name, fileName) in [("xlsx/formats.xlsx", "formats.xlsx"), ("xls/formats.xls", "formats.xls"), ("xlsb/cells.xlsb", "cells.xlsb")] {
            let markdown = try AnyDocConverter().markdown(Corpus.testDocument(name), fileName: fileName)
            #expect(markdown.contains("| 123456789012345 |"), "\(name)")
            #expect(!markdown.contains("E+14"), "\(name)")
        }
    }

    /// LibreOffice keeps what a narrow column showed as the cell's text;
    /// the typed value has all the digits.
    @Test func odsScientificDisplayOfAGeneralNumber() throws {
        let content = """
            <?xml version="1.0" encoding="UTF-8"?>
            <office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" \
            xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" \
            xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3">
            <office:body><office:spreadsheet><table:table table:name="Accounts"><table:table-row>
            <table:table-cell office:value-type="string"><text:p>Account</text:p></table:table-cell>
            <table:table-cell office:value-type="float" office:value="123456789012345"><text:p>1.23457E+14</text:p></table:table-cell>
            <table:table-cell office:value-type="float" office:value="0.5"><text:p>5.00E-01</text:p></table:table-cell>
            </table:table-row></table:table></office:spreadsheet></office:body></office:document-content>
            """
        let ods = try ZipFixture.archive([
            .init(name: "mimetype", bytes: Array("application/vnd.oasis.opendocument.spreadsheet".utf8), compression: .store),
            .init(name: "content.xml", bytes: Array(content.utf8)),
        ])
        let markdown = try AnyDocConverter().markdown(ods, fileName: "accounts.ods")
        #expect(markdown.contains("| Account | 123456789012345 | 5.00E-01 |"))
    }
}
