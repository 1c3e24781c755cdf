import Foundation
import Testing
@testable import AnyDocSwift

/// Every real-world document in ../shared/corpus converts, or fails with
/// the typed error its manifest expects; none crashes or runs away.
@Suite struct CorpusConversionTests {
    /// Formats the library converts; the others must fail with a clear
    /// `unsupported` error until their converters land.
    static let convertedFormats: Set<DocumentFormat> = [
        .txt, .md, .csv, .tsv, .docx, .docm, .dotx, .dotm, .epub, .html, .pptx, .pptm, .ppsx, .ppsm,
        .odt, .ods, .odp, .rtf, .pdf, .png, .jpeg, .tiff, .webp, .gif, .bmp, .doc, .ppt, .xls, .xlsb,
    ]

    /// What the manifest note says must happen.
    enum Expectation: Equatable {
        case converts
        case fails(ConversionError.Kind)
        /// "clean error" or a bounded, partial result.
        case errorOrBounded
    }

    static func expectation(for entry: Corpus.Entry) -> Expectation {
        // Its owner password is empty, so every reader (Poppler, pdfinfo,
        // pdf-inspector) opens it without asking; the note's user password
        // protects nothing.
        if entry.path == "hostile/pypdf_r6-user-password.pdf" { return .converts }
        let note = entry.note.lowercased()
        // A PDF that needs a user password says so more precisely.
        if note.contains("expected: error encrypted") { return .fails(entry.fileExtension == "pdf" ? .passwordRequired : .encrypted) }
        if entry.format == "hostile" {
            if note.contains("opens normally") || note.contains("should convert") || note.contains("converts (") {
                return .converts
            }
            return .errorOrBounded
        }
        return .converts
    }

    /// Source syntax that must never reach the Markdown: XML of the
    /// office formats and RTF control words.
    static let leftoverMarkup = [
        "<?xml", "<w:", "</w:", "<a:", "<p:", "<c:", "<office:", "<text:", "<table:", "<draw:",
        "{\\rtf", "\\par ", "\\pard", "\\fonttbl",
    ]

    static var documents: [Corpus.Entry] {
        Corpus.entries.filter { !$0.path.hasSuffix(".truth.txt") }
    }

    @Test func corpusIsPresent() {
        #expect(Corpus.entries.count >= 400, "the shared corpus must sit beside the project at ../shared/corpus")
    }

    @Test(arguments: documents)
    func convertsOrFailsAsExpected(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 30
        let converter = AnyDocConverter(options: options)
        let detected = converter.detect(bytes, fileName: entry.path)
        let started = Date()
        do throws(ConversionError) {
            let markdown = try converter.markdown(bytes, fileName: entry.path)
            let expectation = Self.expectation(for: entry)
            if case .fails(let kind) = expectation {
                Issue.record("\(entry.path) converted but should fail with \(kind.rawValue)")
            }
            #expect(markdown.utf8.count <= options.limits.maxOutputBytes)
            #expect(!markdown.contains("\u{FFFD}\u{FFFD}\u{FFFD}"), "\(entry.path) output has replacement characters")
            let officeFamilies: [DocumentFormat.Family] = [.wordprocessing, .presentation, .spreadsheet]
            let isOffice = detected.format.map { officeFamilies.contains($0.family) } ?? false
            for leftover in Self.leftoverMarkup where isOffice && markdown.contains(leftover) {
                Issue.record("\(entry.path) output contains source markup \(leftover)")
            }
        } catch {
            let supported = detected.format.map(Self.convertedFormats.contains) ?? false
            switch Self.expectation(for: entry) {
            case .fails(let kind):
                #expect(error.kind == kind || (!supported && error.kind == .unsupported), "\(entry.path): \(error)")
            case .errorOrBounded:
                break
            case .converts:
                if supported {
                    Issue.record("\(entry.path) should convert: \(error)")
                } else {
                    #expect(error.kind == .unsupported || error.kind == .encrypted, "\(entry.path): \(error)")
                }
            }
        }
        #expect(Date().timeIntervalSince(started) < 60, "\(entry.path) took too long")
    }
}
