internal import AnyDocSwift
/// What the document-wide measures need of one line: running headers and
/// footers, heading sizes and line pitch are decided over every page, so
/// each page leaves this much in memory while its full lines wait on disk.
struct PDFLineSketch: Sendable {
    var box: PDFRect
    var fontSize: Double
    var characterCount: Int
    var wordCount: Int
    /// The line's running-text key (band and folded text), when it sits
    /// in a header or footer band.
    var runningKey: String?
}

/// The sketches of one page's lines, in the page's line order.
struct PDFPageSketch: Sendable {
    var lines: [PDFLineSketch]

    init(lines: [PDFLineSketch]) {
        self.lines = lines
    }

    /// Sketches `page`'s lines; its page-number lines must already be gone.
    init(_ page: PDFPageContent) {
        lines = page.lines.map { line in
            PDFLineSketch(box: line.box, fontSize: line.fontSize, characterCount: line.characterCount,
                          wordCount: line.words.count, runningKey: PDFRunningTextFilter.key(for: line, in: page))
        }
    }

    /// The lines that stay once the `running` keys are removed.
    func keeping(_ running: Set<String>) -> PDFPageSketch {
        guard !running.isEmpty else { return self }
        var copy = self
        copy.lines.removeAll { $0.runningKey.map(running.contains) == true }
        return copy
    }
}
