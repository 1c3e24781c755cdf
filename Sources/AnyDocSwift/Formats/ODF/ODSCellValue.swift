/// A spreadsheet cell's value written as text from its typed attributes,
/// for cells that carry no displayed text (`text:p`) of their own.
enum ODSCellValue {
    struct Attributes {
        var type: String?
        var value: String?
        var dateValue: String?
        var timeValue: String?
        var booleanValue: String?
        var stringValue: String?
        var currency: String?

        init(reader: XMLReader) {
            let office = ODFNamespace.office
            type = reader.attribute("value-type", namespace: office)
            guard type != nil else { return }
            value = reader.attribute("value", namespace: office)
            dateValue = reader.attribute("date-value", namespace: office)
            timeValue = reader.attribute("time-value", namespace: office)
            booleanValue = reader.attribute("boolean-value", namespace: office)
            stringValue = reader.attribute("string-value", namespace: office)
            currency = reader.attribute("currency", namespace: office)
        }
    }

    static func text(_ attributes: Attributes) -> String? {
        guard let type = attributes.type else { return nil }
        let text: String?
        switch type {
        case "float":
            text = attributes.value
        case "percentage":
            text = attributes.value.map { percent($0) }
        case "currency":
            text = attributes.value.map { value in attributes.currency.map { value + " " + $0 } ?? value }
        case "date":
            text = attributes.dateValue
        case "time":
            text = attributes.timeValue.map(time)
        case "boolean":
            text = attributes.booleanValue.map { $0 == "true" || $0 == "1" ? "TRUE" : "FALSE" }
        case "string":
            text = attributes.stringValue
        default:
            text = attributes.value ?? attributes.stringValue
        }
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// A float displayed in scientific notation with fewer digits than it
    /// holds (`1.23457E+14` for 123456789012345, as a narrow column shows
    /// it) is written with every digit, as General numbers are; nil when
    /// the display loses nothing.
    static func fullDigits(displayed: String, _ attributes: Attributes) -> String? {
        guard attributes.type == "float", displayed.contains(where: { $0 == "E" || $0 == "e" }),
              let raw = attributes.value, let value = Double(raw), let shown = Double(displayed),
              shown != value, (shown - value).magnitude <= value.magnitude * 1e-5 else { return nil }
        return ExcelGeneralFormat.format(value)
    }

    /// `0.125` → `12.5%`, by moving the decimal point in the digits so no
    /// binary rounding shows.
    static func percent(_ value: String) -> String {
        var digits = value
        var negative = false
        if digits.hasPrefix("-") {
            negative = true
            digits.removeFirst()
        }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              digits.filter({ $0 == "." }).count <= 1 else { return value + "%" }
        var whole = Substring(digits)
        var fraction: Substring = ""
        if let dot = digits.firstIndex(of: ".") {
            whole = digits[..<dot]
            fraction = digits[digits.index(after: dot)...]
        }
        let padded = fraction + String(repeating: "0", count: max(0, 2 - fraction.count))
        var newWhole = String(whole) + padded.prefix(2)
        let newFraction = String(padded.dropFirst(2).reversed().drop(while: { $0 == "0" }).reversed())
        while newWhole.count > 1, newWhole.hasPrefix("0") { newWhole.removeFirst() }
        let number = newFraction.isEmpty ? newWhole : newWhole + "." + newFraction
        return (negative ? "-" : "") + number + "%"
    }

    /// `PT12H30M05S` → `12:30:05`; anything else as written.
    static func time(_ duration: String) -> String {
        guard duration.hasPrefix("PT") || duration.hasPrefix("-PT") else { return duration }
        var hours = 0, minutes = 0
        var seconds = "0"
        var number = ""
        for character in duration.drop(while: { $0 != "T" }).dropFirst() {
            switch character {
            case "H": hours = Int(number) ?? 0; number = ""
            case "M": minutes = Int(number) ?? 0; number = ""
            case "S": seconds = number.isEmpty ? "0" : number; number = ""
            default: number.append(character)
            }
        }
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        let secondsWhole = Int(seconds.prefix { $0 != "." }) ?? 0
        let secondsFraction = seconds.drop { $0 != "." }
        return two(hours) + ":" + two(minutes) + ":" + two(secondsWhole) + secondsFraction
    }
}
