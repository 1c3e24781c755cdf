/// A `number:time-style`: the hours, minutes, seconds and literal text
/// a cell's time or duration value is shown with.
///
/// The largest unit shown takes the whole duration, as an elapsed-time
/// format (`[HH]:MM:SS`) does: a style that wraps at a day would show
/// two weeks as `00:00:00` and lose the value. Fractional seconds are
/// kept: rounded to the style's decimal places when it has some, else
/// as written.
struct ODSTimeFormat: Equatable {
    enum Part: Equatable {
        case hours(long: Bool)
        case minutes(long: Bool)
        case seconds(long: Bool, decimals: Int)
        case text(String)
        case amPm
    }

    var parts: [Part] = []

    /// Reads the `number:time-style` the reader is on; leaves it on its end.
    static func read(_ reader: XMLReader) throws(ConversionError) -> ODSTimeFormat {
        var format = ODSTimeFormat()
        let number = ODFNamespace.number
        try reader.forEachChildElement { () throws(ConversionError) in
            guard reader.namespace == number else { return }
            let long = reader.attribute("style", namespace: number) == "long"
            switch reader.localName {
            case "hours": format.parts.append(.hours(long: long))
            case "minutes": format.parts.append(.minutes(long: long))
            case "seconds":
                let decimals = reader.attribute("decimal-places", namespace: number).flatMap { Int($0) } ?? 0
                format.parts.append(.seconds(long: long, decimals: min(max(decimals, 0), 9)))
            case "am-pm": format.parts.append(.amPm)
            case "text": format.parts.append(.text(try reader.readElementText()))
            default: break
            }
        }
        return format
    }

    /// The default display of a time value no style describes: `26:00:00`.
    static let elapsed = ODSTimeFormat(parts: [
        .hours(long: true), .text(":"), .minutes(long: true), .text(":"), .seconds(long: true, decimals: 0),
    ])

    /// The duration as this style shows it; nil when the style shows no
    /// unit, or is a 12-hour clock and the value is not a time of day.
    func format(_ duration: ODSDuration) -> String? {
        let showsHours = parts.contains { if case .hours = $0 { return true } else { return false } }
        let showsMinutes = parts.contains { if case .minutes = $0 { return true } else { return false } }
        let showsSeconds = parts.contains { if case .seconds = $0 { return true } else { return false } }
        let isClock = parts.contains(.amPm)
        guard showsHours || showsMinutes || showsSeconds else { return nil }
        guard !isClock || (!duration.isNegative && duration.seconds < 86_400) else { return nil }
        let (wholeSeconds, fraction) = rounded(duration)
        var remaining = wholeSeconds
        var hours = 0, minutes = 0
        if showsHours { hours = remaining / 3_600; remaining %= 3_600 }
        if showsMinutes { minutes = remaining / 60; remaining %= 60 }
        let seconds = remaining
        var result = duration.isNegative ? "-" : ""
        for part in parts {
            switch part {
            case .hours(let long):
                let shown = isClock ? (hours % 12 == 0 ? 12 : hours % 12) : hours
                result += Self.padded(shown, long)
            case .minutes(let long):
                result += Self.padded(minutes, long)
            case .seconds(let long, _):
                result += Self.padded(seconds, long)
                if !fraction.isEmpty { result += "." + fraction }
            case .text(let text):
                result += text
            case .amPm:
                result += hours < 12 ? "AM" : "PM"
            }
        }
        return result
    }

    /// The whole seconds and the fraction digits shown: the style's
    /// decimal places, rounded half up (carrying into the seconds), or
    /// the digits written when the style shows none.
    private func rounded(_ duration: ODSDuration) -> (seconds: Int, fraction: String) {
        var decimals = 0
        for case .seconds(_, let places) in parts { decimals = places }
        guard decimals > 0 else { return (duration.seconds, duration.fraction) }
        let digits = Array(duration.fraction.utf8) + Array(repeating: UInt8(ascii: "0"), count: decimals + 1)
        var value = 0
        for digit in digits.prefix(decimals) { value = value * 10 + Int(digit &- UInt8(ascii: "0")) }
        var seconds = duration.seconds
        if digits[decimals] >= UInt8(ascii: "5") { value += 1 }
        var limit = 1
        for _ in 0..<decimals { limit *= 10 }
        if value == limit {
            value = 0
            seconds += 1
        }
        let text = String(value)
        return (seconds, String(repeating: "0", count: decimals - text.count) + text)
    }

    private static func padded(_ value: Int, _ long: Bool) -> String {
        long && value < 10 ? "0\(value)" : String(value)
    }
}
