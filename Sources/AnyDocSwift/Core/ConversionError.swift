/// Why a document could not be converted.
///
/// Every failure of the library is one of these kinds, so a caller can
/// decide what to do (skip, ask for a password, raise a limit) without
/// parsing messages.
public struct ConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a failure; `rawValue` is the wording used in `description`.
    public enum Kind: String, Sendable, CaseIterable {
        /// The format is not one the library reads.
        case unsupported
        /// The file is damaged or does not follow its format.
        case malformed
        /// The content is encrypted or password protected in a way the
        /// library cannot open, with or without a password.
        case encrypted
        /// The document opens only with a password, and none was given.
        case passwordRequired = "password required"
        /// The password given does not open the document.
        case wrongPassword = "wrong password"
        /// A safety limit was hit (size, ratio, depth, time).
        case resourceLimit = "resource limit"
        /// A part the format requires is absent.
        case missingPart = "missing part"
        /// Reading or writing a file failed.
        case io = "I/O"
        /// The task that asked for the conversion was cancelled.
        case cancelled
    }

    /// What sort of failure this is: the field to branch on.
    public var kind: Kind
    /// What went wrong, for a person to read.
    public var reason: String
    /// The file being converted, when known.
    public var file: String?

    /// An error of `kind` with `reason`, naming `file` when known.
    public init(_ kind: Kind, _ reason: String, file: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.file = file
    }

    /// A stable machine-readable code such as `resource_limit`.
    public var code: String {
        switch kind {
        case .unsupported: "unsupported"
        case .malformed: "malformed"
        case .encrypted: "encrypted"
        case .passwordRequired: "password_required"
        case .wrongPassword: "wrong_password"
        case .resourceLimit: "resource_limit"
        case .missingPart: "missing_part"
        case .io: "io"
        case .cancelled: "cancelled"
        }
    }

    public var description: String {
        if let file { return "\(file): \(kind.rawValue): \(reason)" }
        return "\(kind.rawValue): \(reason)"
    }

    /// The same error, naming `file` unless it already names one.
    public func naming(_ file: String) -> ConversionError {
        var copy = self
        if copy.file == nil { copy.file = file }
        return copy
    }

    /// An `unsupported` error: the content is not a format the library reads.
    public static func unsupported(_ reason: String) -> ConversionError { .init(.unsupported, reason) }
    /// A `malformed` error: the file is damaged or breaks its format.
    public static func malformed(_ reason: String) -> ConversionError { .init(.malformed, reason) }
    /// An `encrypted` error: the content is protected in a way the library cannot open.
    public static func encrypted(_ reason: String) -> ConversionError { .init(.encrypted, reason) }
    /// A `resource limit` error: `reason` names the safety limit that was hit.
    public static func resourceLimit(_ reason: String) -> ConversionError { .init(.resourceLimit, reason) }
    /// A `missing part` error for the required part `name` (a ZIP entry, a stream).
    public static func missingPart(_ name: String) -> ConversionError { .init(.missingPart, "required part \(name) is absent") }
    /// An `I/O` error: reading or writing a file failed.
    public static func io(_ reason: String) -> ConversionError { .init(.io, reason) }
    /// A `password required` error: the document opens only with a password.
    public static func passwordRequired(_ reason: String) -> ConversionError { .init(.passwordRequired, reason) }
    /// A `wrong password` error: the password given does not open the document.
    public static func wrongPassword(_ reason: String) -> ConversionError { .init(.wrongPassword, reason) }
    /// A `cancelled` error: the task that asked for the conversion was cancelled.
    public static func cancelled(_ reason: String) -> ConversionError { .init(.cancelled, reason) }
}
