/// A file format the library knows, named by its short lowercase name
/// (`docx`, `pdf`, `csv`, …) as `anydoc detect` prints it.
public enum DocumentFormat: String, Sendable, CaseIterable, Codable {
    case docx, docm, dotx, dotm
    case pptx, pptm, ppsx, ppsm, potx, potm
    case xlsx, xlsm, xltx, xltm, xlsb
    case odt, ods, odp
    case epub
    case rtf
    case pdf
    case html
    case csv, tsv
    case txt, md
    case doc, xls, ppt
    case png, jpeg, tiff, webp, gif, bmp

    /// The family of converter that reads it.
    public enum Family: Sendable {
        case wordprocessing, presentation, spreadsheet, ebook, web, table, text, pdf, image
    }

    /// The family of converter that reads this format.
    public var family: Family {
        switch self {
        case .docx, .docm, .dotx, .dotm, .odt, .rtf, .doc: .wordprocessing
        case .pptx, .pptm, .ppsx, .ppsm, .potx, .potm, .odp, .ppt: .presentation
        case .xlsx, .xlsm, .xltx, .xltm, .xlsb, .ods, .xls: .spreadsheet
        case .epub: .ebook
        case .html: .web
        case .csv, .tsv: .table
        case .txt, .md: .text
        case .pdf: .pdf
        case .png, .jpeg, .tiff, .webp, .gif, .bmp: .image
        }
    }

    /// The format a file extension suggests (without the dot, any case).
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "docx": self = .docx
        case "docm": self = .docm
        case "dotx": self = .dotx
        case "dotm": self = .dotm
        case "pptx": self = .pptx
        case "pptm": self = .pptm
        case "ppsx": self = .ppsx
        case "ppsm": self = .ppsm
        case "potx": self = .potx
        case "potm": self = .potm
        case "xlsx": self = .xlsx
        case "xlsm": self = .xlsm
        case "xltx": self = .xltx
        case "xltm": self = .xltm
        case "xlsb": self = .xlsb
        case "odt", "ott": self = .odt
        case "ods", "ots": self = .ods
        case "odp", "otp": self = .odp
        case "epub": self = .epub
        case "rtf": self = .rtf
        case "pdf": self = .pdf
        case "html", "htm", "xhtml": self = .html
        case "csv": self = .csv
        case "tsv", "tab": self = .tsv
        case "txt", "text", "log": self = .txt
        case "md", "markdown", "mdown", "mkd": self = .md
        case "doc", "dot": self = .doc
        case "xls", "xlt": self = .xls
        case "ppt", "pps", "pot": self = .ppt
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "tif", "tiff": self = .tiff
        case "webp": self = .webp
        case "gif": self = .gif
        case "bmp": self = .bmp
        default: return nil
        }
    }
}
