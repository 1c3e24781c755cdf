// The model's list, table, link and image types are nested (`Block.List`,
// `Block.Table`, `Inline.Link`, `Inline.Image`) so that a host importing
// SwiftUI or its own types of those names uses them unqualified. Inside
// the package the short names stay.

/// `Block.List`, by its short name inside the package.
package typealias List = Block.List
/// `Block.Table`, by its short name inside the package.
package typealias Table = Block.Table
/// `Inline.Link`, by its short name inside the package.
package typealias Link = Inline.Link
/// `Inline.Image`, by its short name inside the package.
package typealias Image = Inline.Image
