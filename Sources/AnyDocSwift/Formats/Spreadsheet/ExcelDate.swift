/// Excel date serials: whole days since the workbook's epoch plus the
/// time of day as a fraction.
///
/// In the 1900 system serial 1 is 1900-01-01 and serial 60 is the
/// 1900-02-29 that never was (Lotus 1-2-3's leap-year bug, kept for
/// compatibility), so serials from 61 on are days since 1899-12-30;
/// serial 0 shows as 1900-01-00. In the 1904 system serial 0 is 1904-01-01.
enum ExcelDate {
    struct Day: Equatable {
        var year: Int
        var month: Int
        var day: Int
        /// 0 is Sunday, as Excel counts it (wrong before 1900-03-01, like Excel).
        var weekday: Int
    }

    /// The last serial Excel shows as a date (9999-12-31).
    static func maxSerial(date1904: Bool) -> Int { date1904 ? 2_957_003 : 2_958_465 }

    /// The calendar day of a whole serial, or nil outside Excel's range.
    static func day(serial: Int, date1904: Bool) -> Day? {
        guard serial >= 0, serial <= maxSerial(date1904: date1904) else { return nil }
        if date1904 {
            let (year, month, day) = civil(fromDays: serial + daysFromCivil(1904, 1, 1))
            return Day(year: year, month: month, day: day, weekday: (serial + 5) % 7)
        }
        // Excel's weekdays count from a Sunday 1900-01-01, so they are one
        // off before the fictitious leap day.
        let weekday = (serial + 6) % 7
        switch serial {
        case 0: return Day(year: 1900, month: 1, day: 0, weekday: weekday)
        case 60: return Day(year: 1900, month: 2, day: 29, weekday: weekday)
        case 1..<60:
            let (year, month, day) = civil(fromDays: serial + daysFromCivil(1899, 12, 31))
            return Day(year: year, month: month, day: day, weekday: weekday)
        default:
            let (year, month, day) = civil(fromDays: serial + daysFromCivil(1899, 12, 30))
            return Day(year: year, month: month, day: day, weekday: weekday)
        }
    }

    /// The serial of a calendar day, or nil before the epoch.
    static func serial(year: Int, month: Int, day: Int, date1904: Bool) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
        let days = daysFromCivil(year, month, day)
        if date1904 {
            let serial = days - daysFromCivil(1904, 1, 1)
            return serial >= 0 ? serial : nil
        }
        if days < daysFromCivil(1900, 1, 1) { return nil }
        if days < daysFromCivil(1900, 3, 1) { return days - daysFromCivil(1899, 12, 31) }
        return days - daysFromCivil(1899, 12, 30)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
    /// algorithm).
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The serial for an ISO 8601 date or date-time as cells of type `d`
    /// hold it (`2021-01-31`, `2021-01-31T13:45:00.5`, `T13:45:00`), or nil.
    static func serial(iso text: String, date1904: Bool) -> Double? {
        var bytes = Array(text.utf8)[...]
        func number(_ count: Int) -> Int? {
            guard bytes.count >= count else { return nil }
            var value = 0
            for byte in bytes.prefix(count) {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func skip(_ separator: UInt8) -> Bool {
            guard bytes.first == separator else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        var serial = 0.0
        if bytes.first != UInt8(ascii: "T") {
            guard let year = number(4), skip(UInt8(ascii: "-")), let month = number(2), skip(UInt8(ascii: "-")),
                  let day = number(2), let days = Self.serial(year: year, month: month, day: day, date1904: date1904)
            else { return nil }
            serial = Double(days)
        }
        guard skip(UInt8(ascii: "T")) else { return bytes.isEmpty || bytes.first == UInt8(ascii: "Z") ? serial : nil }
        guard let hour = number(2), skip(UInt8(ascii: ":")), let minute = number(2) else { return nil }
        var seconds = Double(hour * 3600 + minute * 60)
        if skip(UInt8(ascii: ":")), let second = number(2) {
            seconds += Double(second)
            if skip(UInt8(ascii: ".")) {
                var scale = 0.1
                while let byte = bytes.first, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    seconds += Double(byte - UInt8(ascii: "0")) * scale
                    scale /= 10
                    bytes = bytes.dropFirst()
                }
            }
        }
        return serial + seconds / 86_400
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December",
    ]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
}
