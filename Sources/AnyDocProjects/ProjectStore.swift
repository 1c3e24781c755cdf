import AnyDocSwift
import FoundationEssentials
import Glibc
import Synchronization

/// The versioned store: projects, resources and their versions in SQLite
/// (`store.sqlite`), document bytes and Markdown as content-addressed
/// objects (`objects/`).
///
/// One `ProjectStore` serialises its own calls; several stores (threads or
/// processes) may open the same folder at once: SQLite's WAL mode, a busy
/// timeout and write transactions taken up front make them queue, not fail.
///
/// Unchecked: the connection is used under `lock`, except by `interrupt`,
/// which must reach it from another thread while a query holds the lock
/// (`sqlite3_interrupt` is safe to call so); a `Mutex` owning the
/// connection would allow no such call.
public final class ProjectStore: @unchecked Sendable {
    /// The store's folder, holding `store.sqlite` and `objects/`.
    public let root: String
    /// The content-addressed files holding every version's source bytes and Markdown.
    public let objects: ObjectStore
    // Guarded by `lock`: a SQLite connection is used by one thread at a time.
    private let database: SQLiteDatabase
    private let lock = Mutex(())

    /// How a store is opened: `create` starts a new store where none is
    /// (ingesting is how a store begins); `existing` is for commands that
    /// only read or tidy, which must never leave an empty store behind a
    /// mistyped path.
    public enum OpenMode: Sendable {
        case create, existing
    }

    /// Opens the store at `root`. A store whose database is missing or
    /// empty while objects remain is refused in either mode: taking it for
    /// a new store would let a garbage collection delete every object.
    public init(root: String, mode: OpenMode = .create) throws(ProjectError) {
        self.root = root
        let databasePath = root + "/store.sqlite"
        if mode == .existing, !FileSystem.isFolder(root) { throw .notFound("no store at \(root)") }
        // Objects with no database file at all are refused before anything
        // is made. A database file, once made, is never removed, and is
        // made before any object: if it is still missing after the objects
        // were seen, no other process is creating this store.
        let hasDatabase = { access(databasePath, F_OK) == 0 }
        if !hasDatabase(), let count = Self.objectCount(root), count > 0, !hasDatabase() {
            throw Self.orphanedObjects(root, count: count)
        }
        if mode == .existing, access(databasePath, F_OK) != 0 { throw .notFound("no store at \(root)") }
        if mode == .create {
            try FileSystem.makeFolder(root)
            FileSystem.makePrivate(root)
        }
        objects = try ObjectStore(root: root + "/objects", create: mode == .create)
        do {
            database = try SQLiteDatabase(path: databasePath, create: mode == .create)
            // An empty database is judged under the write lock that creating
            // the schema takes: another process creating this store commits
            // its schema before it writes any object, so objects seen beside
            // an empty schema there belong to a lost database.
            try StoreSchema.migrate(database) { () throws(ProjectError) in
                if let count = Self.objectCount(root), count > 0 { throw Self.orphanedObjects(root, count: count) }
            }
        } catch {
            throw ProjectError.wrap(error)
        }
        // SQLite made its journal files (-wal, -shm) with the mode the
        // database had when they appeared: all three are the owner's.
        for suffix in ["", "-wal", "-shm"] { chmod(databasePath + suffix, 0o600) }
        // Sections an older chunker cut are cut again; a store that cannot
        // be written keeps them, and `anydoc store reindex` says why.
        _ = try? reindexSections()
    }

    /// Up to 1000 of the store's objects counted; nil when it has no objects folder.
    private static func objectCount(_ root: String) -> Int? {
        ObjectStore.firstObjects(in: root + "/objects", upTo: 1000)
    }

    /// Objects without a database to say which are referenced: the store
    /// lost its database, and only a restore from a backup brings it back.
    private static func orphanedObjects(_ root: String, count: Int) -> ProjectError {
        .corrupt("the store at \(root) holds \(count >= 1000 ? "at least 1000" : String(count)) objects but its database "
            + "(store.sqlite) is missing or empty; refusing to use it, since every object would look unreferenced. "
            + "Restore store.sqlite from a backup, or move the objects folder away to start afresh")
    }

    /// Runs `body` with the connection, one caller at a time, with every
    /// failure turned into a `ProjectError`.
    func withDatabase<T>(_ body: (SQLiteDatabase) throws -> T) throws(ProjectError) -> T {
        do {
            return try lock.withLock { _ throws -> T in try body(database) }
        } catch {
            throw ProjectError.wrap(error)
        }
    }

    // MARK: - Projects

    private static let projectColumns = """
        p.name, p.name_key, p.created_at,
        (SELECT count(*) FROM resources r JOIN versions v ON v.resource_id = r.id AND v.number = r.latest_version
         WHERE r.project_id = p.id AND v.deleted = 0)
        """

    private static func project(_ row: SQLiteRow) -> Project {
        Project(name: row.string(0), key: row.string(1), createdAt: StoreTimestamp.stored(row.string(2)), resourceCount: row.int(3))
    }

    /// Creates a project; throws `nameClash` if its normalised name is taken, `invalidArgument` if it is bad.
    public func createProject(_ name: String) throws(ProjectError) -> Project {
        let display = try ProjectName.displayName(name)
        let key = try ProjectName.key(name)
        return try withDatabase { database in
            try database.transaction {
                if let existing = try database.queryFirst("SELECT name FROM projects WHERE name_key = ?", key, row: { $0.string(0) }) {
                    throw ProjectError.nameClash("a project named '\(existing)' already exists ('\(display)' is the same name once case and spacing are ignored)")
                }
                try database.run("INSERT INTO projects (name, name_key, created_at) VALUES (?, ?, ?)", display, key, Clock.timestamp())
                return try Self.fetchProject(database, key: key)!
            }
        }
    }

    /// The project with this name, created if missing (ingesting into a new
    /// name is the common way to start one).
    public func ensureProject(_ name: String) throws(ProjectError) -> Project {
        let display = try ProjectName.displayName(name)
        let key = try ProjectName.key(name)
        return try withDatabase { database in
            try database.transaction {
                try database.run("INSERT INTO projects (name, name_key, created_at) VALUES (?, ?, ?) ON CONFLICT (name_key) DO NOTHING",
                                 display, key, Clock.timestamp())
                return try Self.fetchProject(database, key: key)!
            }
        }
    }

    /// Every project, ordered by normalised name.
    public func projects() throws(ProjectError) -> [Project] {
        try withDatabase { database in
            try database.query("SELECT \(Self.projectColumns) FROM projects p ORDER BY p.name_key", row: Self.project)
        }
    }

    /// The project whose name normalises as `name` does; throws `notFound` when there is none.
    public func project(named name: String) throws(ProjectError) -> Project {
        let key = try ProjectName.key(name)
        return try withDatabase { database in
            guard let project = try Self.fetchProject(database, key: key) else {
                throw ProjectError.notFound("no project named '\(SafeName.escaped(name))'")
            }
            return project
        }
    }

    /// Renames the project `name` to `newName` (changing only case or spacing is allowed) and returns it;
    /// throws `notFound`, or `nameClash` when another project already has the new name.
    public func renameProject(_ name: String, to newName: String) throws(ProjectError) -> Project {
        let key = try ProjectName.key(name)
        let newDisplay = try ProjectName.displayName(newName)
        let newKey = try ProjectName.key(newName)
        return try withDatabase { database in
            try database.transaction {
                guard try Self.fetchProject(database, key: key) != nil else { throw ProjectError.notFound("no project named '\(SafeName.escaped(name))'") }
                if newKey != key, let existing = try database.queryFirst("SELECT name FROM projects WHERE name_key = ?", newKey, row: { $0.string(0) }) {
                    throw ProjectError.nameClash("a project named '\(existing)' already exists")
                }
                try database.run("UPDATE projects SET name = ?, name_key = ? WHERE name_key = ?", newDisplay, newKey, key)
                return try Self.fetchProject(database, key: newKey)!
            }
        }
    }

    /// Deletes a project with its resources and history. The objects stay
    /// until `collectGarbage` finds them unreferenced.
    @discardableResult
    public func deleteProject(_ name: String) throws(ProjectError) -> Project {
        let key = try ProjectName.key(name)
        return try withDatabase { database in
            try database.transaction {
                guard let project = try Self.fetchProject(database, key: key) else { throw ProjectError.notFound("no project named '\(SafeName.escaped(name))'") }
                // Sections first, so the search indexes' delete trigger sees them.
                try database.run("DELETE FROM sections WHERE resource_id IN (SELECT r.id FROM resources r JOIN projects p ON p.id = r.project_id WHERE p.name_key = ?)", key)
                try database.run("DELETE FROM projects WHERE name_key = ?", key)
                return project
            }
        }
    }

    private static func fetchProject(_ database: SQLiteDatabase, key: String) throws -> Project? {
        try database.queryFirst("SELECT \(projectColumns) FROM projects p WHERE p.name_key = ?", key, row: project)
    }

    static func projectID(_ database: SQLiteDatabase, name: String) throws -> Int {
        let key = try ProjectName.key(name)
        guard let id = try database.queryFirst("SELECT id FROM projects WHERE name_key = ?", key, row: { $0.int(0) }) else {
            throw ProjectError.notFound("no project named '\(SafeName.escaped(name))'")
        }
        return id
    }

    /// Stops the SQL statement this store is running, from any thread, so a
    /// caller's time limit can end a long search; that call fails with a
    /// `database` error and the connection stays usable.
    public func interrupt() { database.interrupt() }

    // MARK: - Resources

    static let resourceColumns = """
        r.id, p.name, r.path, r.latest_version, v.deleted, v.format, v.created_at
        FROM resources r JOIN projects p ON p.id = r.project_id
        JOIN versions v ON v.resource_id = r.id AND v.number = r.latest_version
        """

    static func resource(_ row: SQLiteRow) -> Resource {
        Resource(id: row.string(0), project: row.string(1), path: row.string(2), latestVersion: row.int(3),
                 deleted: row.int(4) != 0, format: row.optionalString(5).flatMap(DocumentFormat.init(rawValue:)),
                 updatedAt: StoreTimestamp.stored(row.string(6)))
    }

    /// A page of resources ordered by path, after `afterPath` when given.
    public func resources(in project: String, afterPath: String? = nil, limit: Int = 100, includeDeleted: Bool = false) throws(ProjectError) -> [Resource] {
        try withDatabase { database in
            let id = try Self.projectID(database, name: project)
            return try database.query(
                "SELECT \(Self.resourceColumns) WHERE r.project_id = ? AND r.path > ? AND (? OR v.deleted = 0) ORDER BY r.path LIMIT ?",
                id, afterPath ?? "", includeDeleted, limit, row: Self.resource)
        }
    }

    /// A resource named by its id or its logical path.
    public func resource(named reference: String, in project: String) throws(ProjectError) -> Resource {
        try withDatabase { database in try Self.findResource(database, project: project, reference) }
    }

    static func findResource(_ database: SQLiteDatabase, project: String, _ reference: String) throws -> Resource {
        let id = try projectID(database, name: project)
        if let found = try database.queryFirst(
            "SELECT \(resourceColumns) WHERE r.project_id = ? AND (r.path = ? OR r.id = ?) ORDER BY r.path = ? DESC LIMIT 1",
            id, reference, reference.lowercased(), reference, row: resource) {
            return found
        }
        throw ProjectError.notFound("no resource '\(SafeName.escaped(reference))' in project '\(SafeName.escaped(project))'")
    }

    // MARK: - Versions

    static let versionColumns = """
        v.resource_id, r.path, v.number, v.deleted, v.source_sha256, v.markdown_sha256, v.format, v.converter_version,
        v.source_bytes, v.markdown_bytes, v.markdown_chars, v.unit_count, v.unit_kind, v.created_at, v.warnings
        FROM versions v JOIN resources r ON r.id = v.resource_id
        """

    static func version(_ row: SQLiteRow) -> ResourceVersion {
        ResourceVersion(
            resourceId: row.string(0), path: row.string(1), number: row.int(2), deleted: row.int(3) != 0,
            sourceSha256: row.optionalString(4), markdownSha256: row.optionalString(5),
            format: row.optionalString(6).flatMap(DocumentFormat.init(rawValue:)),
            converterVersion: row.string(7), sourceBytes: row.int(8), markdownBytes: row.int(9), markdownChars: row.int(10),
            unitCount: row.optionalInt(11), unitKind: row.optionalString(12).flatMap(SourceLocation.Kind.init(rawValue:)),
            createdAt: StoreTimestamp.stored(row.string(13)),
            warnings: row.optionalString(14).map { $0.split(separator: "\n").map(String.init) })
    }

    /// Every version of a resource (id or path), oldest first.
    public func history(of reference: String, in project: String) throws(ProjectError) -> [ResourceVersion] {
        try withDatabase { database in
            let (resource, _) = try Self.splitReference(database, project: project, reference)
            return try database.query("SELECT \(Self.versionColumns) WHERE v.resource_id = ? ORDER BY v.number", resource.id, row: Self.version)
        }
    }

    /// The version a reference names: `path`, `id`, `path@v3`, `path@<hash>`
    /// or a bare 64-digit hash (source or Markdown) anywhere in the project.
    /// `selector` (`3`, `v3` or a hash of at least 7 digits) overrides any
    /// suffix. Without either, the latest version, which must not be a removal.
    public func version(of reference: String, in project: String, selector: VersionSelector = .latest) throws(ProjectError) -> ResourceVersion {
        try version(in: project, reference, selectorText: selector.text)
    }

    /// `version(of:in:selector:)` with the selector as an agent writes it
    /// (`3`, `v3`, a hash prefix), checked when the version is looked up.
    public func version(of reference: String, in project: String, selector text: String?) throws(ProjectError) -> ResourceVersion {
        try version(in: project, reference, selectorText: text)
    }

    /// Deprecated spelling of `version(of:in:selector:)` with the selector as text.
    @available(*, deprecated, renamed: "version(of:in:selector:)")
    public func version(in project: String, _ reference: String, selector: String? = nil) throws(ProjectError) -> ResourceVersion {
        try version(in: project, reference, selectorText: selector)
    }

    /// Deprecated spelling of `history(of:in:)`.
    @available(*, deprecated, renamed: "history(of:in:)")
    public func history(in project: String, _ reference: String) throws(ProjectError) -> [ResourceVersion] {
        try history(of: reference, in: project)
    }

    /// Deprecated spelling of `resource(named:in:)`.
    @available(*, deprecated, renamed: "resource(named:in:)")
    public func resource(in project: String, _ reference: String) throws(ProjectError) -> Resource {
        try resource(named: reference, in: project)
    }

    private func version(in project: String, _ reference: String, selectorText selector: String?) throws(ProjectError) -> ResourceVersion {
        try withDatabase { database in
            if selector == nil, ObjectStore.isValidHash(reference.lowercased()) {
                let projectID = try Self.projectID(database, name: project)
                let hash = reference.lowercased()
                if let found = try database.queryFirst(
                    "SELECT \(Self.versionColumns) WHERE r.project_id = ? AND (v.markdown_sha256 = ? OR v.source_sha256 = ?) ORDER BY v.created_at DESC LIMIT 1",
                    projectID, hash, hash, row: Self.version) {
                    return found
                }
            }
            let (resource, suffix) = try Self.splitReference(database, project: project, reference)
            let wanted = selector ?? suffix
            guard let wanted else {
                let latest = try database.queryFirst("SELECT \(Self.versionColumns) WHERE v.resource_id = ? AND v.number = ?",
                                                     resource.id, resource.latestVersion, row: Self.version)!
                if latest.deleted {
                    throw ProjectError.notFound("'\(resource.path)' was removed in v\(latest.number); read an earlier version with @v\(max(1, latest.number - 1))")
                }
                return latest
            }
            return try Self.selectVersion(database, resource: resource, wanted)
        }
    }

    private static func selectVersion(_ database: SQLiteDatabase, resource: Resource, _ selector: String) throws -> ResourceVersion {
        let text = selector.lowercased()
        let digits = text.hasPrefix("v") ? String(text.dropFirst()) : text
        if let number = Int(digits), number > 0, digits.count < 7 || text.hasPrefix("v") {
            guard let found = try database.queryFirst("SELECT \(versionColumns) WHERE v.resource_id = ? AND v.number = ?",
                                                      resource.id, number, row: version) else {
                throw ProjectError.notFound("'\(resource.path)' has no version \(number) (latest is v\(resource.latestVersion))")
            }
            return found
        }
        guard text.count >= 7, text.count <= 64, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else {
            throw ProjectError.invalidArgument("'\(selector)' is neither a version (v3) nor a hash")
        }
        let matches = try database.query(
            "SELECT \(versionColumns) WHERE v.resource_id = ? AND (substr(v.markdown_sha256, 1, ?) = ? OR substr(v.source_sha256, 1, ?) = ?) ORDER BY v.number DESC",
            resource.id, text.count, text, text.count, text, row: version)
        guard let first = matches.first else { throw ProjectError.notFound("'\(resource.path)' has no version with hash \(selector)") }
        // Identical bytes in two versions (removed, then added again) render the same: the newest is as good as any.
        return first
    }

    /// Finds the resource, splitting a trailing `@v3`/`@hash` off the
    /// reference only when the whole text is not itself a path.
    private static func splitReference(_ database: SQLiteDatabase, project: String, _ reference: String) throws -> (Resource, String?) {
        if let resource = try? findResource(database, project: project, reference) { return (resource, nil) }
        if let at = reference.lastIndex(of: "@"), at != reference.startIndex {
            let suffix = String(reference[reference.index(after: at)...])
            let resource = try findResource(database, project: project, String(reference[..<at]))
            return (resource, suffix)
        }
        return (try findResource(database, project: project, reference), nil)
    }

    /// The Markdown of a stored version.
    public func markdown(of version: ResourceVersion) throws(ProjectError) -> String {
        guard let hash = version.markdownSha256 else {
            throw ProjectError.notFound("\(version.reference) is a removal and has no content")
        }
        return String(decoding: try objects.get(hash, size: version.markdownBytes), as: UTF8.self)
    }

    /// The original bytes of a stored version.
    public func source(of version: ResourceVersion) throws(ProjectError) -> [UInt8] {
        guard let hash = version.sourceSha256 else {
            throw ProjectError.notFound("\(version.reference) is a removal and has no content")
        }
        return try objects.get(hash, size: version.sourceBytes)
    }

    // MARK: - Writing versions

    /// A converted document whose objects are already stored, ready to
    /// become a version.
    package struct PreparedVersion: Sendable {
        /// The logical path the version is stored under.
        package var path: String
        /// SHA-256 of the document's bytes, already stored in `objects`.
        package var sourceSha256: String
        /// Size of the document, in bytes.
        package var sourceBytes: Int
        /// SHA-256 of the Markdown's UTF-8 bytes, already stored in `objects`.
        package var markdownSha256: String
        /// Size of the Markdown in UTF-8 bytes.
        package var markdownBytes: Int
        /// The Markdown's length in Unicode scalars, the unit read offsets use.
        package var markdownChars: Int
        /// The `DocumentFormat` raw value the bytes were read as; nil when unknown.
        package var format: String?
        /// Pages, slides or sheets, when the format has them.
        package var unitCount: Int?
        /// What `unitCount` counts, as a `SourceLocation.Kind` raw value.
        package var unitKind: String?
        /// The Markdown split into the sections search indexes, in order.
        package var sections: [Section]
        /// The conversion's warnings, kept with the version.
        package var warnings: [String] = []
    }

    /// What committing a file did: a new resource, a new version, nothing, or a repair.
    public enum CommitOutcome: String, Sendable, Codable {
        /// `repaired`: the bytes were unchanged, and stored objects of theirs
        /// that were damaged or missing were written again.
        case added, updated, unchanged, repaired
    }

    /// The live version stored under a path, if any: lets an ingest skip
    /// converting bytes it already has.
    public func latestVersion(in project: String, path: String) throws(ProjectError) -> ResourceVersion? {
        try withDatabase { database in
            let id = try Self.projectID(database, name: project)
            return try database.queryFirst(
                "SELECT \(Self.versionColumns) WHERE r.project_id = ? AND r.path = ? AND v.number = r.latest_version AND v.deleted = 0",
                id, path, row: Self.version)
        }
    }

    /// Records a version in one short transaction. Its objects must already
    /// be durable, so a crash at any point leaves either no version or a
    /// complete one. The number is assigned inside the transaction, so
    /// concurrent writers never take the same one; bytes equal to the live
    /// version's make no new version.
    package func commit(_ prepared: PreparedVersion, project: String, evenIfUnchanged: Bool = false) throws(ProjectError) -> (CommitOutcome, ResourceVersion) {
        try StoreLock.withLock(root: root, .shared) { () throws(ProjectError) in
            try commitHoldingLock(prepared, project: project, evenIfUnchanged: evenIfUnchanged)
        }
    }

    /// Stores a document's bytes and its Markdown as objects and records
    /// the version, all under the writers' lock, so no garbage collection
    /// can come between the objects and the version that refers to them.
    func commit(source: IngestSource, markdown: [UInt8], _ prepared: PreparedVersion, project: String,
                evenIfUnchanged: Bool = false) throws(ProjectError) -> (CommitOutcome, ResourceVersion) {
        try StoreLock.withLock(root: root, .shared) { () throws(ProjectError) in
            try source.store(in: objects, hash: prepared.sourceSha256)
            try objects.put(markdown, hash: prepared.markdownSha256)
            return try commitHoldingLock(prepared, project: project, evenIfUnchanged: evenIfUnchanged)
        }
    }

    /// Runs `body` holding the writers' lock shared: for writes of objects
    /// that a later call refers to.
    func whileWriting<T>(_ body: () throws(ProjectError) -> T) throws(ProjectError) -> T {
        try StoreLock.withLock(root: root, .shared, body)
    }

    private func commitHoldingLock(_ prepared: PreparedVersion, project: String, evenIfUnchanged: Bool) throws(ProjectError) -> (CommitOutcome, ResourceVersion) {
        guard objects.contains(prepared.sourceSha256), objects.contains(prepared.markdownSha256) else {
            throw .corrupt("the objects of \(prepared.path) are not in the store")
        }
        return try withDatabase { database in
            try database.transaction {
                let projectID = try Self.projectID(database, name: project)
                let now = Clock.timestamp()
                try database.run(
                    "INSERT INTO resources (id, project_id, path, latest_version, created_at) VALUES (?, ?, ?, 0, ?) ON CONFLICT (project_id, path) DO NOTHING",
                    UUID().uuidString.lowercased(), projectID, prepared.path, now)
                let (resourceID, latest) = try database.queryFirst(
                    "SELECT id, latest_version FROM resources WHERE project_id = ? AND path = ?", projectID, prepared.path,
                    row: { ($0.string(0), $0.int(1)) })!
                var outcome = CommitOutcome.added
                if latest > 0 {
                    let current = try database.queryFirst("SELECT \(Self.versionColumns) WHERE v.resource_id = ? AND v.number = ?",
                                                          resourceID, latest, row: Self.version)!
                    if !current.deleted {
                        if current.sourceSha256 == prepared.sourceSha256 && !evenIfUnchanged { return (.unchanged, current) }
                        outcome = .updated
                    }
                }
                let number = latest + 1
                try database.run(
                    """
                    INSERT INTO versions (resource_id, number, deleted, source_sha256, markdown_sha256, format, converter_version,
                        source_bytes, markdown_bytes, markdown_chars, unit_count, unit_kind, created_at, warnings)
                    VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    resourceID, number, prepared.sourceSha256, prepared.markdownSha256, prepared.format, AnyDocProjects.converterVersion,
                    prepared.sourceBytes, prepared.markdownBytes, prepared.markdownChars, prepared.unitCount, prepared.unitKind, now,
                    prepared.warnings.isEmpty ? nil : prepared.warnings.joined(separator: "\n"))
                try database.run("UPDATE resources SET latest_version = ? WHERE id = ?", number, resourceID)
                try Self.replaceSections(database, resourceID: resourceID, version: number, sections: prepared.sections)
                let stored = try database.queryFirst("SELECT \(Self.versionColumns) WHERE v.resource_id = ? AND v.number = ?",
                                                     resourceID, number, row: Self.version)!
                return (outcome, stored)
            }
        }
    }

    /// Records the removal of a resource as a new version (a tombstone); the
    /// earlier versions stay readable.
    @discardableResult
    public func remove(in project: String, _ reference: String) throws(ProjectError) -> ResourceVersion {
        try withDatabase { database in
            try database.transaction {
                let resource = try Self.findResource(database, project: project, reference)
                if resource.deleted { throw ProjectError.notFound("'\(resource.path)' is already removed (v\(resource.latestVersion))") }
                let number = resource.latestVersion + 1
                try database.run(
                    "INSERT INTO versions (resource_id, number, deleted, converter_version, created_at) VALUES (?, ?, 1, ?, ?)",
                    resource.id, number, AnyDocProjects.converterVersion, Clock.timestamp())
                try database.run("UPDATE resources SET latest_version = ? WHERE id = ?", number, resource.id)
                try Self.replaceSections(database, resourceID: resource.id, version: number, sections: [])
                return try database.queryFirst("SELECT \(Self.versionColumns) WHERE v.resource_id = ? AND v.number = ?",
                                                resource.id, number, row: Self.version)!
            }
        }
    }

    /// Only the live version of each resource is indexed: the search tables
    /// hold what is current, history stays in the objects.
    static func replaceSections(_ database: SQLiteDatabase, resourceID: String, version: Int, sections: [Section]) throws {
        try database.run("DELETE FROM sections WHERE resource_id = ?", resourceID)
        for (ordinal, section) in sections.enumerated() {
            let heading = section.headingPath.joined(separator: "\n")
            try database.run(
                """
                INSERT INTO sections (resource_id, version, ordinal, heading, location_kind, location_number, location_name,
                    start_offset, length, body, has_cjk, cjk_bigrams) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                resourceID, version, ordinal, heading, section.location?.kind.rawValue, section.location?.number,
                section.location?.name, section.offset, section.length, section.text,
                CJKBigrams.containsCJK(heading + section.text), CJKBigrams.of(heading + "\n" + section.text))
        }
    }

    /// Every object hash a version refers to.
    func referencedHashes() throws(ProjectError) -> Set<String> {
        try withDatabase { database in
            var hashes = Set<String>()
            for (source, markdown) in try database.query("SELECT source_sha256, markdown_sha256 FROM versions WHERE deleted = 0",
                                                         row: { ($0.optionalString(0), $0.optionalString(1)) }) {
                if let source { hashes.insert(source) }
                if let markdown { hashes.insert(markdown) }
            }
            return hashes
        }
    }
}
