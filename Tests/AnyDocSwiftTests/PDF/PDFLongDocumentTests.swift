import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// Long PDFs: lines packed between the passes (and moved to a temporary
/// file past the store's memory), page text read by several threads,
/// and the output the same as when one thread reads everything.
@Suite struct PDFLongDocumentTests {
    private static func describe(_ lines: [PDFTextLine]) -> [String] {
        lines.map { line in
            "\(line.text)|\(line.box)|\(line.fontSize)|\(line.isBold)|\(line.isItalic)|\(line.isRightToLeft)|\(line.isTabular)|"
                + line.words.map { w in
                    "\(w.text)/\(w.box)/\(w.fontSize)/\(w.isBold)/\(w.isItalic)/\(String(describing: w.link))/\(w.endsWithSoftHyphen)/\(w.isRightToLeft)"
                }.joined(separator: ";")
        }
    }

    private static func sampleLines(_ seed: Int) -> [PDFTextLine] {
        var first = SyntheticLayout.line("Straße \(seed) naïve 日本語 😀", x: 50.25, y: 100.5 + Double(seed), size: 11.5)
        first.words[0].link = seed % 3
        first.words[1].endsWithSoftHyphen = true
        var second = SyntheticLayout.line("Bold heading \(seed)", x: 60, y: 130, size: 14, bold: true)
        second.isTabular = true
        second.words[0].isRightToLeft = true
        return [first, second, SyntheticLayout.line("x", x: 1e-3, y: 700.125)]
    }

    @Test func linesAndSketchesComeBackUnchangedFromMemoryAndFromTheTemporaryFile() throws {
        let store = PDFPageStore(memoryLimit: 600)
        var slots: [(lines: Int, sketch: Int)] = []
        for seed in 0..<20 {
            let lines = Self.sampleLines(seed)
            let page = PDFPageContent(number: seed + 1, width: 600, height: 800, lines: lines, links: [])
            slots.append((store.append { PDFLineCoding.encode(lines, into: &$0) },
                          store.append { PDFLineCoding.encode(PDFPageSketch(page), into: &$0) }))
        }
        #expect(store.isSpilled)
        for (seed, slot) in slots.enumerated() {
            let lines = Self.sampleLines(seed)
            #expect(Self.describe(try store.record(slot.lines, PDFLineCoding.decode)) == Self.describe(lines))
            let expected = PDFPageSketch(PDFPageContent(number: seed + 1, width: 600, height: 800, lines: lines, links: []))
            let sketch = try store.record(slot.sketch, PDFLineCoding.decodeSketch)
            #expect(sketch.lines.map { "\($0.box)|\($0.fontSize)|\($0.characterCount)|\($0.wordCount)|\($0.runningKey ?? "-")" }
                == expected.lines.map { "\($0.box)|\($0.fontSize)|\($0.characterCount)|\($0.wordCount)|\($0.runningKey ?? "-")" })
        }
        #expect(!PDFPageStore().isSpilled)
    }

    @Test func threadsReadASpilledStoreAtOnce() throws {
        let store = PDFPageStore(memoryLimit: 600)
        let slots = (0..<40).map { seed in store.append { PDFLineCoding.encode(Self.sampleLines(seed), into: &$0) } }
        #expect(store.isSpilled)
        let workers: [OrderedParallelWork<[String]>.Worker] = (0..<4).map { _ in
            { index in Result { () throws(ConversionError) in Self.describe(try store.record(slots[index], PDFLineCoding.decode)) } }
        }
        let work = try #require(OrderedParallelWork(count: slots.count, window: 8, workers: workers))
        for seed in slots.indices {
            #expect(try work.value(at: seed) == Self.describe(Self.sampleLines(seed)))
        }
    }

    @Test func lineSpacingCountsGiveTheTenthOfASortedList() {
        // Pitches 12 (x3), 13 (x5), 20 (x2) on one page: ten samples, so
        // the measured pitch is the second smallest, 12.
        var lines: [PDFTextLine] = []
        var y = 100.0
        for pitch in [12.0, 13, 13, 20, 12, 13, 20, 13, 12, 13, 0] {
            lines.append(SyntheticLayout.line("a line of body text", x: 50, y: y))
            y += pitch
        }
        let spacing = PDFLineSpacing(pages: [SyntheticLayout.page(1, lines)])
        #expect(spacing.pitch(for: 10) == 12)
    }

    @Test func severalReadersGiveThePagesInOrderAsOneReaderDoes() throws {
        let document = try PDFDocument(data: TextPDF.make(pages: 23, lines: 6))
        let deadline = Deadline(secondsFromNow: 600)
        let one = PDFTextSource(document: document, pageCount: 23, readers: 1, keepsCharacters: false,
                                deadline: deadline, pagesPerDocument: 4)
        let three = PDFTextSource(document: document, pageCount: 23, readers: 3, keepsCharacters: true,
                                  deadline: deadline, pagesPerDocument: 4)
        for index in 0..<23 {
            let alone = try #require(try one.text(at: index))
            let shared = try #require(try three.text(at: index))
            #expect(Self.describe(alone.lines) == Self.describe(shared.lines))
            #expect(alone.lines.first?.text == "Page \(index + 1)")
            // Images were looked for only by the readers asked to; pages
            // without images keep no characters.
            #expect(alone.imageAreas == nil && shared.imageAreas == [])
            #expect(alone.characters == nil && shared.characters == nil)
        }
        three.stop()
    }

    @Test func aLongPDFConvertsTheSameWithOneReaderOrSeveral() throws {
        let bytes = TextPDF.make(pages: 40, lines: 8)
        var options = ConversionOptions()
        options.ocrMode = .never
        options.ocrWorkers = 1
        let alone = try AnyDocConverter(options: options).markdown(bytes, fileName: "long.pdf")
        options.ocrWorkers = 3
        let shared = try AnyDocConverter(options: options).markdown(bytes, fileName: "long.pdf")
        #expect(alone == shared)
        #expect(alone.ranges(of: "<!-- page ").count == 40)
        #expect(alone.contains("<!-- page 40 -->"))
    }
}
