/// A contiguous run of the Markdown the packer has cut, before it becomes
/// a `Chunk`: where it lies, what section it belongs to, and whether it
/// holds anything a reader would look for.
struct ChunkPiece {
    var bytes: Range<Int>
    var scalars: Range<Int>
    /// The size of the slice alone, without the repeated table header.
    var size: ChunkSize
    /// The table header repeated before the slice, and its size.
    var header: ArraySlice<UInt8>?
    var headerSize = ChunkSize()
    /// Whether the piece ends inside an HTML table and so closes it with `</table>`.
    var footer = false
    var fence: Chunk.CodeFence?
    var section: Int
    var headings: [String]
    /// The page, slide or sheet the piece's body is on.
    var location: Provenance?
    var provenance: [Provenance]
    /// Lines other than headings, markers and blank lines, with words.
    var hasBody: Bool
    var hasWords: Bool

    var footerSize: ChunkSize { footer ? ChunkPacker.footerSize : ChunkSize() }
    var totalSize: ChunkSize { headerSize + size + footerSize }

    /// The size of this piece joined with `next`: its header, both slices, the footer `next` needs.
    func sizeJoined(with next: ChunkPiece) -> ChunkSize { headerSize + size + next.size + next.footerSize }

    /// This piece followed by `next`, which starts where this one ends;
    /// the section facts come from the one whose body counts.
    func joined(with next: ChunkPiece, facts fromNext: Bool) -> ChunkPiece {
        var joined = self
        joined.bytes = bytes.lowerBound..<next.bytes.upperBound
        joined.scalars = scalars.lowerBound..<next.scalars.upperBound
        joined.size = size + next.size
        joined.footer = next.footer
        if fromNext {
            joined.section = next.section
            joined.headings = next.headings
            joined.location = next.location
        }
        for item in next.provenance where !joined.provenance.contains(item) { joined.provenance.append(item) }
        joined.hasBody = hasBody || next.hasBody
        joined.hasWords = hasWords || next.hasWords
        return joined
    }
}
