/// The media types that name a package's format; the types themselves
/// are in each format's `FormatEntry.mediaTypes`.
enum PackageMediaTypes {
    /// Content types of OOXML main parts (the same in Transitional and
    /// Strict packages).
    static func officeFormat(mainPartContentType contentType: String) -> DocumentFormat? {
        // Every main part's type has "main" in it; a package's other
        // types (styles, themes, properties) are turned away unnormalized.
        guard mentionsMain(contentType) else { return nil }
        return FormatRegistry.format(mediaType: normalized(contentType), evidence: .officePackage)
    }

    /// The `mimetype` entry or ODF manifest media type of ODF and EPUB.
    static func packageFormat(mimetype: String) -> DocumentFormat? {
        FormatRegistry.format(mediaType: normalized(mimetype), evidence: .mimetypePackage)
    }

    /// Lowercase (media types ignore case) without parameters or the
    /// whitespace some writers leave around the `mimetype` entry.
    /// Whether "main" occurs in `text`, ignoring case.
    private static func mentionsMain(_ text: String) -> Bool {
        let main: (UInt8, UInt8, UInt8, UInt8) = (0x6D, 0x61, 0x69, 0x6E)
        var matched = 0
        for byte in text.utf8 {
            let lower = byte | 0x20
            let wanted = matched == 0 ? main.0 : matched == 1 ? main.1 : matched == 2 ? main.2 : main.3
            if lower == wanted {
                matched += 1
                if matched == 4 { return true }
            } else {
                matched = lower == UInt8(ascii: "m") ? 1 : 0
            }
        }
        return false
    }

    static func normalized(_ mediaType: String) -> String {
        // On bytes: this runs for every content type of every package.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(mediaType.utf8.count)
        for byte in mediaType.utf8 {
            if byte == UInt8(ascii: ";") { break }
            switch byte {
            case 0, 9, 10, 11, 12, 13, 32: continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
