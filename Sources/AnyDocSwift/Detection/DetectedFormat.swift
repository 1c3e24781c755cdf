/// What detection learned about a file from its content.
public struct DetectedFormat: Sendable, Equatable {
    /// The format, or nil when the content matched nothing known.
    public var format: DocumentFormat?
    /// The content is encrypted (an OOXML package inside an OLE2
    /// `EncryptedPackage`, an encrypted PDF, a password-protected legacy
    /// file), so converting it will fail with `encrypted`.
    public var isEncrypted: Bool
    /// Another format the content also matches (a PDF behind an HTML
    /// error page): the converter reads it as this one when `format`
    /// yields no text.
    public var fallback: DocumentFormat?

    public init(format: DocumentFormat?, isEncrypted: Bool = false, fallback: DocumentFormat? = nil) {
        self.format = format
        self.isEncrypted = isEncrypted
        self.fallback = fallback
    }
}
