/// Cuts whole children of the root element out of an XML part before it
/// is parsed, for parts whose bulk is something no converter reads: a
/// Word `styles.xml` is mostly `w:latentStyles` (display defaults for the
/// built-in styles), an Excel `styles.xml` mostly fonts, fills and
/// borders. Skipping them after parsing still costs the parse. (To cut
/// elements by name at any depth, see `XMLElementFilter`.)
///
/// `XMLCutFinder` finds the children; anything but plain UTF-8 XML comes
/// back unchanged.
enum XMLRootChildFilter {
    /// Whether `marker` occurs in `bytes`: cheap next to a scan.
    static func contains(_ marker: String, in bytes: [UInt8]) -> Bool {
        ByteSearch.contains(Array(marker.utf8), in: bytes)
    }

    /// The largest part read whole to be filtered; larger ones stream.
    static let maxPartBytes = 16 << 20

    /// The inflated bytes of `part`, or nil when it is missing, a folder,
    /// or declared larger than `maxPartBytes` or smaller than
    /// `minimumBytes`.
    static func wholePart(_ part: String, in archive: ZipArchive, minimumBytes: Int = 0) throws(ConversionError) -> [UInt8]? {
        guard let entry = archive.entry(named: part), !entry.isDirectory,
            entry.declaredSize <= maxPartBytes, entry.declaredSize >= minimumBytes
        else { return nil }
        return try archive.read(entry)
    }

    /// The bytes of an archive part without the root's children that
    /// `drop` names, or nil when the part should stream unfiltered: it is
    /// missing, a folder, declared larger than `maxPartBytes` or smaller
    /// than `minimumBytes`, or lacks `marker` (the end tag of what is
    /// worth cutting, say).
    static func filteredPart(
        _ part: String, in archive: ZipArchive, dropping drop: (String) -> Bool,
        ifContaining marker: String? = nil, minimumBytes: Int = 0
    ) throws(ConversionError) -> [UInt8]? {
        guard let bytes = try wholePart(part, in: archive, minimumBytes: minimumBytes) else { return nil }
        if let marker, !contains(marker, in: bytes) { return bytes }
        return removingRootChildren(from: bytes, where: drop)
    }

    /// `bytes` without the root's children whose local name `drop` accepts.
    static func removingRootChildren(from bytes: [UInt8], where drop: (String) -> Bool) -> [UInt8] {
        let cuts = bytes.withUnsafeBufferPointer { buffer in
            XMLCutFinder.cuts(in: buffer) { depth, name in
                depth == 1 && drop(String(decoding: name, as: UTF8.self))
            }
        }
        guard let cuts else { return bytes }
        return XMLCutFinder.removing(cuts, from: bytes)
    }
}
