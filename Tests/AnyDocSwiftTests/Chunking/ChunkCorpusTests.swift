import Foundation
import Testing
@testable import AnyDocSwift

/// Every corpus document that converts, chunked at 200, 1,000 and 4,000
/// characters and at 200 tokens: no chunk over its limit, offsets that cut
/// the Markdown back exactly, table pieces that repeat their header.
@Suite struct ChunkCorpusTests {
    static let sizes = [ChunkOptions(maxSize: 200), ChunkOptions(maxSize: 1_000), ChunkOptions(maxSize: 4_000),
                        ChunkOptions(maxSize: 200, unit: .tokens)]

    static var documents: [Corpus.Entry] {
        Corpus.entries.filter { !$0.path.hasSuffix(".truth.txt") }
    }

    static var conversionOptions: ConversionOptions {
        var options = ConversionOptions()
        options.ocrMode = .never
        options.limits.timeLimitSeconds = 30
        return options
    }

    static func markdown(_ entry: Corpus.Entry) -> String? {
        guard let bytes = try? entry.read() else { return nil }
        return try? AnyDocConverter(options: conversionOptions).markdown(bytes, fileName: entry.path)
    }

    /// The Markdown with the writer's record of its blocks.
    static func rendered(_ entry: Corpus.Entry) -> (markdown: String, layout: [MarkdownBlockSpan])? {
        guard let bytes = try? entry.read() else { return nil }
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, limits: conversionOptions.limits)
        writer.recordsLayout = true
        guard (try? AnyDocConverter(options: conversionOptions).convert(bytes, fileName: entry.path, into: writer)) != nil,
            (try? writer.finish()) != nil
        else { return nil }
        return (output.text, writer.layout)
    }

    /// Cut by the model's blocks, chunks keep to the same rules, and the
    /// Markdown read alone is cut in the same places (what the store's
    /// sections rely on: a search hit is a chunk).
    @Test(arguments: documents)
    func chunksByTheModelKeepToTheirLimits(_ entry: Corpus.Entry) throws {
        guard let (markdown, layout) = Self.rendered(entry) else { return }
        #expect(markdown == Self.markdown(entry), "\(entry.path): recording the layout changed the Markdown")
        let family = DocumentFormat(fileExtension: entry.fileExtension)?.family
        for options in Self.sizes {
            let chunks = Chunker.chunks(markdown: markdown, layout: layout, family: family, options: options)
            let problems = ChunkCheck.problems(chunks, of: markdown, options: options)
            #expect(problems.isEmpty, "\(entry.path) at \(options.maxSize) \(options.unit): \(problems.prefix(3))")
            let covered = chunks.reduce(0) { $0 == $1.offset ? $1.offset + $1.length : -1 }
            #expect(covered == markdown.unicodeScalars.count, "\(entry.path) at \(options.maxSize): gaps or overlaps")
            let byLines = Chunker.chunks(markdown: markdown, family: family, options: options)
            let first = zip(chunks, byLines).first { $0.offset != $1.offset || $0.length != $1.length }
            #expect(chunks.count == byLines.count && first == nil,
                    "\(entry.path) at \(options.maxSize) \(options.unit): \(chunks.count) vs \(byLines.count), first \(first.map { ($0.offset, $0.length, $1.length) }.debugDescription)")
        }
    }

    @Test(arguments: documents)
    func chunksKeepToTheirLimitsAndOffsets(_ entry: Corpus.Entry) throws {
        guard let markdown = Self.markdown(entry) else { return }
        let family = DocumentFormat(fileExtension: entry.fileExtension)?.family
        for options in Self.sizes {
            let chunks = Chunker.chunks(markdown: markdown, family: family, options: options)
            let problems = ChunkCheck.problems(chunks, of: markdown, options: options)
            #expect(problems.isEmpty, "\(entry.path) at \(options.maxSize) \(options.unit): \(problems.prefix(3))")
            // Without overlap the chunks cover the Markdown once, in order.
            let covered = chunks.reduce(0) { $0 == $1.offset ? $1.offset + $1.length : -1 }
            #expect(covered == markdown.unicodeScalars.count, "\(entry.path) at \(options.maxSize): gaps or overlaps")
            // A chunk without words is only left where it fits with neither neighbour.
            for (index, chunk) in chunks.enumerated() where !chunk.hasWords {
                let next = index + 1 < chunks.count ? chunks[index + 1] : nil
                let fitsNext = next.map { ChunkSize.of(chunk.text + $0.text.dropFirst($0.tableHeader?.count ?? 0)).measure(options.unit) <= options.maxSize } ?? false
                let fitsPrevious = index > 0 && chunk.tableHeader == nil
                    && ChunkSize.of(chunks[index - 1].text + chunk.text).measure(options.unit) <= options.maxSize
                #expect(!fitsNext && !fitsPrevious, "\(entry.path) at \(options.maxSize): wordless \(chunk.text.prefix(80).debugDescription)")
            }
        }
    }

    /// The corpus's tables are long enough that pieces of them repeat
    /// their header at every size.
    @Test func corpusTablesSplitWithTheirHeaders() throws {
        let tabular = Self.documents.filter { ["csv", "xlsx", "ods"].contains($0.format) }
        #expect(!tabular.isEmpty || Corpus.entries.isEmpty)
        for options in Self.sizes.prefix(3) {
            var continued = 0
            for entry in tabular {
                guard let markdown = Self.markdown(entry) else { continue }
                continued += Chunker.chunks(markdown: markdown, family: .spreadsheet, options: options).filter { $0.tableHeader != nil }.count
            }
            #expect(continued > 0 || Corpus.entries.isEmpty, "no table piece repeats a header at \(options.maxSize)")
        }
    }
}
