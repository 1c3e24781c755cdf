/// Checks names that reach the file system or SQLite from a tool call
/// (paths, resource references, project names, versions). A NUL would cut
/// the name short in C (SQLite reads bound text up to it, `open` too), and
/// other control characters hide what a name really is in logs and
/// messages: both are refused outright.
package enum SafeName {
    package static func check(_ name: String, what: String) throws(ProjectError) {
        if let bad = name.unicodeScalars.first(where: isControl) {
            let code = String(bad.value, radix: 16, uppercase: true)
            throw .invalidArgument("\(what) cannot contain control characters (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)): '\(escaped(name))'")
        }
    }

    /// C0, DEL and C1 controls: none belongs in a name.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Characters of a name a message shows; the rest is counted. A
    /// message echoing a 4 MB argument whole would be as large.
    static let shownLength = 200

    /// The name with control characters written as `\u{…}`, safe to print,
    /// cut after `shownLength` characters.
    package static func escaped(_ name: String) -> String {
        var result = ""
        let count = name.unicodeScalars.count
        for scalar in name.unicodeScalars.prefix(shownLength) {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return count > shownLength ? result + "… (\(count) characters)" : result
    }
}
