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

    public var code: String {
        switch self {
        case .notFound: "not_found"
        case .nameClash: "name_clash"
        case .invalidArgument: "invalid_argument"
        case .io: "io"
        case .corrupt: "corrupt"
        case .database: "database"
        }
    }

    public var message: String {
        switch self {
        case .notFound(let text), .nameClash(let text), .invalidArgument(let text), .io(let text),
             .corrupt(let text), .database(let text):
            text
        }
    }

    public var description: String { message }

    /// Wraps anything thrown below the store (SQLite, conversion) in a
    /// `ProjectError`, keeping those already typed.
    static func wrap(_ error: any Error) -> ProjectError {
        if let error = error as? ProjectError { return error }
        if let error = error as? SQLiteError { return .database(error.description) }
        return .io(String(describing: error))
    }
}
