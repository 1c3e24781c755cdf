import Synchronization
import Testing
@testable import AnyDocSwift

/// The format table is complete and consistent, and detection, extension
/// hints and dispatch all answer from it.
@Suite("Format registry")
struct FormatRegistryTests {
    @Test("One entry per format, in DocumentFormat order")
    func oneEntryPerFormat() {
        #expect(FormatRegistry.entries.map(\.format) == DocumentFormat.allCases)
    }

    @Test("No extension or media type names two formats")
    func namesAreUnique() {
        let extensions = FormatRegistry.entries.flatMap(\.extensions)
        #expect(Set(extensions).count == extensions.count)
        #expect(extensions.allSatisfy { $0 == $0.lowercased() && !$0.hasPrefix(".") })
        let mediaTypes = FormatRegistry.entries.flatMap(\.mediaTypes)
        #expect(Set(mediaTypes).count == mediaTypes.count)
        #expect(mediaTypes.allSatisfy { $0 == PackageMediaTypes.normalized($0) })
    }

    @Test("Extensions map as the table says, in any case", arguments: [
        ("DOCX", DocumentFormat.docx), ("ott", .odt), ("TIF", .tiff), ("jpg", .jpeg), ("tab", .tsv),
        ("markdown", .md), ("pps", .ppt), ("xhtml", .html), ("log", .txt),
    ])
    func extensionHints(ext: String, format: DocumentFormat) {
        #expect(DocumentFormat(fileExtension: ext) == format)
    }

    @Test("Unknown extensions name no format")
    func unknownExtensions() {
        #expect(DocumentFormat(fileExtension: "xyz") == nil)
        #expect(DocumentFormat(fileExtension: "") == nil)
    }

    @Test("Text under a name reads as the entry says")
    func textUnderANameReadsAsTheEntrySays() {
        #expect(FileNameHint.textFormat(hint: .xls) == .csv)
        #expect(FileNameHint.textFormat(hint: .html) == .txt)
        #expect(FileNameHint.textFormat(hint: .md) == .md)
        #expect(FileNameHint.textFormat(hint: .docx) == nil)
        #expect(FileNameHint.textFormat(hint: nil) == .txt)
    }

    @Test("Media types come from the table")
    func mediaTypes() {
        #expect(PackageMediaTypes.officeFormat(mainPartContentType:
            "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml") == .ppsx)
        #expect(PackageMediaTypes.packageFormat(mimetype: " application/vnd.oasis.opendocument.text-template\n") == .odt)
        #expect(PackageMediaTypes.packageFormat(mimetype: "application/vnd.oasis.opendocument.text") == .odt)
        #expect(PackageMediaTypes.officeFormat(mainPartContentType: "application/vnd.oasis.opendocument.text") == nil)
    }

    @Test("An encrypted package under a legacy name is that family's OOXML format")
    func encryptedPackageFamily() {
        #expect(CompoundDocumentDetector.encryptedPackageFormat(hint: .xls) == .xlsx)
        #expect(CompoundDocumentDetector.encryptedPackageFormat(hint: .ppt) == .pptx)
        #expect(CompoundDocumentDetector.encryptedPackageFormat(hint: .potm) == .potm)
        #expect(CompoundDocumentDetector.encryptedPackageFormat(hint: .pdf) == .docx)
    }

    @Test("A format without a converter is unsupported, naming what is missing")
    func missingConverterIsUnsupported() {
        // EPUB: no other module installs a converter for it (AnyDocPDF,
        // linked into the tests, installs PDF's).
        let bare = FormatEntry(.epub, name: "EPUB", family: .ebook, extensions: ["epub"], evidence: .mimetypePackage, converter: nil)
        let error = #expect(throws: ConversionError.self) { try FormatRegistry.converter(of: bare) }
        #expect(error?.kind == .unsupported)
        #expect(error?.reason == "EPUB support is not installed in this build")
    }

    /// Counts its calls and reads TSV as the built-in converter does, so
    /// other suites converting TSV meanwhile see no difference.
    enum CountingTSVConverter: FormatConverter {
        static let calls = Atomic<Int>(0)
        static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
            calls.add(1, ordering: .relaxed)
            try CSVConverter.convert(input, into: sink)
        }
    }

    @Test("An installed converter takes over dispatch")
    func installedConverterIsUsed() throws {
        FormatRegistry.install(CountingTSVConverter.self, for: [.tsv])
        defer { FormatRegistry.install(CSVConverter.self, for: [.tsv]) }
        let before = CountingTSVConverter.calls.load(ordering: .relaxed)
        let markdown = try AnyDocConverter().markdown(Array("a\tb\n1\t2\n".utf8), fileName: "t.tsv")
        #expect(markdown.contains("| a | b |"))
        #expect(CountingTSVConverter.calls.load(ordering: .relaxed) == before + 1)
    }
}
