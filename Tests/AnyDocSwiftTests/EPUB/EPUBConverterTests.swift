import Testing
@testable import AnyDocSwift

/// EPUB books from TestDocuments/epub (Scripts/make-epub-fixtures.py) and
/// the shared corpus.
@Suite struct EPUBConverterTests {
    private func bytes(_ name: String) throws -> [UInt8] { try Corpus.testDocument("epub/\(name).epub") }

    @Test func spineOrderCrossChapterLinksAndNonLinearLast() throws {
        let markdown = try AnyDocConverter().markdown(bytes("small-book"), fileName: "small-book.epub")
        #expect(markdown == """
        # Chapter One

        It was a *dark* and **stormy** night.[1](#n1)

        See [the later section](#later) or [chapter two](#chapter-two).

        A small dot

        # Chapter Two

        ## Later

        - first
        - second

        Back to [the start](#chapter-one); elsewhere: [a site](https://example.org/).

        <a id="n1"></a>A note read last.

        """)
    }

    @Test func metadataAndImagesFromThePackage() throws {
        let document = try AnyDocConverter().document(bytes("small-book"), fileName: "small-book.epub")
        #expect(document.metadata.title == "A Small Book")
        #expect(document.metadata.authors == ["Mary Shelley", "Percy Shelley"])
        #expect(document.metadata.language == "en")
        #expect(document.metadata.sourceFormat == .epub)
        #expect(document.assets.map(\.name) == ["dot.png"])
        let linked = try AnyDocConverter().markdown(
            bytes("small-book"), fileName: "b.epub", options: MarkdownOptions(embeddedImages: .link(prefix: "img")))
        #expect(linked.contains("![A small dot](img/dot.png)"))
    }

    @Test func imageBytesAreReadOnlyWhenAsked() throws {
        let book = try bytes("small-book")
        let withBytes = try AnyDocConverter().document(book, fileName: "b.epub")
        #expect(withBytes.assets.map(\.name) == ["dot.png"])
        #expect(withBytes.assets.first?.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)

        var options = ConversionOptions()
        options.readsImageBytes = false
        let unread = AnyDocConverter(options: options)
        let withoutBytes = try unread.document(book, fileName: "b.epub")
        #expect(withoutBytes.assets.map(\.name) == ["dot.png"])
        #expect(withoutBytes.assets.first?.bytes == [])
        #expect(try unread.markdown(book, fileName: "b.epub") == AnyDocConverter().markdown(book, fileName: "b.epub"))
    }

    @Test func fontObfuscationIsNotDRM() throws {
        let markdown = try AnyDocConverter().markdown(bytes("obfuscated-fonts"), fileName: "f.epub")
        #expect(markdown.hasPrefix("# Chapter One\n"))
    }

    @Test func encryptedContentIsReportedAsEncrypted() throws {
        let drm = try bytes("drm")
        do throws(ConversionError) {
            _ = try AnyDocConverter().markdown(drm, fileName: "drm.epub")
            Issue.record("a DRM book converted")
        } catch {
            #expect(error.kind == .encrypted)
        }
    }

    @Test(arguments: Corpus.entries(inFolder: "epub"))
    func corpusBooksConvertWithText(_ entry: Corpus.Entry) throws {
        let markdown = try AnyDocConverter().markdown(entry.read(), fileName: entry.path)
        #expect(!markdown.isEmpty)
        #expect(!markdown.contains("<html") && !markdown.contains("<body") && !markdown.contains("<?xml"))
    }

    @Test func corpusContentArrivesInSpineOrder() throws {
        guard let entry = Corpus.entries.first(where: { $0.path == "epub/tika_testEPUB.epub" }) else {
            Issue.record("corpus file missing")
            return
        }
        let markdown = try AnyDocConverter().markdown(entry.read(), fileName: entry.path)
        let one = markdown.range(of: "This is the text for chapter One")
        let two = markdown.range(of: "This is the text for chapter Two")
        #expect(one != nil && two != nil)
        if let one, let two { #expect(one.lowerBound < two.lowerBound) }
        #expect(markdown.contains("## Subchapter 2.1"))
    }

    @Test func externalEntitiesInBooksAreNotResolved() throws {
        guard let entry = Corpus.entries.first(where: { $0.path == "hostile/gen_xxe.epub" }) else {
            Issue.record("corpus file missing")
            return
        }
        let markdown = try AnyDocConverter().markdown(entry.read(), fileName: entry.path)
        #expect(!markdown.contains("root:"))
        #expect(markdown.contains("host: "))
    }
}
