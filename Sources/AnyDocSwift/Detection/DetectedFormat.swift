/// What detection learned about a file from its content.
public struct DetectedFormat: Sendable, Equatable {
    /// The format, or nil when the content matched nothing known.
    public var format: DocumentFormat?
    /// The content is encrypted (an OOXML package inside an OLE2
    /// `EncryptedPackage`, an encrypted PDF, a password-protected legacy
    /// file), so converting it will fail with `encrypted`.
    public var isEncrypted: Bool

    public init(format: DocumentFormat?, isEncrypted: Bool = false) {
        self.format = format
        self.isEncrypted = isEncrypted
    }
}
