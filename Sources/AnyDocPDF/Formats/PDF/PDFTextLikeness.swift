internal import AnyDocSwift
/// A cheap look at a low-resolution rendering of an image region, made
/// before paying for OCR: text is dark marks on a mostly light ground, two
/// tones with little in between, broken into many small pieces. Photos and
/// charts fail one of those and are not recognised at all.
enum PDFTextLikeness {
    /// The resolution the region is rendered at for this test: body text
    /// is still a row of separate marks, and a page-sized image is a few
    /// hundred thousand pixels.
    static let dpi = 60

    static func looksLikeText(_ image: GrayImage) -> Bool {
        let histogram = histogram(of: image.pixels)
        let total = Double(image.pixels.count)
        let threshold = otsuThreshold(histogram)
        let dark = Double(histogram[..<threshold].reduce(0, +))
        // Mostly light, some ink, and little mid-tone between the two.
        guard dark / total >= 0.005, dark / total <= 0.45 else { return false }
        let midTones = Double(histogram[96..<176].reduce(0, +))
        guard midTones / total <= 0.2 else { return false }
        return smallMarks(image, threshold: UInt8(threshold)) >= 8
    }

    private static func histogram(of pixels: [UInt8]) -> [Int] {
        var counts = [Int](repeating: 0, count: 256)
        for pixel in pixels { counts[Int(pixel)] += 1 }
        return counts
    }

    /// The gray level that best splits the histogram into two classes.
    static func otsuThreshold(_ histogram: [Int]) -> Int {
        let total = Double(histogram.reduce(0, +))
        let sum = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var (weight, partial, best, threshold) = (0.0, 0.0, -1.0, 128)
        for level in 0..<256 {
            weight += Double(histogram[level])
            partial += Double(level * histogram[level])
            let rest = total - weight
            guard weight > 0, rest > 0 else { continue }
            let difference = partial / weight - (sum - partial) / rest
            let between = weight * rest * difference * difference
            if between > best { (best, threshold) = (between, level + 1) }
        }
        return threshold
    }

    /// Dark connected components the size of letters or words: taller
    /// than a speck, no taller than half an inch, no wider than two.
    static func smallMarks(_ image: GrayImage, threshold: UInt8) -> Int {
        let (width, height) = (image.width, image.height)
        let maxHeight = max(3, image.resolution / 2), maxWidth = max(6, image.resolution * 2)
        var seen = [Bool](repeating: false, count: width * height)
        var stack: [Int] = []
        var marks = 0
        for start in 0..<(width * height) where !seen[start] && image.pixels[start] < threshold {
            seen[start] = true
            stack.append(start)
            var (minX, maxX, minY, maxY, size) = (width, 0, height, 0, 0)
            while let index = stack.popLast() {
                let (x, y) = (index % width, index / width)
                (minX, maxX, minY, maxY, size) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y), size + 1)
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < width && ny < height {
                    let next = ny * width + nx
                    if !seen[next] && image.pixels[next] < threshold {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            let (boxWidth, boxHeight) = (maxX - minX + 1, maxY - minY + 1)
            if size >= 3, boxHeight >= 2, boxHeight <= maxHeight, boxWidth <= maxWidth { marks += 1 }
        }
        return marks
    }
}
