import AnyDocSwift
internal import CSQLite
import Glibc

/// A failed SQLite call: the result code and SQLite's own message.
package struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
    package let code: Int32
    package let message: String

    package var primaryCode: Int32 { code & 0xFF }
    package var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    package var description: String { "sqlite error \(code): \(message)" }
}

/// A value bound to, or read from, a statement.
enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

protocol SQLiteBindable {
    var sqliteValue: SQLiteValue { get }
}

extension Int: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(Int64(self)) } }
extension Int64: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self) } }
extension Bool: SQLiteBindable { var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) } }
extension Double: SQLiteBindable { var sqliteValue: SQLiteValue { .real(self) } }
extension String: SQLiteBindable { var sqliteValue: SQLiteValue { .text(self) } }
extension SQLiteValue: SQLiteBindable { var sqliteValue: SQLiteValue { self } }
extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
}

/// One row of a result, read by column index while the statement is on it.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }
}

/// The one wrapper over the SQLite C API: owns the connection and its
/// prepared statements, binds every value as a parameter (SQL text never
/// carries data), and turns result codes into `SQLiteError`.
///
/// Not thread-safe by itself: the owner serialises access (the connection
/// is opened without SQLite's own mutex to keep calls lean).
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    /// Prepared once per SQL text and reused: the store runs the same few
    /// statements for every document.
    private var statements: [String: OpaquePointer] = [:]
    private var transactionDepth = 0

    /// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens (with `create`, creates) the database and sets the pragmas
    /// every connection needs. A busy answer while another process is
    /// turning a new file into WAL mode is retried until the busy timeout:
    /// SQLite returns it there without calling the busy handler. Loads
    /// libsqlite3 first if no database was opened yet.
    init(path: String, create: Bool = true, busyTimeoutMilliseconds: Int32 = 30_000) throws {
        try SQLiteLibrary.load()
        try openRetryingWhileBusy(path: path, create: create, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
    }

    /// Opens the connection, retrying a busy answer until the busy timeout.
    private func openRetryingWhileBusy(path: String, create: Bool, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        let deadline = MonotonicClock.seconds() + Double(busyTimeoutMilliseconds) / 1000
        var pause: UInt32 = 1000
        while true {
            do {
                try open(path: path, create: create, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
                return
            } catch where error.isBusy && MonotonicClock.seconds() < deadline {
                for statement in statements.values { sqlite3_finalize(statement) }
                statements = [:]
                sqlite3_close_v2(handle)
                handle = nil
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    private func open(path: String, create: Bool, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &connection, flags, nil)
        guard status == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open \(path)"
            sqlite3_close_v2(connection)
            throw SQLiteError(code: status, message: message)
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        // Waiting, not failing, is what two concurrent ingests need.
        sqlite3_busy_timeout(connection, busyTimeoutMilliseconds)
        // WAL lets readers work while one writer commits; FULL makes every
        // committed version durable, as the objects it names already are.
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
        // Searches read the same index pages over and over: mapping the file
        // saves a read(2) copy per page, and a larger cache keeps hot pages.
        try execute("PRAGMA mmap_size=268435456")
        try execute("PRAGMA cache_size=-16384")
    }

    deinit {
        // No connection when opening failed, perhaps because libsqlite3
        // could not be loaded: then there is nothing to call it for.
        guard let handle else { return }
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Runs SQL with no parameters: schema and pragmas only.
    func execute(_ sql: String) throws(SQLiteError) {
        var error: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &error)
        if status != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(error)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message)
        }
    }

    /// Runs a statement for its effect; returns the rows it changed.
    @discardableResult
    func run(_ sql: String, _ parameters: SQLiteBindable...) throws -> Int {
        try withStatement(sql, parameters) { statement in
            while try step(statement) {}
        }
        return Int(sqlite3_changes(handle))
    }

    /// Runs a query and maps every row.
    func query<T>(_ sql: String, _ parameters: SQLiteBindable..., row transform: (SQLiteRow) throws -> T) throws -> [T] {
        try query(sql, parameters, row: transform)
    }

    /// Runs a query whose parameters were assembled at run time.
    func query<T>(_ sql: String, _ parameters: [SQLiteBindable], row transform: (SQLiteRow) throws -> T) throws -> [T] {
        var results: [T] = []
        try withStatement(sql, parameters) { statement in
            while try step(statement) { results.append(try transform(SQLiteRow(statement: statement))) }
        }
        return results
    }

    /// Runs a query and maps its first row, if any.
    func queryFirst<T>(_ sql: String, _ parameters: SQLiteBindable..., row transform: (SQLiteRow) throws -> T) throws -> T? {
        var result: T?
        try withStatement(sql, parameters) { statement in
            if try step(statement) { result = try transform(SQLiteRow(statement: statement)) }
        }
        return result
    }

    /// Makes the statement running on this connection stop with
    /// `SQLITE_INTERRUPT`. Safe from any thread (SQLite only sets a flag), and
    /// a no-op when nothing runs: how a time limit stops a long query.
    func interrupt() { sqlite3_interrupt(handle) }

    /// How long a writer waits in all for the write lock: past one busy
    /// timeout, as another writer's transaction for a very large document
    /// (its sections and search index) can hold it for a minute.
    var writerPatienceSeconds = 600.0

    /// Runs `body` in a write transaction taken up front (`BEGIN IMMEDIATE`),
    /// so a second writer waits at the start instead of failing half way,
    /// through as many busy timeouts as `writerPatienceSeconds` allows.
    /// Nested calls join the outer transaction.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        if transactionDepth > 0 {
            transactionDepth += 1
            defer { transactionDepth -= 1 }
            return try body()
        }
        try beginWriting()
        transactionDepth = 1
        defer { transactionDepth = 0 }
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// `BEGIN IMMEDIATE`, tried again while the lock stays busy and the
    /// writer's patience lasts (each try waits a busy timeout).
    private func beginWriting() throws(SQLiteError) {
        let waitingSince = MonotonicClock.nanoseconds()
        while true {
            do {
                try execute("BEGIN IMMEDIATE")
                return
            } catch {
                let waited = Double(MonotonicClock.nanoseconds() &- waitingSince) / 1e9
                guard error.isBusy, waited < writerPatienceSeconds else { throw error }
            }
        }
    }

    // MARK: - Statements

    private var lastMessage: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no connection" }

    private func fail(_ status: Int32) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle) != 0 ? sqlite3_extended_errcode(handle) : status, message: lastMessage)
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw fail(status) }
        statements[sql] = statement
        return statement
    }

    /// Binds, runs `body`, and always resets: a statement left mid-result
    /// would hold a read transaction open and pin the WAL.
    private func withStatement(_ sql: String, _ parameters: [SQLiteBindable], _ body: (OpaquePointer) throws -> Void) throws {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, parameter) in parameters.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32
            switch parameter.sqliteValue {
            case .null: status = sqlite3_bind_null(statement, index)
            case .integer(let value): status = sqlite3_bind_int64(statement, index, value)
            case .real(let value): status = sqlite3_bind_double(statement, index, value)
            case .text(let value): status = sqlite3_bind_text(statement, index, value, -1, Self.transient)
            case .blob(let bytes):
                status = bytes.withUnsafeBytes { sqlite3_bind_blob64(statement, index, $0.baseAddress, sqlite3_uint64($0.count), Self.transient) }
            }
            guard status == SQLITE_OK else { throw fail(status) }
        }
        try body(statement)
    }

    /// Advances one row: true while a row is available.
    private func step(_ statement: OpaquePointer) throws(SQLiteError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw fail(status)
        }
    }
}
