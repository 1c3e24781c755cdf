/// Where in the source a run of blocks comes from: a page, a slide or a
/// sheet. Search hits and chunks cite it.
public enum Provenance: Sendable, Equatable, Hashable {
    case page(Int)
    case slide(number: Int, title: String?)
    case sheet(name: String)
}
