/// Writes a date serial through a date or time section.
extension ExcelFormatSection {
    /// The text for a non-negative serial, or nil when it is no date Excel
    /// can show. Time is rounded to the shown precision first (whole
    /// seconds unless `.0` codes ask for more), as Excel does, so 23:59:59.6
    /// shows as the next day's 0:00:00.
    func renderDate(_ serial: Double, date1904: Bool) -> String? {
        let precision = subsecondDigits
        var scale = 1
        for _ in 0..<precision { scale *= 10 }
        let ticksPerDay = 86_400 * scale
        let exact = (serial * Double(ticksPerDay)).rounded()
        guard exact.isFinite, exact >= 0, exact < 9e15 else { return nil }
        let ticks = Int(exact)
        let days = ticks / ticksPerDay
        let ticksOfDay = ticks % ticksPerDay
        let totalSeconds = ticks / scale
        let secondOfDay = ticksOfDay / scale
        let subsecond = ticksOfDay % scale
        var day: ExcelDate.Day?
        if showsDay {
            guard let found = ExcelDate.day(serial: days, date1904: date1904) else { return nil }
            day = found
        }
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        let second = secondOfDay % 60
        // With an elapsed unit, plain codes of that unit show the total too.
        var elapsedUnits: Set<Character> = []
        for item in items {
            switch item {
            case .elapsedHours: elapsedUnits.insert("h")
            case .elapsedMinutes: elapsedUnits.insert("m")
            case .elapsedSeconds: elapsedUnits.insert("s")
            default: break
            }
        }
        let twelveHour = hasAmPm

        var result = ""
        for item in items {
            switch item {
            case .literal(let text): result += text
            case .year(let count):
                let year = day?.year ?? 1900
                result += count <= 2 ? Self.padded(year % 100, 2) : String(year)
            case .month(let count):
                let month = day?.month ?? 1
                let name = ExcelDate.monthNames[max(0, min(11, month - 1))]
                switch count {
                case 1: result += String(month)
                case 2: result += Self.padded(month, 2)
                case 3: result += String(name.prefix(3))
                case 5: result += String(name.prefix(1))
                default: result += name
                }
            case .day(let count):
                let weekday = ExcelDate.dayNames[max(0, min(6, day?.weekday ?? 0))]
                switch count {
                case 1: result += String(day?.day ?? 0)
                case 2: result += Self.padded(day?.day ?? 0, 2)
                case 3: result += String(weekday.prefix(3))
                default: result += weekday
                }
            case .hour(let count):
                var shown = elapsedUnits.contains("h") ? totalSeconds / 3600 : hour
                if twelveHour, !elapsedUnits.contains("h") { shown = hour % 12 == 0 ? 12 : hour % 12 }
                result += Self.padded(shown, min(count, 2))
            case .minute(let count):
                result += Self.padded(elapsedUnits.contains("m") ? totalSeconds / 60 : minute, min(count, 2))
            case .second(let count):
                result += Self.padded(elapsedUnits.contains("s") ? totalSeconds : second, min(count, 2))
            case .subsecond(let digits):
                let text = Self.padded(subsecond, precision)
                result += "." + text.prefix(digits)
            case .elapsedHours(let count): result += Self.padded(totalSeconds / 3600, count)
            case .elapsedMinutes(let count): result += Self.padded(totalSeconds / 60, count)
            case .elapsedSeconds(let count): result += Self.padded(totalSeconds, count)
            case .amPm(let am, let pm): result += hour < 12 ? am : pm
            default: break
            }
        }
        return result
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        let missing = width - text.utf8.count
        return missing > 0 ? String(repeating: "0", count: missing) + text : text
    }
}
