/// A worksheet part's rows, read by `XLSXSheetScanner` straight from the
/// inflating bytes, and by `XLSXSheetParser` (libxml2, with its safety
/// options and limits) from the first row the scanner cannot read exactly.
/// The scanner delivers a row only once it has read all of it, and both
/// number rows by the same rules, so the parser goes on after the last
/// row delivered and every pass sees the same rows.
final class XLSXSheetRows: SheetRowSource {
    private let openBytes: () throws(ConversionError) -> ByteSource
    private let openParser: () throws(ConversionError) -> XLSXSheetParser
    private let limits: Limits
    private let deadline: Deadline
    private let maxMerges: Int
    @exclusivity(unchecked)
    private(set) var merges: [XLSXRange] = []
    /// Whether the last pass handed the part to libxml2.
    @exclusivity(unchecked)
    private(set) var fellBack = false

    init(
        limits: Limits, deadline: Deadline, maxMerges: Int,
        openBytes: @escaping () throws(ConversionError) -> ByteSource,
        openParser: @escaping () throws(ConversionError) -> XLSXSheetParser
    ) {
        self.limits = limits
        self.deadline = deadline
        self.maxMerges = maxMerges
        self.openBytes = openBytes
        self.openParser = openParser
    }

    func parse(wants: (Int) -> Bool, visit: (Int, [XLSXCell]) throws(ConversionError) -> Void) throws(ConversionError) {
        let source = try openBytes()
        let scanner = XLSXSheetScanner(source: source, limits: limits, deadline: deadline, maxMerges: maxMerges)
        var delivered = 0
        do {
            try scanner.parse(wants: wants) { row, cells throws(ConversionError) in
                try visit(row, cells)
                delivered = row
            }
            merges = scanner.merges
            fellBack = false
            return
        } catch {
            switch error {
            case .failed(let failure): throw failure
            case .unsupported: break
            }
        }
        fellBack = true
        // Nothing may read the archive ahead while the parser opens it.
        source.stop()
        let parser = try openParser()
        try parser.parse(wants: { $0 > delivered && wants($0) }) { row, cells throws(ConversionError) in
            guard row > delivered else { return }
            try visit(row, cells)
        }
        merges = parser.merges
    }
}
