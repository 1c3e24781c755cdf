/// Plain multi-page text PDFs written byte by byte: a "Page N" line and
/// `lines` lines of words per page in Helvetica, words chosen by a fixed
/// rule so every page differs.
enum TextPDF {
    private static let words = ["river", "stone", "field", "report", "north", "window", "measure", "quiet", "harbour",
                                "signal", "garden", "copper", "ledger", "summit", "lantern", "meadow", "orbit"]

    static func make(pages: Int, lines: Int = 30) -> [UInt8] {
        var objects: [String] = []
        func object(_ body: String) { objects.append(body) }
        object("<< /Type /Catalog /Pages 2 0 R >>")
        let kids = (0..<pages).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        object("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        for page in 0..<pages {
            object("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> "
                + "/Contents \(5 + 2 * page) 0 R >>")
            var stream = "BT /F1 10 Tf 72 782 Td (Page \(page + 1)) Tj ET\n"
            for line in 0..<lines {
                let text = (0..<10).map { words[(page * 31 + line * 7 + $0 * 13) % words.count] }.joined(separator: " ")
                stream += "BT /F1 10 Tf 72 \(762 - line * 14) Td (\(text)) Tj ET\n"
            }
            object("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)endstream")
        }
        return MinimalPDF.bytes(objects: objects)
    }
}
