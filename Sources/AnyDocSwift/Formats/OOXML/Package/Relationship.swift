/// One link from a package part to another part or to an outside URL.
struct Relationship: Sendable, Equatable {
    let id: String
    /// The relationship type URI; compare with `hasType(_:)`.
    let type: String
    /// The resolved part name (no leading slash) or, when external, the URL.
    let target: String
    let isExternal: Bool

    /// True when the type ends with `/kind`: Transitional and Strict
    /// documents use different prefixes for the same kinds.
    func hasType(_ kind: String) -> Bool {
        type.hasSuffix("/" + kind)
    }
}
