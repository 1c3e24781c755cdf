internal import AnyDocSwift
/// Merges readings of one page by single-language models, keeping for each
/// line the reading its model is most confident of.
///
/// Tesseract given several languages (`jpn+chi_sim`) picks a model word by
/// word, trying first the model that read the previous word and keeping its
/// result when that looks acceptable. Chinese and Japanese have no spaces,
/// so a "word" is one character or a short run, and a Han character both
/// models know often stays with the wrong one (Japanese 信 for Chinese 价).
/// A line is nearly always in one language, so reading the page once per
/// language and choosing line by line keeps each line with the model that
/// fits it. Lines rather than paragraphs: Tesseract sometimes joins a
/// Chinese and a Japanese paragraph into one, rarely two lines.
enum LineLanguageChoice {
    /// The first reading's layout, each line replaced by the lines another
    /// reading found there when that reading is more confident of them
    /// (the earlier reading wins a tie).
    ///
    /// The readings come from the same image, so their layouts agree up to
    /// a few pixels: another reading's line belongs to the first line of
    /// the first reading that holds its centre. Text that only another
    /// reading found is left out, as it would be with one reading.
    static func merge(_ readings: [PageReading]) -> PageReading {
        guard let layout = readings.first else { return PageReading() }
        if readings.count == 1 { return layout }
        let lines = layout.paragraphs.flatMap { $0.lines }
        let others = readings.dropFirst().map { claimedLines(of: $0, by: lines) }
        var merged = PageReading()
        var index = 0
        for paragraph in layout.paragraphs {
            var chosen: [PageReading.Line] = []
            for line in paragraph.lines {
                var best = [line]
                var bestConfidence = PageReading.confidence(of: best)
                for claimed in others {
                    let candidate = claimed[index]
                    guard let confidence = PageReading.confidence(of: candidate) else { continue }
                    if bestConfidence.map({ confidence > $0 }) ?? true {
                        best = candidate
                        bestConfidence = confidence
                    }
                }
                chosen.append(contentsOf: best)
                index += 1
            }
            merged.paragraphs.append(PageReading.Paragraph(block: paragraph.block, box: paragraph.box, lines: chosen))
        }
        return merged
    }

    /// `reading`'s lines grouped by the line of `layout` that holds each
    /// one's centre, in reading order; lines outside every line are left
    /// out.
    private static func claimedLines(of reading: PageReading, by layout: [PageReading.Line]) -> [[PageReading.Line]] {
        var claimed = [[PageReading.Line]](repeating: [], count: layout.count)
        // A quarter of the line height: enough for the few pixels by which
        // two readings' boxes differ, far less than the gap to the next line.
        let margins = layout.map { max(0, $0.box.bottom - $0.box.top) / 4 }
        for paragraph in reading.paragraphs {
            for line in paragraph.lines {
                let owner = layout.indices.first { layout[$0].box.containsCentre(of: line.box, margin: margins[$0]) }
                if let owner { claimed[owner].append(line) }
            }
        }
        return claimed
    }
}
