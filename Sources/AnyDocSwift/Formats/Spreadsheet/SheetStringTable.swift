/// The strings cells of a binary workbook show: the shared string table,
/// then the strings the sheet being read holds itself (labels, formula
/// results), which `truncate(to:)` drops when the sheet is done.
///
/// All strings live in one UTF-8 buffer with an end offset each, so a
/// large table costs its text plus eight bytes a string. The table is
/// bounded like XLSX's: no more strings than `Limits.maxTableCells` and no
/// more text than `Limits.maxOutputBytes`; a string is clipped at Excel's
/// 32,767 characters.
final class SheetStringTable {
    @exclusivity(unchecked)
    private var storage: [UInt8] = []
    @exclusivity(unchecked)
    private var ends: [Int] = []
    private let limits: Limits

    init(limits: Limits) {
        self.limits = limits
    }

    var count: Int { ends.count }

    func string(at index: Int) -> String? {
        guard let range = range(at: index) else { return nil }
        return String(decoding: storage[range], as: UTF8.self)
    }

    /// True when the string is absent or shows nothing.
    func isBlank(at index: Int) -> Bool {
        guard let range = range(at: index) else { return true }
        return XLSXText.isBlank(bytes: storage[range])
    }

    /// Adds a string and returns its index.
    @discardableResult
    func append(_ text: String) throws(ConversionError) -> Int {
        guard ends.count < limits.maxTableCells else {
            throw .resourceLimit("the workbook has more than \(limits.maxTableCells) strings")
        }
        storage.append(contentsOf: XLSXSharedStrings.clipped(text).utf8)
        guard storage.count <= limits.maxOutputBytes else {
            throw .resourceLimit("the workbook's strings hold more than \(limits.maxOutputBytes) bytes of text")
        }
        ends.append(storage.count)
        return ends.count - 1
    }

    /// Drops every string from index `count` on.
    func truncate(to count: Int) {
        guard count >= 0, count < ends.count else { return }
        ends.removeSubrange(count...)
        storage.removeSubrange((ends.last ?? 0)...)
    }

    private func range(at index: Int) -> Range<Int>? {
        guard index >= 0, index < ends.count else { return nil }
        return (index == 0 ? 0 : ends[index - 1])..<ends[index]
    }
}
