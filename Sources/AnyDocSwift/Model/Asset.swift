/// Bytes embedded in a document, such as an image, kept so a caller can
/// write them out and link them.
public struct Asset: Sendable, Equatable {
    /// A file name unique within the document, used as the image source.
    public var name: String
    public var mediaType: String
    public var bytes: [UInt8]

    public init(name: String, mediaType: String, bytes: [UInt8]) {
        self.name = name
        self.mediaType = mediaType
        self.bytes = bytes
    }
}
