/// Cuts every element with one of a set of local names out of an XML
/// part before it is parsed, wherever it sits below the root: for parts
/// read for a few things scattered through them, such as the placeholders
/// and bullets of a slide master, amid shape geometry, fills and fonts
/// that no converter reads. Skipping those after parsing still costs the
/// parse.
///
/// Names are matched without their prefix, so a set must hold only names
/// that nothing reads in any namespace the part may use. `XMLCutFinder`
/// finds the elements; anything but plain UTF-8 XML comes back unchanged.
enum XMLElementFilter {
    /// The bytes of an archive part without the elements `names` lists,
    /// or nil when the part should stream unfiltered: it is missing, a
    /// folder or declared larger than `XMLRootChildFilter.maxPartBytes`.
    static func filteredPart(_ part: String, in archive: ZipArchive, dropping names: XMLLocalNames) throws(ConversionError) -> [UInt8]? {
        guard let entry = archive.entry(named: part), !entry.isDirectory,
            entry.declaredSize <= XMLRootChildFilter.maxPartBytes
        else { return nil }
        return removingElements(named: names, from: try archive.read(entry))
    }

    /// `bytes` without the elements below the root that `names` lists.
    static func removingElements(named names: XMLLocalNames, from bytes: [UInt8]) -> [UInt8] {
        let cuts = bytes.withUnsafeBufferPointer { buffer in
            XMLCutFinder.cuts(in: buffer) { _, name in names.contains(name) }
        }
        guard let cuts else { return bytes }
        return XMLCutFinder.removing(cuts, from: bytes)
    }
}

/// A set of element local names, matched against the raw bytes of a tag
/// without making a string: names are grouped by length, so most tags
/// are turned away by one count.
struct XMLLocalNames: Sendable {
    /// The names of each length, indexed by length.
    private let byLength: [[[UInt8]]]

    init(_ names: [String]) {
        let encoded = names.map { Array($0.utf8) }
        var byLength = Array(repeating: [[UInt8]](), count: (encoded.map(\.count).max() ?? 0) + 1)
        for name in encoded { byLength[name.count].append(name) }
        self.byLength = byLength
    }

    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count < byLength.count else { return false }
        for candidate in byLength[name.count] where candidate.elementsEqual(name) { return true }
        return false
    }
}
