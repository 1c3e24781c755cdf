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
        /// `table:style-name`: the cell style, whose data style shows the value.
        var styleName: String?

        /// A number, date or time: a first row of these is data, not a header.
        var isNumber: Bool {
            switch type {
            case "float", "percentage", "currency", "date", "time": return true
            default: return false
            }
        }

        init(reader: XMLReader) {
            let office = ODFNamespace.office
            type = reader.attribute("value-type", namespace: office)
            styleName = reader.attribute("style-name", namespace: ODFNamespace.table)
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

    /// `PT12H30M05S` → `12:30:05`, `P1DT2H` → `26:00:00`; anything else
    /// (years, months, not a duration) as written.
    static func time(_ duration: String) -> String {
        ODSDuration(duration).flatMap { ODSTimeFormat.elapsed.format($0) } ?? duration
    }

    /// A time or duration value as the cell's time style shows it, never
    /// wrapped at a day; nil when no time style applies (the displayed
    /// text stands). Values the style cannot show are written as stored.
    static func styledTime(_ attributes: Attributes, styles: ODFStyles) -> String? {
        guard attributes.type == "time", let raw = attributes.timeValue,
              let format = styles.timeFormat(ofCellStyle: attributes.styleName, scope: .content) else { return nil }
        return ODSDuration(raw).flatMap(format.format) ?? raw
    }
}
