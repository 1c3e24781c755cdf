/// Text from outside (file names, user input) made safe to print: a file
/// named with an escape sequence must not repaint the terminal or forge a
/// line of a report.
package enum PrintableText {
    /// `text` with control characters (C0, DEL, C1) written as `\xHH`,
    /// and the backslash that would start such a form doubled.
    package static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                result += scalar == "\\" ? "\\\\" : "\\x" + hex(scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\"
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4) & 0xF], digits[Int(value) & 0xF]])
    }
}
