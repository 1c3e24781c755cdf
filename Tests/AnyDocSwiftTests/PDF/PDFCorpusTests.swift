import Foundation
import Testing
@testable import AnyDocSwift

/// The real-world PDFs in ../shared/corpus: every one converts with no
/// replacement or control characters in the output, the hostile ones end
/// as their manifest notes expect, and known passages (checked against
/// `pdftotext`) come out as they read.
@Suite struct PDFCorpusTests {
    static var documents: [Corpus.Entry] { Corpus.entries(inFolder: "pdf") }
    static var hostile: [Corpus.Entry] { Corpus.entries(inFolder: "hostile").filter { $0.fileExtension == "pdf" } }

    private static func converter() -> AnyDocConverter {
        var options = ConversionOptions()
        options.limits.timeLimitSeconds = 60
        return AnyDocConverter(options: options)
    }

    private static func markdown(_ name: String) throws -> String {
        let entry = try #require(documents.first { $0.path == "pdf/\(name).pdf" }, "\(name) is in the corpus")
        return try converter().markdown(entry.read(), fileName: entry.path)
    }

    /// Characters that must never reach the output.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0xFFFD, 0xE000...0xF8FF: return true
        default: return false
        }
    }

    @Test func corpusHasPDFs() {
        #expect(Self.documents.count >= 30)
        #expect(Self.hostile.count >= 8)
    }

    @Test(arguments: documents)
    func convertsWithoutUnprintableCharacters(_ entry: Corpus.Entry) throws {
        let started = Date()
        let markdown = try Self.converter().markdown(entry.read(), fileName: entry.path)
        #expect(markdown.hasPrefix("<!-- page 1 -->"))
        let bad = markdown.unicodeScalars.filter(Self.isUnprintable)
        #expect(bad.isEmpty, "\(entry.path): \(bad.count) unprintable characters")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test(arguments: hostile)
    func hostileFilesEndAsExpected(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        let started = Date()
        let note = entry.note.lowercased()
        do throws(ConversionError) {
            let markdown = try Self.converter().markdown(bytes, fileName: entry.path)
            if entry.path.hasSuffix("pypdf_r6-user-password.pdf") {
                // Its note expects `encrypted`, but the file's owner password
                // is empty (its /O entry checks out against ""), so Poppler,
                // pdfinfo and other readers open it without asking.
                #expect(markdown.contains("pdf encryption test password"))
            } else if note.contains("expected: error encrypted") {
                Issue.record("\(entry.path) converted but should need a password")
            } else if note.contains("opens normally") {
                #expect(markdown.contains("pdf encryption test password: asdfzxcv"))
            }
            #expect(!markdown.unicodeScalars.contains(where: Self.isUnprintable))
        } catch {
            if note.contains("expected: error encrypted") {
                #expect(error.kind == .passwordRequired, "\(entry.path): \(error)")
                #expect(error.reason.contains("needs a password"))
                #expect(Self.converter().detect(bytes, fileName: entry.path).isEncrypted, "detection reports \(entry.path) as encrypted")
            } else if note.contains("opens normally") {
                Issue.record("\(entry.path) should open: \(error)")
            } else {
                // Truncated, fuzzed, cyclic: a clean typed error is fine.
                #expect(error.kind == .malformed || error.kind == .resourceLimit, "\(entry.path): \(error)")
            }
        }
        #expect(Date().timeIntervalSince(started) < 30, "\(entry.path) took too long")
    }

    @Test func userPasswordOpensTheEncryptedFile() throws {
        let entry = try #require(Self.hostile.first { $0.path.hasSuffix("pypdf_r4-aes-user-password.pdf") })
        var options = ConversionOptions()
        options.password = "asdfzxcv"
        let markdown = try AnyDocConverter(options: options).markdown(entry.read(), fileName: entry.path)
        #expect(markdown.contains("pdf encryption test password: asdfzxcv"))
        options.password = "wrong"
        #expect(throws: ConversionError(.wrongPassword, "the password does not open the PDF", file: entry.path)) {
            try AnyDocConverter(options: options).markdown(entry.read(), fileName: entry.path)
        }
    }

    // MARK: - Known passages, checked against pdftotext

    @Test func memoParagraphs() throws {
        let output = try Self.markdown("kreuzberg_fake_memo")
        #expect(output.contains("""
        May 5, 2023

        To Whom it May Concern:

        There were 20,000 bottles of water, 10,000 blankets, and 200 laptops delivered on January 23, 2023. \
        A total of 3 trucks were used for 15 hours.
        """))
    }

    @Test func smallTable() throws {
        let output = try Self.markdown("kreuzberg_tiny")
        #expect(output.contains("""
        | Name | Celsius | Fahrenheit |
        | --- | --- | --- |
        | Water Freezing Point | 0 | 32 |
        | Water Boiling Point | 100 | 212 |
        | Body Temperature | 37 | 98.6 |
        """))
    }

    @Test func academicPageHeadingAndTable() throws {
        let output = try Self.markdown("docling_2305.03393v1-pg9")
        #expect(output.contains("\n## 5.1 Hyper Parameter Optimization\n"))
        #expect(output.contains("\n| 6 | 6 | OTSL | 0.965 | 0.934 | 0.955 |"))
        // "Ef-" + "fects" across a line break.
        #expect(output.contains("architecture, trained only on PubTabNet [22]. Effects of reducing"))
    }

    @Test func outlineHeadingsAndContents() throws {
        let output = try Self.markdown("pysamples_pdflatex-outline")
        #expect(output.contains("\n# 1 Foo\n"))
        #expect(output.contains("\n# 9 Baz\n"))
        // The contents page is not a table.
        #expect(!output.contains("| 1 | Foo"))
    }

    @Test func twoColumnPaperReadsColumnByColumn() throws {
        let output = try Self.markdown("pysamples_multicolumn")
        #expect(output.contains("Proin eu nunc eu urna hendrerit faucibus."))
        let left = try #require(output.range(of: "fermentum faucibus, egestas vel, odio."))
        let right = try #require(output.range(of: "luctus et ultrices posuere cubilia Curae; Pellentesque sit amet pede"))
        #expect(left.lowerBound < right.lowerBound)
    }

    @Test func glyphIdTextIsReadBack() throws {
        let output = try Self.markdown("kreuzberg_non_ascii_text")
        #expect(output.contains("### Spatenstich für neue Hackschnitzelheizung"))
        #expect(output.contains("das Gebäude Kirchstraße 9"))
    }

    @Test func scriptsFromRightToLeftAndOthers() throws {
        let output = try Self.markdown("pypdf_multilang")
        #expect(output.contains("مرحبا بالعالم"))
        #expect(output.contains("Привет, мир"))
        #expect(output.contains("こんにちは世界"))
    }

    @Test func linkAnnotation() throws {
        #expect(try Self.markdown("pysamples_libre-office-link").contains("[a link to an awesome blog.](https://martin-thoma.com/)"))
    }
}
