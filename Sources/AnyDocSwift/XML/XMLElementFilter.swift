/// Cuts elements out of an XML part by local name before it is parsed,
/// wherever they sit below the root: for parts read for a few things
/// scattered through them, such as the placeholders and bullets of a slide
/// master amid shape geometry, fills and fonts, or the names, bases and
/// list levels of Word and OpenDocument styles amid their layout.
/// Skipping those after parsing still costs the parse.
///
/// Names are matched without their prefix, so a set must hold only names
/// that nothing reads in any namespace the part may use. `XMLCutFinder`
/// finds the elements; anything but plain UTF-8 XML comes back unchanged.
enum XMLElementFilter {
    /// Which elements below the root go.
    enum Cut: Sendable {
        /// The elements of these names.
        case named(XMLLocalNames)
        /// Every element but those of these names: for parts read only for
        /// the elements a reader knows.
        case allBut(XMLLocalNames)

        func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
            switch self {
            case .named(let names): names.contains(name)
            case .allBut(let names): !names.contains(name)
            }
        }
    }

    /// The bytes of an archive part without the elements `cut` selects
    /// (with `stop`, only before the root child of such a name), or nil
    /// when the part should stream unfiltered: it is missing, a folder, or
    /// declared larger than `XMLRootChildFilter.maxPartBytes` or smaller
    /// than `minimumBytes`.
    static func filteredPart(
        _ part: String, in archive: ZipArchive, cutting cut: Cut, stoppingAt stop: XMLLocalNames? = nil,
        minimumBytes: Int = 0
    ) throws(ConversionError) -> [UInt8]? {
        guard let bytes = try XMLRootChildFilter.wholePart(part, in: archive, minimumBytes: minimumBytes) else { return nil }
        return removingElements(cut, from: bytes, stoppingAt: stop)
    }

    /// `bytes` without the elements below the root that `cut` selects.
    /// With `stop`, the scan ends at the root child of such a name and
    /// what follows is kept as it is (a document's body after its styles).
    static func removingElements(_ cut: Cut, from bytes: [UInt8], stoppingAt stop: XMLLocalNames? = nil) -> [UInt8] {
        let cuts = bytes.withUnsafeBufferPointer { buffer in
            XMLCutFinder.cuts(
                in: buffer,
                stoppingAt: stop.map { names in { depth, name in depth == 1 && names.contains(name) } },
                where: { _, name in cut.contains(name) })
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
        var byLength = Array(repeating: [[UInt8]](), count: (encoded.map { $0.count }.max() ?? 0) + 1)
        for name in encoded { byLength[name.count].append(name) }
        self.byLength = byLength
    }

    func contains(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard name.count < byLength.count else { return false }
        for candidate in byLength[name.count] where candidate.elementsEqual(name) { return true }
        return false
    }
}
