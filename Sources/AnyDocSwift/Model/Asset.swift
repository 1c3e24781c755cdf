/// Bytes embedded in a document, such as an image, kept so a caller can
/// write them out and link them.
public struct Asset: Sendable, Equatable {
    /// A file name unique within the document, used as the image source.
    public var name: String
    /// The MIME type, such as `image/png`: as the document declares it, else guessed from the name.
    public var mediaType: String
    /// The file's content, exactly as embedded.
    public var bytes: [UInt8]

    /// An asset named `name`; the name must be unique within its document.
    public init(name: String, mediaType: String, bytes: [UInt8]) {
        self.name = name
        self.mediaType = mediaType
        self.bytes = bytes
    }
}

extension Asset {
    /// The longest file name written for an asset, in UTF-8 bytes: under
    /// the 255 most file systems allow, with room for a temporary suffix.
    static let longestFileName = 200

    /// The file name an asset is written under and linked as: its name
    /// when that is a safe single path component, otherwise (a slash, a
    /// `..`, a control character, too long) a cleaned and shortened name
    /// with a hash of the original, so distinct names stay distinct.
    public static func fileName(for name: String) -> String {
        var cleaned = String(name.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar.value < 0x20 || scalar.value == 0x7F ? "_" : Character(scalar)
        })
        if cleaned.hasPrefix(".") { cleaned = "_" + cleaned.dropFirst() }
        if cleaned == name && !name.isEmpty && name.utf8.count <= longestFileName { return name }
        let hash = String(SHA256.hex(Array(name.utf8)).prefix(12))
        let dot = cleaned.lastIndex(of: ".")
        var stem = dot.map { String(cleaned[..<$0]) } ?? cleaned
        let ext = dot.map { String(cleaned[$0...]).prefix(16) } ?? ""
        while stem.utf8.count + ext.utf8.count + hash.count + 1 > longestFileName { stem.removeLast() }
        return (stem.isEmpty ? "" : stem + "-") + hash + ext
    }
}
