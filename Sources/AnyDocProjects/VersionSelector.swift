/// Which version of a resource to read.
public enum VersionSelector: Sendable, Equatable {
    /// The newest version, which must not be a removal.
    case latest
    /// Version `n` (1 is the first).
    case number(Int)
    /// The version whose source or Markdown hash starts with these hex
    /// digits (at least 7).
    case hash(prefix: String)

    /// The selector as text for the lookup: nil for the latest.
    var text: String? {
        switch self {
        case .latest: nil
        case .number(let number): "v\(number)"
        case .hash(let prefix): prefix
        }
    }
}
