import FoundationEssentials
import Glibc

/// The store's timestamps: ISO 8601 UTC with milliseconds in the database
/// and in JSON (`2026-03-01T09:30:00.250Z`), `Date` in Swift.
enum StoreTimestamp {
    /// The text a timestamp is stored and printed as.
    static func text(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        var seconds = time_t(milliseconds.quotientFloor(1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(Int64(parts.tm_year) + 1900, 4))-\(pad(Int64(parts.tm_mon) + 1, 2))-\(pad(Int64(parts.tm_mday), 2))T"
            + "\(pad(Int64(parts.tm_hour), 2)):\(pad(Int64(parts.tm_min), 2)):\(pad(Int64(parts.tm_sec), 2))."
            + "\(pad(milliseconds - milliseconds.quotientFloor(1000) * 1000, 3))Z"
    }

    /// Parses `text`; nil when it is not a timestamp of that shape.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int32 = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int32(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        let millis = bytes.count >= 24 && bytes[19] == UInt8(ascii: ".") ? number(20..<23) ?? 0 : 0
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        return Date(timeIntervalSince1970: Double(seconds) + Double(millis) / 1000)
    }

    /// A date read from the database; the epoch when the text is damaged,
    /// which shows plainly rather than failing a whole listing.
    static func stored(_ text: String) -> Date {
        date(text) ?? Date(timeIntervalSince1970: 0)
    }

    static func decode<Key: CodingKey>(from container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let date = date(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "'\(text)' is not an ISO 8601 UTC timestamp")
        }
        return date
    }
}

private extension Int64 {
    func quotientFloor(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return self % divisor < 0 ? quotient - 1 : quotient
    }
}
