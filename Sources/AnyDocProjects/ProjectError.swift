import AnyDocSwift

/// Why a store operation failed. Every case carries a message that names
/// the thing involved; `code` is a stable short name for scripts and tools.
public enum ProjectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A project, resource or version that does not exist.
    case notFound(String)
    /// A project name that normalises to one already taken.
    case nameClash(String)
    /// A bad name, reference, cursor or limit.
    case invalidArgument(String)
    /// A file or folder could not be read or written.
    case io(String)
    /// Stored data that is missing or does not match its hash, or a store
    /// whose database is gone while its objects remain.
    case corrupt(String)
    /// The database refused or failed an operation.
    case database(String)
    /// A file the caller may not read: outside the folders granted to a
    /// server, not a regular file, or in `/proc` or `/sys`. Retrying or
    /// rewording will not help.
    case denied(String)
    /// Converting a document failed; the conversion's own error says why.
    case conversion(ConversionError)
    /// The task that asked for the work was cancelled.
    case cancelled(String)

    /// A stable snake_case name such as `not_found`; a conversion failure gives its `ConversionError.code`.
    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .nameClash: "name_clash"
        case .invalidArgument: "invalid_argument"
        case .io: "io"
        case .corrupt: "corrupt"
        case .database: "database"
        case .denied: "denied"
        case .conversion(let error): error.code
        case .cancelled: "cancelled"
        }
    }

    /// The human-readable text, naming the thing involved, without the code.
    public var message: String {
        switch self {
        case .notFound(let text), .nameClash(let text), .invalidArgument(let text), .io(let text),
             .corrupt(let text), .database(let text), .denied(let text), .cancelled(let text):
            text
        case .conversion(let error):
            error.reason
        }
    }

    public var description: String {
        if case .conversion(let error) = self { return error.description }
        return message
    }

    /// The error a `code` and `message` describe, as `IngestSummary` and
    /// the tools write them: a conversion's codes become `conversion`.
    public init(code: String, message: String) {
        switch code {
        case "not_found": self = .notFound(message)
        case "name_clash": self = .nameClash(message)
        case "invalid_argument": self = .invalidArgument(message)
        case "corrupt": self = .corrupt(message)
        case "database": self = .database(message)
        case "denied": self = .denied(message)
        case "cancelled": self = .cancelled(message)
        default:
            if let kind = ConversionError.Kind.allCases.first(where: { ConversionError($0, "").code == code }), kind != .io {
                self = .conversion(ConversionError(kind, message))
            } else {
                self = .io(message)
            }
        }
    }

    /// Wraps anything thrown below the store (SQLite, conversion) in a
    /// `ProjectError`, keeping those already typed.
    static func wrap(_ error: any Error) -> ProjectError {
        if let error = error as? ProjectError { return error }
        if let error = error as? ConversionError { return .conversion(error) }
        if let error = error as? SQLiteError { return .database(error.description) }
        return .io(String(describing: error))
    }
}
