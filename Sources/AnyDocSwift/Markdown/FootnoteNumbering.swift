/// Numbers footnotes 1, 2, 3… in the order the text first refers to them,
/// whatever labels the source used.
final class FootnoteNumbering {
    @exclusivity(unchecked)
    private var numbers: [String: Int] = [:]
    @exclusivity(unchecked)
    private(set) var labelsInOrder: [String] = []

    func number(for label: String) -> Int {
        if let number = numbers[label] { return number }
        labelsInOrder.append(label)
        numbers[label] = labelsInOrder.count
        return labelsInOrder.count
    }

    func existingNumber(for label: String) -> Int? { numbers[label] }
}
