/// Lengths as OpenDocument writes them (`1.27cm`, `0.5in`, `12pt`), in
/// centimetres, for putting shapes in reading order.
enum ODFLength {
    static func centimetres(_ value: String?) -> Double? {
        guard let value else { return nil }
        let number = value.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }
        guard let magnitude = Double(number), magnitude.isFinite else { return nil }
        switch value.dropFirst(number.count).lowercased() {
        case "cm", "": return magnitude
        case "mm": return magnitude / 10
        case "in", "inch": return magnitude * 2.54
        case "pt": return magnitude * 2.54 / 72
        case "pc": return magnitude * 2.54 / 6
        case "px": return magnitude * 2.54 / 96
        default: return magnitude
        }
    }
}
