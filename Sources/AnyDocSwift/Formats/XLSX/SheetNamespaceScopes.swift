/// The open elements of a worksheet being scanned: their names, so that
/// each end tag is checked against its start, and the namespace prefixes
/// in scope, reduced to whether each names SpreadsheetML (Transitional,
/// or Strict through `OOXMLNamespace.aliases`).
struct SheetNamespaceScopes {
    private var names: [UInt8] = []
    private var nameEnds: [Int] = []
    /// Prefix bytes (nil for the default namespace), whether the URI is
    /// SpreadsheetML, and the depth of the element that declared it.
    private var bindings: [(prefix: [UInt8]?, isMain: Bool, depth: Int)] = []

    private static func isMain(uri: String) -> Bool {
        (OOXMLNamespace.aliases.interned[uri] ?? uri) == OOXMLNamespace.spreadsheet
    }

    /// Whether `prefix` (nil: no prefix) names SpreadsheetML; nil when a
    /// prefix is not declared.
    func isMain(prefix: UnsafeBufferPointer<UInt8>?) -> Bool? {
        for binding in bindings.reversed() {
            switch (binding.prefix, prefix) {
            case (nil, nil): return binding.isMain
            case (let bound?, let wanted?) where bound.elementsEqual(wanted): return binding.isMain
            default: continue
            }
        }
        if let prefix, prefix.elementsEqual("xml".utf8) { return false }
        return prefix == nil ? false : nil
    }

    /// Takes in the start tag `tokens` is on, an element at `depth`.
    mutating func open(depth: Int, tokens: SheetXMLTokenizer) throws(SheetScanStop) {
        names.append(contentsOf: tokens[tokens.name])
        nameEnds.append(names.count)
        for attribute in tokens.attributes {
            let name = tokens[attribute.name]
            guard name.count >= 5, name[0] == UInt8(ascii: "x"), name[1] == UInt8(ascii: "m"), name[2] == UInt8(ascii: "l"),
                  name[3] == UInt8(ascii: "n"), name[4] == UInt8(ascii: "s") else { continue }
            let uri = tokens.decoded(attribute.value, needsDecoding: attribute.needsDecoding, isAttribute: true)
            if name.count == 5 {
                bindings.append((nil, Self.isMain(uri: uri), depth))
                continue
            }
            guard name[5] == UInt8(ascii: ":") else { continue }
            let prefix = Array(name[6...])
            // Undeclaring a prefix, or binding the reserved ones, is left
            // to libxml2 to judge.
            guard !uri.isEmpty, !prefix.elementsEqual("xml".utf8), !prefix.elementsEqual("xmlns".utf8) else {
                throw .unsupported
            }
            bindings.append((prefix, Self.isMain(uri: uri), depth))
        }
    }

    /// Checks that `name` ends the innermost open element, at `depth`.
    func checkEndTag(_ name: UnsafeBufferPointer<UInt8>, depth: Int) throws(SheetScanStop) {
        guard let last = nameEnds.last else { throw .unsupported }
        let start = nameEnds.count > 1 ? nameEnds[nameEnds.count - 2] : 0
        let same = names.withUnsafeBufferPointer { SheetXMLTokenizer.equal(UnsafeBufferPointer(rebasing: $0[start..<last]), name) }
        guard same else { throw .unsupported }
    }

    /// Forgets the innermost element, at `depth`, and what it declared.
    mutating func close(depth: Int) {
        nameEnds.removeLast()
        names.removeLast(names.count - (nameEnds.last ?? 0))
        while let last = bindings.last, last.depth >= depth { bindings.removeLast() }
    }
}
