/// Media types of the files documents embed, by extension.
enum MediaType {
    static func forFileName(_ name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "png": return "image/png"
        case "jpg", "jpeg", "jpe": return "image/jpeg"
        case "gif": return "image/gif"
        case "bmp", "dib": return "image/bmp"
        case "tif", "tiff": return "image/tiff"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "emf": return "image/emf"
        case "wmf": return "image/wmf"
        default: return "application/octet-stream"
        }
    }
}
