/// A PDF file around object bodies written by hand: object N is
/// `bodies[N - 1]`, object 1 the catalog, with a correct cross-reference
/// table, so Poppler reads it without repair.
enum MinimalPDF {
    static func bytes(objects bodies: [String]) -> [UInt8] {
        var pdf = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (index, body) in bodies.enumerated() {
            offsets.append(pdf.count)
            pdf += Array("\(index + 1) 0 obj\n\(body)\nendobj\n".utf8)
        }
        let xref = pdf.count
        var table = "xref\n0 \(bodies.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        table += "trailer\n<< /Size \(bodies.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return pdf + Array(table.utf8)
    }
}
