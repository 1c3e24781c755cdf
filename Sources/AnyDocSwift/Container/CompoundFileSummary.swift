extension CompoundFile {
    /// How much of a summary stream is copied first: its header, the
    /// first section's property table and the summary values mostly fit.
    static let summaryPrefixBytes = 4096

    /// The bytes of a summary information stream as far as
    /// `PropertySetReader.summaryMetadata` reads them: what
    /// `read(entry, maxBytes:)` gives, cut after the summary values when
    /// the rest (mostly a thumbnail of tens of kilobytes) is never looked
    /// at. Errors are those of `read(entry, maxBytes:)`.
    func summaryBytes(_ entry: Entry, maxBytes: Int) throws(ConversionError) -> [UInt8] {
        let prefix = try read(entry, maxBytes: maxBytes, copying: Self.summaryPrefixBytes)
        let whole = Int(clamping: min(entry.declaredSize, UInt64(max(maxBytes, 0))))
        if prefix.count >= whole { return prefix }
        if let reach = Self.summaryReach(prefix), reach <= prefix.count { return prefix }
        return try read(entry, maxBytes: maxBytes)
    }

    /// Adds the title, authors and dates of the file's summary information
    /// stream to `metadata`; a missing or damaged stream adds nothing.
    func readSummary(into metadata: inout Metadata) {
        guard let summary = entry(named: "\u{5}SummaryInformation"), summary.kind == .stream,
              let bytes = try? summaryBytes(summary, maxBytes: 1 << 20) else { return }
        PropertySetReader.summaryMetadata(bytes, into: &metadata)
    }

    /// The end of what `PropertySetReader.summaryMetadata` looks at: the
    /// header, the first section's table (1024 entries at most) and the
    /// values of the summary properties it decodes, each with the 8 bytes
    /// a number may take. A value lying whole in the prefix passes the
    /// reader's checks against the section's end in the prefix exactly
    /// when it does in the stream, and one starting past the section's
    /// end fails both. Nil when the prefix does not say, or a summary
    /// property has a type whose length is not known here: the whole
    /// stream is read then.
    private static func summaryReach(_ prefix: [UInt8]) -> Int? {
        guard let sectionOffset = LittleEndian.uint32(prefix, at: 44).map(Int.init),
              let sectionSize = LittleEndian.uint32(prefix, at: sectionOffset).map(Int.init),
              let count = LittleEndian.uint32(prefix, at: sectionOffset + 4).map(Int.init) else { return nil }
        let sectionEnd = sectionOffset + sectionSize
        var reach = max(48, sectionOffset + 8 + 8 * min(count, 1024))
        guard reach <= prefix.count else { return nil }
        for index in 0..<min(count, 1024) {
            guard let id = LittleEndian.uint32(prefix, at: sectionOffset + 8 + 8 * index),
                  let offset = LittleEndian.uint32(prefix, at: sectionOffset + 12 + 8 * index) else { return nil }
            guard PropertySetReader.SummaryProperty(rawValue: id) != nil else { continue }
            let start = sectionOffset + Int(offset)
            guard let type = LittleEndian.uint16(prefix, at: start) else { return nil }
            let data = start + 4
            var end = data + 8
            switch type {
            case 0x02, 0x03, 0x40:
                break
            case 0x1E, 0x1F:
                guard let size = LittleEndian.uint32(prefix, at: data).map(Int.init) else { return nil }
                end = max(end, data + 4 + (type == 0x1F ? 2 * size : size))
            default:
                return nil
            }
            // A value starting past the section's end is refused whatever follows.
            if start + 4 > sectionEnd { continue }
            reach = max(reach, end)
        }
        return reach
    }
}
