internal import AnyDocSwift
/// The usual distance from one baseline to the next, per font size,
/// measured over the whole document: the yardstick for paragraph gaps.
///
/// Only pairs of lines of one size, one above the other, count; the
/// lowest tenth of their distances is the usual line pitch (paragraph
/// gaps make the distances above it).
struct PDFLineSpacing {
    private var pitches: [Double: Double] = [:]

    init(pages: [PDFPageContent]) {
        var samples: [Double: [Double]] = [:]
        for page in pages {
            let lines = page.lines.sorted { $0.box.minY < $1.box.minY }
            for (index, line) in lines.enumerated() {
                let size = PDFLineSpacing.key(line.fontSize)
                guard size > 0 else { continue }
                // The nearest line below that shares most of the width.
                for next in lines[(index + 1)..<min(lines.count, index + 12)] {
                    let overlap = min(line.box.maxX, next.box.maxX) - max(line.box.minX, next.box.minX)
                    guard overlap > 0.5 * min(line.box.width, next.box.width), next.box.minY > line.box.midY else { continue }
                    let pitch = next.box.maxY - line.box.maxY
                    if PDFLineSpacing.key(next.fontSize) == size, pitch >= 0.8 * size, pitch <= 4 * size {
                        samples[size, default: []].append(pitch)
                    }
                    break
                }
            }
        }
        for (size, values) in samples {
            let sorted = values.sorted()
            // Few samples may all be paragraph gaps: trust a pitch wider
            // than single spacing only when many lines show it.
            let measured = sorted[sorted.count / 10]
            pitches[size] = sorted.count >= 8 ? measured : min(measured, 1.5 * size)
        }
    }

    /// The usual pitch for text of `size`, if the document shows one.
    func pitch(for size: Double) -> Double? { pitches[PDFLineSpacing.key(size)] }

    private static func key(_ size: Double) -> Double { (size * 2).rounded() / 2 }
}
