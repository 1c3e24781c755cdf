import Foundation
import Testing
@testable import AnyDocSwift

/// The byte-level worksheet scanner reads what the libxml2 parser reads,
/// and hands the part over to it for anything it cannot read exactly.
@Suite struct XLSXSheetScannerTests {
    /// Rows as text (column, kind, style, value per cell) and the merges.
    struct Reading: Equatable {
        var rows: [String] = []
        var merges: [String] = []
    }

    static let main = OOXMLNamespace.spreadsheet
    static let strict = "http://purl.oclc.org/ooxml/spreadsheetml/main"

    static func describe(_ row: Int, _ cells: [XLSXCell]) -> String {
        "\(row): " + cells.map { "\($0.column)/\($0.kind)/\($0.style)=\($0.value.map { "[\($0)]" } ?? "nil")" }.joined(separator: " ")
    }

    static func mergesText(_ merges: [XLSXRange]) -> [String] {
        merges.map { "\($0.firstRow),\($0.firstColumn)-\($0.lastRow),\($0.lastColumn)" }
    }

    /// What the libxml2 parser reads, or the error it stops with.
    static func parsed(_ bytes: [UInt8], limits: Limits = .default) -> Result<Reading, ConversionError> {
        do throws(ConversionError) {
            let parser = XLSXSheetParser(
                reader: try XMLReader(bytes: bytes, limits: limits, namespaceAliases: OOXMLNamespace.aliases),
                deadline: Deadline(secondsFromNow: 60), maxMerges: limits.maxTableCells)
            var reading = Reading()
            try parser.parse(wants: { _ in true }) { row, cells in reading.rows.append(describe(row, cells)) }
            reading.merges = mergesText(parser.merges)
            return .success(reading)
        } catch {
            return .failure(error)
        }
    }

    /// What the scanner-first source reads, and whether it fell back.
    static func scanned(_ bytes: [UInt8], limits: Limits = .default) -> (Result<Reading, ConversionError>, fellBack: Bool) {
        let rows = XLSXSheetRows(
            limits: limits, deadline: Deadline(secondsFromNow: 60), maxMerges: limits.maxTableCells,
            openBytes: { MemoryByteSource(bytes) },
            openParser: { () throws(ConversionError) -> XLSXSheetParser in
                XLSXSheetParser(
                    reader: try XMLReader(bytes: bytes, limits: limits, namespaceAliases: OOXMLNamespace.aliases),
                    deadline: Deadline(secondsFromNow: 60), maxMerges: limits.maxTableCells)
            })
        do throws(ConversionError) {
            var reading = Reading()
            try rows.parse(wants: { _ in true }) { row, cells in reading.rows.append(describe(row, cells)) }
            reading.merges = mergesText(rows.merges)
            return (.success(reading), rows.fellBack)
        } catch {
            return (.failure(error), rows.fellBack)
        }
    }

    static func sheet(_ body: String, prolog: String = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n",
                      root: String = "<worksheet xmlns=\"\(main)\">", close: String = "</worksheet>") -> [UInt8] {
        Array((prolog + root + body + close).utf8)
    }

    static func sameReading(_ bytes: [UInt8]) -> Bool {
        let expected = parsed(bytes)
        let (actual, _) = scanned(bytes)
        switch (expected, actual) {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return "\(a)" == "\(b)"
        default: return false
        }
    }

    // MARK: - Every worksheet at hand

    static let workbooks: [URL] = {
        let corpus = Corpus.entries.filter { ["xlsx", "xlsm"].contains($0.fileExtension) }.map(\.url)
        let fixtures = Corpus.projectRoot.appendingPathComponent("TestDocuments/xlsx")
        let local = (try? FileManager.default.contentsOfDirectory(at: fixtures, includingPropertiesForKeys: nil)) ?? []
        return corpus + local.filter { $0.pathExtension == "xlsx" }
    }()

    @Test func everyWorksheetReadsAsTheParserReadsIt() throws {
        var parts = 0, fellBack: [String] = []
        for url in Self.workbooks {
            guard let archive = try? ZipArchive([UInt8](try Data(contentsOf: url))) else { continue }
            for name in archive.names where name.hasPrefix("xl/worksheets/") && name.hasSuffix(".xml") {
                guard let bytes = try? archive.read(name) else { continue }
                parts += 1
                let expected = Self.parsed(bytes)
                let (actual, didFallBack) = Self.scanned(bytes)
                if didFallBack { fellBack.append("\(url.lastPathComponent):\(name)") }
                switch (expected, actual) {
                case (.success(let a), .success(let b)): #expect(a == b, "\(url.lastPathComponent) \(name)")
                case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "\(url.lastPathComponent) \(name)")
                default: Issue.record("\(url.lastPathComponent) \(name): \(expected) vs \(actual)")
                }
            }
        }
        #expect(parts >= 40, "the corpus must sit beside the project")
        // Nearly every real worksheet is plain enough for the scanner.
        #expect(fellBack.count * 10 <= parts, "fell back: \(fellBack)")
    }

    // MARK: - Read by the scanner

    @Test func strictNamespaceWithPrefixes() throws {
        let bytes = Self.sheet(
            "<x:sheetData><x:row r=\"2\"><x:c r=\"B2\" t=\"inlineStr\"><x:is><x:r><x:t>hi </x:t></x:r><x:r><x:t>there</x:t></x:r>"
                + "<x:rPh><x:t>ignored</x:t></x:rPh></x:is></x:c><x:c r=\"D2\" s=\"3\"><x:f>1+1</x:f><x:v>2</x:v></x:c></x:row></x:sheetData>"
                + "<x:mergeCells><x:mergeCell ref=\"B2:C3\"/></x:mergeCells>",
            root: "<x:worksheet xmlns:x=\"\(Self.strict)\" xmlns:r=\"urn:other\">", close: "</x:worksheet>")
        let (result, fellBack) = Self.scanned(bytes)
        #expect(!fellBack)
        #expect(try result.get() == Reading(rows: ["2: 2/inlineString/0=[hi there] 4/number/3=[2]"], merges: ["2,2-3,3"]))
        #expect(Self.sameReading(bytes))
    }

    @Test func entitiesLineBreaksAndCommentsAreDecodedAsXMLDoes() throws {
        let bytes = Self.sheet(
            "<!-- c --><sheetData><row r=\" 1 \"><c r=\"A1\" t=\"str\"><v>a &amp; b &#x41;&#66;\r\nc\rd<!-- x -->e</v></c>"
                + "<c r='B1'\tt=\"inlineStr\"><is><t xml:space=\"preserve\"> x&lt;y </t></is></c><c><v/></c></row>"
                + "<row><c r=\"$C$9\" s=\"02\"><v>1</v></c></row></sheetData><?pi here?>")
        let (result, fellBack) = Self.scanned(bytes)
        #expect(!fellBack)
        #expect(try result.get().rows == [
            "1: 1/formulaString/0=[a & b AB\nc\nde] 2/inlineString/0=[ x<y ] 3/number/0=[]", "2: 3/number/2=[1]",
        ])
        #expect(Self.sameReading(bytes))
    }

    @Test func skippedAndForeignElementsAreTreatedAsTheParserTreatsThem() throws {
        let bytes = Self.sheet(
            "<sheetPr><row><c><v>9</v></c></row></sheetPr><sheetData><row r=\"1\"><c r=\"A1\"><v>1</v></c></row>"
                + "<o:row xmlns:o=\"urn:other\"><c><v>5</v></c></o:row><row><o:c xmlns:o=\"urn:other\"><v>7</v></o:c></row></sheetData>")
        let (result, fellBack) = Self.scanned(bytes)
        #expect(!fellBack)
        #expect(try result.get().rows == ["1: 1/number/0=[1]", "2: 1/number/0=[7]"])
        #expect(Self.sameReading(bytes))
    }

    // MARK: - Left to libxml2

    @Test(arguments: [
        ("a DTD", sheet("<sheetData/>", prolog: "<?xml version=\"1.0\"?><!DOCTYPE worksheet [<!ENTITY e \"x\">]>")),
        ("another encoding", sheet("<sheetData><row><c t=\"str\"><v>caf\u{E9}</v></c></row></sheetData>",
                                   prolog: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>").map { $0 }.replacing(
                                       Array("UTF-8".utf8), with: Array("ISO-8859-1".utf8))),
        ("a CDATA section", sheet("<sheetData><row><c t=\"str\"><v><![CDATA[<b>]]></v></c></row></sheetData>")),
        ("an undeclared entity", sheet("<sheetData><row><c t=\"str\"><v>&nbsp;</v></c></row></sheetData>")),
        ("a mismatched end tag", sheet("<sheetData><row><c><v>1</c></v></row></sheetData>")),
        ("a truncated part", Array(sheet("<sheetData><row><c><v>1</v></c></row><row><c><v>2</v>").dropLast(3))),
        ("a control character", sheet("<sheetData><row><c t=\"str\"><v>a\u{1}b</v></c></row></sheetData>")),
        ("a processing instruction without a name", sheet("<sheetData/>", prolog: "<?x\"?>\n")),
        ("a declaration with a broken name", sheet("<sheetData/>", prolog: "<?xml version=\"1.0\" sta ndalone=\"yes\"?>\n")),
        ("invalid UTF-8", sheet("<sheetData><row><c t=\"str\"><v>a</v></c></row></sheetData>") + [0xC3, 0x28]),
    ])
    func unusualPartsAreReadByTheParser(_ name: String, _ bytes: [UInt8]) {
        let (_, fellBack) = Self.scanned(bytes)
        #expect(fellBack, "\(name)")
        #expect(Self.sameReading(bytes), "\(name)")
    }

    @Test func theParserGoesOnAfterTheLastRowTheScannerDelivered() {
        let rows = (1...50).map { "<row r=\"\($0)\"><c r=\"A\($0)\"><v>\($0)</v></c></row>" }
        let odd = "<row r=\"51\"><c r=\"A51\" t=\"str\"><v><![CDATA[fifty-one]]></v></c></row>"
        let more = (52...60).map { "<row><c><v>\($0)</v></c></row>" }
        let bytes = Self.sheet("<sheetData>" + rows.joined() + odd + more.joined() + "</sheetData><mergeCells><mergeCell ref=\"A1:B1\"/></mergeCells>")
        let (result, fellBack) = Self.scanned(bytes)
        #expect(fellBack)
        let reading = try? result.get()
        #expect(reading?.rows.count == 60)
        #expect(reading?.rows[50] == "51: 1/formulaString/0=[fifty-one]")
        #expect(reading?.merges == ["1,1-1,2"])
        #expect(Self.sameReading(bytes))
    }

    @Test func nodeAndDepthLimitsStillHold() {
        var limits = Limits.default
        limits.maxXMLNodes = 40
        let rows = (1...30).map { "<row><c><v>\($0)</v></c></row>" }.joined()
        let bytes = Self.sheet("<sheetData>" + rows + "</sheetData>")
        guard case .failure(let error) = Self.scanned(bytes, limits: limits).0 else {
            Issue.record("the node limit must stop the read")
            return
        }
        #expect("\(error)".contains("nodes"))
        limits = .default
        limits.maxNestingDepth = 5
        let deep = Self.sheet("<sheetData><row><c><is><r><t><b><i>x</i></b></t></r></is></c></row></sheetData>")
        #expect(Self.sameReading(deep))
        guard case .failure = Self.scanned(deep, limits: limits).0 else {
            Issue.record("the depth limit must stop the read")
            return
        }
    }
}

private extension Array where Element == UInt8 {
    func replacing(_ old: [UInt8], with new: [UInt8]) -> [UInt8] {
        guard let start = (0...(count - old.count)).first(where: { Array(self[$0..<($0 + old.count)]) == old }) else { return self }
        return Array(self[..<start]) + new + Array(self[(start + old.count)...])
    }
}
