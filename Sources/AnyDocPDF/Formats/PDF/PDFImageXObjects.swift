internal import AnyDocSwift

/// Whether a PDF's bytes can hold an image XObject, asked once before
/// every text page is searched for images: that search draws the page a
/// second time and costs about as much as reading its text.
///
/// An image XObject is a stream, a stream's dictionary is never packed
/// into a compressed object stream, and names are not encrypted, so its
/// `/Subtype /Image` is in the file as written. Only the whole name
/// counts: a resource's `/ProcSet [/ImageB /ImageC /ImageI]` names no
/// image. Inline images sit inside compressed content streams and are
/// not seen here; a page with too little text still has its images
/// looked for, so a scan drawn as an inline image is still found.
enum PDFImageXObjects {
    static func mayExist(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let name: StaticString = "/Image"
            var offset = 0
            while let found = ByteSearch.firstOffset(of: name, in: buffer, from: offset) {
                let end = found + name.utf8CodeUnitCount
                if end == buffer.count || endsName(buffer[end]) { return true }
                offset = found + 1
            }
            return false
        }
    }

    /// True for the bytes that end a PDF name: white space and delimiters.
    private static func endsName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0, 9, 10, 12, 13, 32: return true
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return true
        default: return false
        }
    }
}
