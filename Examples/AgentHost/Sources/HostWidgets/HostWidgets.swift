// A module of the host's own with the short names UI frameworks use
// (SwiftUI has all four). AgentHost imports it beside AnyDocSwift and
// uses these names unqualified: it compiles only while the library
// exports no top-level type of the same names.

/// A list of rows in the host's interface.
public struct List {
    /// The rows shown.
    public var rows: [String]
    /// A list showing `rows`.
    public init(rows: [String]) { self.rows = rows }
}

/// A grid in the host's interface.
public struct Table {
    /// The number of columns.
    public var columns: Int
    /// A grid of `columns` columns.
    public init(columns: Int) { self.columns = columns }
}

/// A tappable link in the host's interface.
public struct Link {
    /// Where it leads.
    public var target: String
    /// A link to `target`.
    public init(target: String) { self.target = target }
}

/// A picture in the host's interface.
public struct Image {
    /// The picture's name.
    public var name: String
    /// A picture called `name`.
    public init(name: String) { self.name = name }
}
