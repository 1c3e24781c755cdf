internal import CSQLite

/// libsqlite3, loaded when the first database is opened (see CSQLite.h):
/// only the store commands need it, so `anydoc --version` and a plain
/// conversion never map it.
enum SQLiteLibrary {
    /// Loads libsqlite3 once per process; fails with a `database` error
    /// giving the loader's reason when it is not installed.
    static func load() throws(ProjectError) {
        if let failure { throw .database("SQLite is not installed: \(failure)") }
    }

    /// Nil once libsqlite3 is loaded, else why not.
    private static let failure: String? = {
        var message = [CChar](repeating: 0, count: 256)
        guard anydoc_sqlite_load(&message, message.count) == 0 else { return nil }
        return String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()
}
