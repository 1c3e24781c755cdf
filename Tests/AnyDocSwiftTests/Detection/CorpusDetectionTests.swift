import Testing
@testable import AnyDocSwift

/// Every corpus file is detected as what it is: its folder's format,
/// the extension for `hostile/` files, or a documented exception.
@Suite struct CorpusDetectionTests {
    /// Files whose format is not their folder's or extension's, and why.
    static let exceptions: [String: (format: DocumentFormat?, reason: String)] = [
        "odp/aspose_doc2.odp": (.pptx, "an OOXML presentation package named .odp; content wins"),
        "ppsx/openxmlsdk_macro_enabled.ppsm": (.ppsm, "a macro-enabled show filed with the .ppsx shows"),
        "hostile/tika_testODTnotaZipFile.odt": (
            nil, "24 bytes of text under a container name: damaged, refused rather than shown as text"
        ),
    ]

    /// Containers too damaged to open, where only the name can say what
    /// they were meant to be.
    static let namedByHintOnly: [String: String] = [
        "hostile/calamine_OOM_alloc3.xls": "the directory and mini FAT chains run out of the file"
    ]

    static func expectedFormat(_ entry: Corpus.Entry) -> DocumentFormat? {
        if let exception = exceptions[entry.path] { return exception.format }
        // Ground-truth transcripts beside the scans are plain text.
        if entry.path.hasSuffix(".truth.txt") { return .txt }
        switch entry.format {
        case "hostile": return DocumentFormat(fileExtension: entry.fileExtension)
        case "pdf-scanned": return .pdf
        default: return DocumentFormat(rawValue: entry.format)
        }
    }

    /// Encrypted as the manifest says, except PDFs: whether a PDF needs a
    /// password is the PDF reader's call (owner-only passwords open).
    static func expectedEncrypted(_ entry: Corpus.Entry) -> Bool {
        if entry.path == "hostile/poi_protect.xlsx" { return true }
        // A PDF is encrypted when it has an encryption dictionary, whether
        // or not its user password is empty.
        if entry.fileExtension == "pdf" { return entry.note.lowercased().contains("password") }
        return entry.note.contains("expected: error Encrypted")
    }

    @Test(arguments: Corpus.entries)
    func detectsCorpusFile(_ entry: Corpus.Entry) throws {
        let detected = AnyDocConverter().detect(try entry.read(), fileName: entry.path)
        #expect(detected.format == Self.expectedFormat(entry))
        #expect(detected.isEncrypted == Self.expectedEncrypted(entry))
    }

    @Test func encryptedFilesAreThoseTheManifestNames() {
        let encrypted = Corpus.entries.filter(Self.expectedEncrypted).map(\.path).sorted()
        #expect(encrypted.count == 12 || Corpus.entries.isEmpty)
    }

    /// The extension is only a hint: every non-text file is detected the
    /// same with no name at all.
    @Test func contentAloneDecidesBinaryFormats() throws {
        for entry in Corpus.entries {
            let expected = Self.expectedFormat(entry)
            guard let expected, ![.txt, .md, .csv, .tsv].contains(expected), Self.exceptions[entry.path] == nil,
                Self.namedByHintOnly[entry.path] == nil
            else { continue }
            // Encrypted OOXML keeps its secrets: only the name tells docx from xlsx.
            if Self.expectedEncrypted(entry), expected == .xlsx || expected == .pptx { continue }
            let detected = FormatDetector.detect(try entry.read(), fileName: nil)
            #expect(detected.format == expected, "\(entry.path)")
        }
    }

    /// Damaged copies of real files never trap or hang detection.
    @Test func survivesMutatedCorpusFiles() throws {
        let samples = ["docx/pandoc_lists.docx", "epub/tika_testEPUB.epub", "odt/odfpy_twolevellist.odt", "doc/poi_Word6.doc",
                       "xls/poi_chinese-provinces.xls", "ppt/poi_with_textbox.ppt", "hostile/poi_protected_agile.docx",
                       "html/tika_testHTML_charset_utf16le.html", "rtf/pandoc_unicode.rtf"]
        var random = SeededMutator(seed: 42)
        for path in samples {
            guard let entry = Corpus.entries.first(where: { $0.path == path }) else { continue }
            let original = try entry.read()
            for _ in 0..<60 {
                var bytes = original
                for _ in 0..<(1 + random.next() % 8) {
                    // Damage the start, where the structures are, more often.
                    let span = random.next() % 2 == 0 ? min(bytes.count, 2048) : bytes.count
                    let offset = Int(random.next() % UInt64(span))
                    bytes[offset] = UInt8(truncatingIfNeeded: random.next())
                }
                if random.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
                _ = FormatDetector.detect(bytes, fileName: path)
            }
        }
    }
}
