/// An element's attributes, looked up by lower-case name.
///
/// `HTMLParser` fills one of these for every start tag and reuses its
/// storage, so reading a tag allocates nothing until a value is asked for.
/// Its content is only valid during the `startElement` call that gets it;
/// values read from it are copies and stay valid.
final class HTMLAttributes {
    /// The names (in ASCII lower case) and values, back to back.
    @exclusivity(unchecked)
    private var bytes: [UInt8] = []
    @exclusivity(unchecked)
    private var entries: [(nameStart: Int, valueStart: Int, valueEnd: Int)] = []

    init() {}

    /// Attributes given as pairs (tests, callers without a parser).
    convenience init(_ pairs: [(name: String, value: String)]) {
        self.init()
        for pair in pairs { append(name: Array(pair.name.utf8), value: Array(pair.value.utf8)) }
    }

    var isEmpty: Bool { entries.isEmpty }

    subscript(_ name: String) -> String? {
        let key = name.utf8
        let length = key.count
        for entry in entries where entry.valueStart - entry.nameStart == length {
            if bytes[entry.nameStart..<entry.valueStart].elementsEqual(key) {
                return String(decoding: bytes[entry.valueStart..<entry.valueEnd], as: UTF8.self)
            }
        }
        return nil
    }

    /// Every attribute, in document order.
    var pairs: [(name: String, value: String)] {
        entries.map {
            (String(decoding: bytes[$0.nameStart..<$0.valueStart], as: UTF8.self),
             String(decoding: bytes[$0.valueStart..<$0.valueEnd], as: UTF8.self))
        }
    }

    func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        entries.removeAll(keepingCapacity: true)
    }

    /// Adds an attribute; the name is lowered to ASCII lower case here.
    func append<Name: Collection<UInt8>, Value: Collection<UInt8>>(name: Name, value: Value) {
        let nameStart = bytes.count
        for byte in name { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
        let valueStart = bytes.count
        bytes.append(contentsOf: value)
        entries.append((nameStart, valueStart, bytes.count))
    }
}
