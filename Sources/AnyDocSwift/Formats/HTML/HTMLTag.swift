/// The HTML elements the converter treats in their own way, named straight
/// from the parser's bytes: a table lookup instead of making a string for
/// every tag and comparing or hashing it. Every other element is `.other`.
enum HTMLTag: String, CaseIterable {
    case a, address, annotation, applet, area, article, aside, audio
    case b, base, blockquote, body, br, button
    case canvas, caption, center, code, col, colgroup
    case datalist, dd, del, details, dfn, dialog, dir, div, dl, dt
    case em, embed
    case fieldset, figcaption, figure, footer, form, frame, frameset
    case h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html
    case i, iframe, image, img, input
    case kbd
    case legend, li, link, listing
    case main, map, marquee, math, menu, meta, meter, multicol
    case nav, noframes, noscript
    case object, ol, optgroup, option
    case p, param, plaintext, pre, progress
    case q
    case rp
    case s, samp, script, search, section, select, source, strike, strong, style, sub, summary, sup, svg
    case table, tbody, td, template, textarea, tfoot, th, thead, title, tr, track, tt
    case ul
    case `var`, video
    case xml, xmp
    /// Any element not listed above.
    case other

    /// The tag called `name`, compared in ASCII lower case.
    init(_ name: some Collection<UInt8>) {
        self = Self.names.tag(named: name)
    }

    init(_ name: String) {
        self.init(name.utf8)
    }

    private static let names = HTMLTagTable()
}

/// An open-addressing hash table from tag names to tags, built once.
private struct HTMLTagTable {
    private static let slotCount = 256
    /// Each slot holds a position in `tags` plus one; 0 is an empty slot.
    private var slots = [UInt8](repeating: 0, count: slotCount)
    private var tags: [HTMLTag] = []
    /// The names one after another; `tags[i]` is named by
    /// `names[nameStarts[i]..<nameStarts[i + 1]]`.
    private var names: [UInt8] = []
    private var nameStarts: [Int] = [0]

    init() {
        for tag in HTMLTag.allCases where tag != .other {
            var slot = Self.slot(for: tag.rawValue.utf8)
            while slots[slot] != 0 { slot = (slot + 1) % Self.slotCount }
            tags.append(tag)
            slots[slot] = UInt8(tags.count)
            names.append(contentsOf: tag.rawValue.utf8)
            nameStarts.append(names.count)
        }
    }

    func tag(named name: some Collection<UInt8>) -> HTMLTag {
        var slot = Self.slot(for: name)
        // The table is less than half full: the probe meets an empty slot.
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            let start = nameStarts[position]
            let end = nameStarts[position + 1]
            if end - start == name.count, names[start..<end].elementsEqual(name.lazy.map(Self.lowercased)) {
                return tags[position]
            }
            slot = (slot + 1) % Self.slotCount
        }
        return .other
    }

    /// FNV-1a over the lower-cased bytes, folded to a slot.
    private static func slot(for name: some Collection<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name { hash = (hash ^ UInt32(lowercased(byte))) &* 16_777_619 }
        return Int((hash ^ (hash >> 16)) % UInt32(slotCount))
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
    }
}
