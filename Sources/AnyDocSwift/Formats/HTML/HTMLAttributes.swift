/// An element's attributes, looked up by lower-case name.
struct HTMLAttributes {
    private let pairs: [(name: String, value: String)]

    init(_ pairs: [(name: String, value: String)]) { self.pairs = pairs }

    subscript(_ name: String) -> String? {
        for pair in pairs where pair.name == name { return pair.value }
        return nil
    }
}
