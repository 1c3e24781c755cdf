import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

@Suite struct PDFLayoutPassTests {
    /// Six pages, each with a line "Scope" among its body text, and an
    /// outline with "Scope" on pages 2 and 3: each entry is used once, by
    /// the first page near it, so only pages 1 and 2 open with a heading.
    private static func reading() -> PDFDocumentReading {
        var reading = PDFDocumentReading()
        for number in 1...6 {
            let y = 300 + Double(number) * 20
            let body = (0..<8).map { SyntheticLayout.line("page \(number) body line \($0) of words", x: 50, y: y + 30 + Double($0) * 12) }
            reading.keep(SyntheticLayout.page(number, [SyntheticLayout.line("Scope", x: 50, y: y)] + body), awaitingOCR: false)
        }
        reading.countDeferredSketches()
        return reading
    }

    private static func laidOut(
        _ reading: PDFDocumentReading, threads: Int, deadline: Deadline = Deadline(secondsFromNow: 600)
    ) throws -> [[Block]] {
        let (sizes, samples) = try reading.measure(deadline: Deadline(secondsFromNow: 600))
        let outline = [PDFOutlineEntry(title: "Scope", page: 2, depth: 1), PDFOutlineEntry(title: "Scope", page: 3, depth: 1)]
        let builder = PDFBlockBuilder(
            headings: PDFHeadingClassifier(sizes: sizes, outline: outline), spacing: PDFLineSpacing(samples: samples))
        let pass = PDFLayoutPass(reading: reading, builder: builder, threads: threads, deadline: deadline)
        return try reading.pages.indices.map { index throws(ConversionError) in try pass.blocks(at: index) }
    }

    @Test func workersLayOutWhatOneThreadDoesWhenPagesShareOutlineEntries() throws {
        let reading = Self.reading()
        let alone = try Self.laidOut(reading, threads: 1)
        let headings = alone.map { blocks in blocks.filter { if case .heading = $0 { true } else { false } }.count }
        #expect(headings == [1, 1, 0, 0, 0, 0])
        // Laid out apart, pages 2 to 4 would each take an entry the page
        // before already used.
        for threads in [2, 3, 4] {
            #expect(try Self.laidOut(reading, threads: threads) == alone)
        }
    }

    @Test func aWorkersErrorReachesTheCallerAndThePassLetsGo() throws {
        let reading = Self.reading()
        // Past its deadline, each worker fails its first page.
        #expect(throws: ConversionError.self) {
            _ = try Self.laidOut(reading, threads: 3, deadline: Deadline(secondsFromNow: 1e-9))
        }
        #expect(try Self.laidOut(reading, threads: 3) == Self.laidOut(reading, threads: 1))
    }
}
