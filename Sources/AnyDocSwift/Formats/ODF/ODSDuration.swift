/// An `office:time-value`: an ISO 8601 duration of days, hours, minutes
/// and seconds (`P1DT2H`, `-PT1H05M`, `PT10H10M10.5S`), as whole seconds
/// and the fraction digits written. Years and months have no fixed
/// length, so durations holding them are not read.
struct ODSDuration: Equatable {
    var isNegative: Bool
    var seconds: Int
    /// The digits after the seconds' decimal point, as written.
    var fraction: String

    /// Parts larger than this many seconds (about 300 million years) are
    /// refused rather than overflowing.
    private static let maxSeconds = 1 << 53

    init?(_ text: String) {
        var characters = Substring(text)
        isNegative = characters.hasPrefix("-")
        if isNegative { characters.removeFirst() }
        guard characters.hasPrefix("P") else { return nil }
        characters.removeFirst()
        var total = 0
        var number = ""
        var inTime = false
        var fraction = ""
        var sawPart = false
        for character in characters {
            switch character {
            case "0"..."9", ".", ",":
                number.append(character == "," ? "." : character)
                continue
            case "T" where !inTime && number.isEmpty:
                inTime = true
                continue
            default:
                break
            }
            let parts = number.split(separator: ".", omittingEmptySubsequences: false)
            guard !number.isEmpty, parts.count <= 2, let whole = Int(parts[0].isEmpty ? "0" : parts[0]) else { return nil }
            if parts.count == 2 {
                // Only seconds may carry a fraction.
                guard inTime, character == "S", parts[1].allSatisfy(\.isASCII) else { return nil }
                fraction = String(parts[1])
            }
            let unit: Int
            switch (inTime, character) {
            case (false, "W"): unit = 7 * 86_400
            case (false, "D"): unit = 86_400
            case (true, "H"): unit = 3_600
            case (true, "M"): unit = 60
            case (true, "S"): unit = 1
            default: return nil
            }
            guard whole <= Self.maxSeconds / unit else { return nil }
            total += whole * unit
            guard total <= Self.maxSeconds else { return nil }
            number = ""
            sawPart = true
        }
        guard sawPart, number.isEmpty else { return nil }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        seconds = total
        self.fraction = fraction
        if seconds == 0 && fraction.isEmpty { isNegative = false }
    }
}
