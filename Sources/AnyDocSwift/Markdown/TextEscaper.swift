/// Escapes literal text for CommonMark/GFM with the fewest backslashes:
/// a character is escaped only when, with its neighbours, it could open
/// or close some syntax.
enum TextEscaper {
    /// Bytes that may need attention; text without any is copied as is.
    private static let special: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in Array("\\`*_~[]<&|!$\n\r".utf8) { table[Int(byte)] = true }
        for byte in 0..<32 where byte != 9 { table[byte] = true }
        table[127] = true
        return table
    }()

    static func append(
        _ text: String, following previous: Unicode.Scalar?, next: Unicode.Scalar?,
        scope: InlineScope, into out: inout String
    ) {
        if !text.utf8.contains(where: { special[Int($0)] }) {
            out += text
            return
        }
        let scalars = Array(text.unicodeScalars)
        var previous = previous
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let following = index + 1 < scalars.count ? scalars[index + 1] : next
            switch scalar {
            case "\r", "\n":
                if scalar == "\r", following == "\n" { index += 1 }
                switch scope.context {
                case .block: out += "\n"
                case .heading: out += " "
                case .tableCell: out += "<br>"
                }
                previous = "\n"
                index += 1
                continue
            case "\\":
                if following == nil || following.map(isASCIIPunctuation) == true { out += "\\" }
            case "`":
                out += "\\"
            case "*":
                if !(isSpace(previous) && isSpace(following)) { out += "\\" }
            case "_":
                let intraword = isAlphanumeric(previous) && isAlphanumeric(following)
                if !(intraword || (isSpace(previous) && isSpace(following))) { out += "\\" }
            case "~":
                if scope.escapeTildes && !(isSpace(previous) && isSpace(following)) { out += "\\" }
            case "[":
                if scope.inLinkText || following == "^" { out += "\\" }
            case "]":
                if scope.inLinkText || following == "(" || following == "[" || following == ":" { out += "\\" }
            case "<":
                if let following, following == "/" || following == "!" || following == "?" || isASCIILetter(following) {
                    out += "\\"
                }
            case "&":
                if looksLikeEntity(scalars, from: index + 1) { out += "\\" }
            case "|":
                if scope.context == .tableCell { out += "\\" }
            case "!":
                if following == "[" { out += "\\" }
            case "$":
                if scope.escapeDollars { out += "\\" }
            default:
                if scalar.value < 32 && scalar != "\t" || scalar.value == 127 {
                    index += 1
                    continue  // control characters carry no text
                }
            }
            out.unicodeScalars.append(scalar)
            previous = scalar
            index += 1
        }
    }

    /// `&name;`, `&#123;` or `&#x1F;` would be read as a character reference.
    private static func looksLikeEntity(_ scalars: [Unicode.Scalar], from start: Int) -> Bool {
        var index = start
        var length = 0
        if index < scalars.count, scalars[index] == "#" { index += 1 }
        while index < scalars.count, length <= 32 {
            let scalar = scalars[index]
            if scalar == ";" { return length > 0 }
            guard scalar.isASCII, isASCIILetter(scalar) || ("0"..."9").contains(scalar) else { return false }
            length += 1
            index += 1
        }
        return false
    }

    static func isSpace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        return scalar.properties.isWhitespace
    }

    static func isAlphanumeric(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII {
            return isASCIILetter(scalar) || ("0"..."9").contains(scalar)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isASCIIPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: return true
        default: return false
        }
    }
}
