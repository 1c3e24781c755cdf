/// Namespace URIs a reader treats as other URIs (Strict OOXML's for the
/// Transitional ones), with the reverse map built once rather than by
/// every reader.
struct XMLNamespaceAliases: Sendable {
    /// Each canonical URI and the URIs that stand for it.
    let variants: [String: [String]]
    /// What a reader hands out for each URI it meets: the aliased ones as
    /// their canonical URI, and the canonical and `interning` ones as the
    /// very strings given here. Converters compare namespaces with these
    /// constants on every element; a string compared with itself is equal
    /// at a glance, where an equal copy is compared byte by byte.
    let interned: [String: String]

    /// `canonical` maps each aliased URI to the URI it stands for.
    init(_ canonical: [String: String], interning others: [String] = []) {
        variants = Dictionary(grouping: canonical.keys, by: { canonical[$0] ?? $0 })
        var interned = canonical
        for uri in Array(canonical.values) + others { interned[uri] = uri }
        self.interned = interned
    }

    static let none = XMLNamespaceAliases([:])
}
