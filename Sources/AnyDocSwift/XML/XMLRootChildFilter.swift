/// Cuts whole children of the root element out of an XML part before it
/// is parsed, for parts whose bulk is something no converter reads: a
/// Word `styles.xml` is mostly `w:latentStyles` (display defaults for the
/// built-in styles), an Excel `styles.xml` mostly fonts, fills and
/// borders. Skipping them after parsing still costs the parse. For parts
/// read only for a few elements, elements can be cut by name at any depth
/// below the root too (most of an OpenDocument `styles.xml` is paragraph
/// and list-level layout nobody reads).
///
/// `XMLCutFinder` finds the elements; anything but plain UTF-8 XML comes
/// back unchanged.
enum XMLRootChildFilter {
    /// Whether `marker` occurs in `bytes`: cheap next to a scan.
    static func contains(_ marker: String, in bytes: [UInt8]) -> Bool {
        XMLCutFinder.contains(marker, in: bytes)
    }

    /// The largest part read whole to be filtered; larger ones stream.
    static let maxPartBytes = 16 << 20

    /// The bytes of an archive part without the root's children that
    /// `drop` names (with `atAnyDepth`, without any such element below
    /// the root; with `stop`, only before the root child of that name),
    /// or nil when the part should stream unfiltered: it is missing, a
    /// folder, declared larger than `maxPartBytes` or smaller than
    /// `minimumBytes`, or lacks `marker` (the end tag of what is worth
    /// cutting, say).
    static func filteredPart(
        _ part: String, in archive: ZipArchive, dropping drop: (String) -> Bool, atAnyDepth: Bool = false,
        stoppingAt stop: String? = nil, ifContaining marker: String? = nil, minimumBytes: Int = 0
    ) throws(ConversionError) -> [UInt8]? {
        guard let entry = archive.entry(named: part), !entry.isDirectory,
            entry.declaredSize <= maxPartBytes, entry.declaredSize >= minimumBytes
        else { return nil }
        let bytes = try archive.read(entry)
        if let marker, !contains(marker, in: bytes) { return bytes }
        return removingRootChildren(from: bytes, where: drop, atAnyDepth: atAnyDepth, stoppingAt: stop)
    }

    /// `bytes` without the root's children whose local name `drop` accepts
    /// (with `atAnyDepth`, without any such element below the root). With
    /// `stop`, the scan ends at the root child of that local name and what
    /// follows is kept as it is (a document's body after its styles).
    static func removingRootChildren(
        from bytes: [UInt8], where drop: (String) -> Bool, atAnyDepth: Bool = false, stoppingAt stop: String? = nil
    ) -> [UInt8] {
        let stopName = stop.map { Array($0.utf8) }
        let cuts = bytes.withUnsafeBufferPointer { buffer in
            XMLCutFinder.cuts(
                in: buffer,
                stoppingAt: stopName.map { name in { depth, local in depth == 1 && local.elementsEqual(name) } },
                where: { depth, name in
                    (depth == 1 || atAnyDepth) && drop(String(decoding: name, as: UTF8.self))
                })
        }
        guard let cuts else { return bytes }
        return XMLCutFinder.removing(cuts, from: bytes)
    }
}
