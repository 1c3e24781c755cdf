import AnyDocSwift
import HostWidgets

/// What `--summary FILE` prints: the host's own `List`, `Table`, `Link`
/// and `Image` (from HostWidgets) filled from the library's
/// `Block.List`, `Block.Table`, `Inline.Link` and `Inline.Image`, with no
/// name qualified.
struct DocumentSummary: DocumentWalker {
    var lists: [List] = []
    var tables: [Table] = []
    var links: [Link] = []
    var images: [Image] = []

    mutating func visit(_ block: Block) -> Bool {
        switch block {
        case .list(let list): lists.append(List(rows: list.items.indices.map { "item \($0 + 1)" }))
        case .table(let table): tables.append(Table(columns: table.rows.map(\.cells.count).max() ?? 0))
        case .image(let image): images.append(Image(name: image.altText))
        default: break
        }
        return true
    }

    mutating func visit(_ inline: Inline) -> Bool {
        switch inline {
        case .link(let link): links.append(Link(target: link.destination))
        case .image(let image): images.append(Image(name: image.altText))
        default: break
        }
        return true
    }

    /// One line: how many of each the document holds.
    var line: String {
        "lists \(lists.count), tables \(tables.count), links \(links.count), images \(images.count)"
    }
}
