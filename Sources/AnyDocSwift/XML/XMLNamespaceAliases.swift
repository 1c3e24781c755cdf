/// Namespace URIs a reader treats as other URIs (Strict OOXML's for the
/// Transitional ones), with the reverse map built once rather than by
/// every reader.
struct XMLNamespaceAliases: Sendable {
    /// Each aliased URI and the URI it stands for.
    let canonical: [String: String]
    /// Each canonical URI and the URIs that stand for it.
    let variants: [String: [String]]

    init(_ canonical: [String: String]) {
        self.canonical = canonical
        variants = Dictionary(grouping: canonical.keys, by: { canonical[$0] ?? $0 })
    }

    static let none = XMLNamespaceAliases([:])
}
