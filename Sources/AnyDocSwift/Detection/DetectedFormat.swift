/// What detection learned about a file from its content.
public struct DetectedFormat: Sendable, Equatable {
    /// The format, or nil when the content matched nothing known.
    public var format: DocumentFormat?
    /// The content is encrypted: an OOXML package inside an OLE2
    /// `EncryptedPackage` or a password-protected legacy or ODF file, which
    /// fail with `encrypted`, or a PDF with an encryption dictionary, which
    /// opens when its user password is empty or `ConversionOptions.password`
    /// is right (else `password required` or `wrong password`).
    public var isEncrypted: Bool
    /// Another format the content also matches (a PDF behind an HTML
    /// error page): the converter reads it as this one when `format`
    /// yields no text.
    public var fallback: DocumentFormat?

    /// A detection result: `format` nil when nothing matched, `fallback` for a second reading.
    public init(format: DocumentFormat?, isEncrypted: Bool = false, fallback: DocumentFormat? = nil) {
        self.format = format
        self.isEncrypted = isEncrypted
        self.fallback = fallback
    }
}
