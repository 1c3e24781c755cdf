/// The media types that name a package's format.
enum PackageMediaTypes {
    /// Content types of OOXML main parts (the same in Transitional and
    /// Strict packages).
    static func officeFormat(mainPartContentType contentType: String) -> DocumentFormat? {
        // Every main part's type has "main" in it; a package's other
        // types (styles, themes, properties) are turned away unnormalized.
        guard mentionsMain(contentType) else { return nil }
        return switch normalized(contentType) {
        case "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml": .docx
        case "application/vnd.ms-word.document.macroenabled.main+xml": .docm
        case "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml": .dotx
        case "application/vnd.ms-word.template.macroenabledtemplate.main+xml": .dotm
        case "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml": .pptx
        case "application/vnd.ms-powerpoint.presentation.macroenabled.main+xml": .pptm
        case "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml": .ppsx
        case "application/vnd.ms-powerpoint.slideshow.macroenabled.main+xml": .ppsm
        case "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml": .potx
        case "application/vnd.ms-powerpoint.template.macroenabled.main+xml": .potm
        case "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml": .xlsx
        case "application/vnd.ms-excel.sheet.macroenabled.main+xml": .xlsm
        case "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml": .xltx
        case "application/vnd.ms-excel.template.macroenabled.main+xml": .xltm
        case "application/vnd.ms-excel.sheet.binary.macroenabled.main": .xlsb
        default: nil
        }
    }

    /// The `mimetype` entry or ODF manifest media type of ODF and EPUB.
    static func packageFormat(mimetype: String) -> DocumentFormat? {
        switch normalized(mimetype) {
        case "application/vnd.oasis.opendocument.text",
            "application/vnd.oasis.opendocument.text-template",
            "application/vnd.oasis.opendocument.text-master",
            "application/vnd.oasis.opendocument.text-master-template",
            "application/vnd.oasis.opendocument.text-web":
            .odt
        case "application/vnd.oasis.opendocument.spreadsheet",
            "application/vnd.oasis.opendocument.spreadsheet-template":
            .ods
        case "application/vnd.oasis.opendocument.presentation",
            "application/vnd.oasis.opendocument.presentation-template":
            .odp
        case "application/epub+zip": .epub
        default: nil
        }
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
