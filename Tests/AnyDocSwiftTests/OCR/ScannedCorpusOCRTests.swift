import Foundation
import Testing
@testable import AnyDocSwift
@testable import AnyDocPDF

/// The scanned PDFs of the shared corpus that come with their true text.
enum ScannedCorpus {
    struct Sample: Sendable, CustomStringConvertible {
        let name: String
        let pdf: URL
        let truth: String
        var description: String { name }
        /// Japanese needs `jpn` (tesseract-ocr-jpn) for its kana, Chinese
        /// `chi_sim`; the rest are English.
        var language: String {
            if truth.unicodeScalars.contains(where: { (0x3040...0x30FF).contains($0.value) }) { return "jpn+chi_sim" }
            if truth.unicodeScalars.contains(where: { (0x4E00...0x9FFF).contains($0.value) }) { return "chi_sim+eng" }
            return "eng"
        }
    }

    static let folder = Corpus.root.appendingPathComponent("pdf-scanned")

    static let samples: [Sample] = {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { $0.hasSuffix(".pdf") }.sorted().compactMap { name in
            let base = String(name.dropLast(4))
            let truthURL = folder.appendingPathComponent(base + ".truth.txt")
            guard let truth = try? String(contentsOf: truthURL, encoding: .utf8) else { return nil }
            return Sample(name: base, pdf: folder.appendingPathComponent(name), truth: truth)
        }
    }()

    /// Renders every page at `dpi` on this thread and recognises them.
    static func recognize(_ sample: Sample, recognizer: PageRecognizer, dpi: Int = 300) throws -> [OCRResult] {
        let bytes = [UInt8](try Data(contentsOf: sample.pdf))
        let pdf = try PDFDocument(data: bytes)
        let pages = try recognizer.recognize(pageCount: pdf.pageCount, deadline: Deadline(secondsFromNow: 300)) {
            (index: Int) throws(ConversionError) -> GrayImage? in
            try pdf.render(page: index, dpi: dpi)
        }
        return pages.compactMap { $0 }
    }

    static func text(_ results: [OCRResult]) -> String {
        results.flatMap(\.paragraphTexts).joined(separator: "\n\n")
    }
}

@Suite("Scanned PDF OCR recall", .serialized)
struct ScannedCorpusOCRTests {
    @Test("Word recall of every scanned PDF with a truth file is at least 0.95", arguments: ScannedCorpus.samples)
    func recall(sample: ScannedCorpus.Sample) throws {
        // Without the Japanese model the kana cannot be read at all.
        let installed = (try? OCRLanguage.validate(sample.language)) != nil
        let recognizer = try PageRecognizer(language: installed ? sample.language : "chi_sim+eng")
        let started = Deadline.now()
        let results = try ScannedCorpus.recognize(sample, recognizer: recognizer)
        let seconds = Double(Deadline.now() - started) / 1e9
        let text = ScannedCorpus.text(results)
        let recall = WordRecall.recall(of: sample.truth, in: text)
        let confidence = results.meanConfidence ?? 0
        print("OCR recall \(sample.name): \(String(format: "%.3f", recall)) (\(results.count) pages, "
              + "confidence \(String(format: "%.1f", confidence)), \(String(format: "%.1f", seconds)) s)")
        // Four characters of the CJK page (龘靐齉䶮) are in neither model, and
        // a few Han characters are misread (千→干, 輩→募); read line by line in
        // the more confident of jpn and chi_sim it reaches 0.959. Without the
        // Japanese model it stays near 0.5.
        let reason = "\(sample.language) is not installed: apt-get install tesseract-ocr-jpn"
        withKnownIssue(Comment(rawValue: reason), isIntermittent: true) {
            #expect(recall >= 0.95, "missing: \(WordRecall.missing(from: sample.truth, in: text))")
        } when: {
            !installed
        }
    }
}

@Suite("OCR throughput", .serialized)
struct OCRThroughputTests {
    @Test("Pages per second with one and with two workers")
    func throughput() throws {
        let samples = ScannedCorpus.samples.filter { $0.language == "eng" }
        try #require(!samples.isEmpty)
        let documents = try samples.map { sample in try PDFDocument(data: [UInt8](try Data(contentsOf: sample.pdf))) }
        // Every English page twice, as one stream, so both workers stay busy.
        let pages = (0..<2).flatMap { _ in documents.flatMap { document in (0..<document.pageCount).map { (document, $0) } } }
        var rates: [Int: Double] = [:]
        var texts: [Int: [String]] = [:]
        for workers in [1, 2] {
            let recognizer = try PageRecognizer(language: "eng", workers: workers)
            // Engines start outside the timing, as a long-running converter keeps them.
            _ = try recognizer.recognize(deadline: Deadline(secondsFromNow: 60), next: { () throws(ConversionError) -> GrayImage? in nil })
            var next = 0
            let started = Deadline.now()
            let cpuStarted = Self.cpuSeconds()
            let results = try recognizer.recognize(deadline: Deadline(secondsFromNow: 600)) { () throws(ConversionError) -> GrayImage? in
                guard next < pages.count else { return nil }
                defer { next += 1 }
                return try pages[next].0.render(page: pages[next].1, dpi: 300)
            }
            let seconds = Double(Deadline.now() - started) / 1e9
            let cpu = Self.cpuSeconds() - cpuStarted
            texts[workers] = results.map { $0.paragraphTexts.joined(separator: "\n") }
            rates[workers] = Double(results.count) / seconds
            print("OCR throughput, \(workers) worker(s): \(results.count) pages in \(String(format: "%.1f", seconds)) s = "
                  + "\(String(format: "%.2f", Double(results.count) / seconds)) pages/s, "
                  + "\(String(format: "%.2f", cpu / Double(results.count))) CPU s/page")
        }
        let speedup = (rates[2] ?? 0) / (rates[1] ?? 1)
        print("OCR throughput speed-up with 2 workers: \(String(format: "%.2f", speedup))×")
        #expect(texts[1] == texts[2], "the result must not depend on the number of workers")
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
