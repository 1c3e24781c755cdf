import AnyDocSwift
import Glibc

/// What `verify` found: every object re-hashed, every reference checked.
public struct VerifyReport: Sendable, Codable, Equatable {
    /// One thing wrong under the object folders: a bad or missing object, or a stray file.
    public struct Problem: Sendable, Codable, Equatable {
        /// The object's hash; nil for a stray file, which is not named by one.
        public var hash: String?
        /// The file's path; for a `missing` object, where it should be.
        public var file: String?
        /// `damaged` (bytes differ from the name), `missing` (referenced,
        /// absent), `unreadable`, or `stray` (not an object).
        public var problem: String
        /// The versions that need it, as `project:path@vN`.
        public var referencedBy: [String]

        /// A finding about one object or stray file.
        public init(hash: String?, file: String?, problem: String, referencedBy: [String]) {
            self.hash = hash
            self.file = file
            self.problem = problem
            self.referencedBy = referencedBy
        }

        enum CodingKeys: String, CodingKey { case hash, file, problem, referencedBy = "referenced_by" }
    }

    /// Object files re-hashed (or found unreadable); strays are not counted.
    public var objectsChecked = 0
    /// Bytes read while re-hashing, in total.
    public var bytesChecked = 0
    /// `ok`, or SQLite's and the search indexes' integrity findings joined by `; `.
    public var databaseCheck = "ok"
    /// Everything found: strays, unreadable and damaged objects in folder order, then missing ones.
    public var problems: [Problem] = []

    /// An empty report, filled in as a verify goes (or by a host's fake).
    public init(objectsChecked: Int = 0, bytesChecked: Int = 0, databaseCheck: String = "ok", problems: [Problem] = []) {
        self.objectsChecked = objectsChecked
        self.bytesChecked = bytesChecked
        self.databaseCheck = databaseCheck
        self.problems = problems
    }

    enum CodingKeys: String, CodingKey {
        case objectsChecked = "objects_checked", bytesChecked = "bytes_checked", databaseCheck = "database_check", problems
    }

    /// True when the database checks out and every problem is only a stray file.
    public var isClean: Bool { databaseCheck == "ok" && problems.allSatisfy { $0.problem == "stray" } }

    /// The report for a person: one summary line, then one line per problem.
    public var text: String {
        var text = "Checked \(objectsChecked) objects (\(bytesChecked) bytes); database: \(databaseCheck).\n"
        if problems.isEmpty { return text + "No damage found.\n" }
        for problem in problems {
            text += "  \(problem.problem): \(problem.hash ?? problem.file ?? "?")"
            if !problem.referencedBy.isEmpty { text += " (needed by \(problem.referencedBy.joined(separator: ", ")))" }
            text += "\n"
        }
        return text
    }
}

/// What `collectGarbage` removed and kept.
public struct GarbageReport: Sendable, Codable, Equatable {
    /// Unreferenced objects and stale temporary files deleted.
    public var removed = 0
    /// The size of the files deleted, in bytes.
    public var bytesFreed = 0
    /// Objects kept because a version refers to them.
    public var kept = 0
    /// Unreferenced but younger than the grace period: possibly written by
    /// an ingest that has not committed yet.
    public var keptRecent = 0

    /// A report of a collection; empty until one runs.
    public init(removed: Int = 0, bytesFreed: Int = 0, kept: Int = 0, keptRecent: Int = 0) {
        self.removed = removed
        self.bytesFreed = bytesFreed
        self.kept = kept
        self.keptRecent = keptRecent
    }

    enum CodingKeys: String, CodingKey { case removed, bytesFreed = "bytes_freed", kept, keptRecent = "kept_recent" }

    /// The report as one line for a person.
    public var text: String {
        "Removed \(removed) unreferenced objects (\(bytesFreed) bytes); kept \(kept) referenced"
            + (keptRecent > 0 ? " and \(keptRecent) recent unreferenced" : "") + ".\n"
    }
}

extension ProjectStore {
    /// Re-hashes every object and checks that every version's objects exist.
    public func verify() throws(ProjectError) -> VerifyReport {
        var report = VerifyReport()
        let references = try objectReferences()
        report.databaseCheck = try withDatabase { database in
            // The full check: indexes against their tables too (a damaged
            // index hides rows from lists while the pages look sound), and
            // every version's resource and project present.
            var findings = try database.query("PRAGMA integrity_check", row: { $0.string(0) }).filter { $0 != "ok" }
            findings += try database.query("PRAGMA foreign_key_check", row: { row in
                "\(row.string(0)) row \(row.optionalString(1) ?? "?") refers to a missing \(row.string(2)) row"
            })
            // The search indexes are checked against the sections they were
            // built from: a stale index would hide or invent hits.
            for table in ["search_words", "search_trigrams", "search_bigrams"] {
                do {
                    try database.run("INSERT INTO \(table) (\(table)) VALUES ('integrity-check')")
                } catch let error as SQLiteError {
                    findings.append("\(table): \(error.message)")
                }
            }
            return findings.isEmpty ? "ok" : findings.joined(separator: "; ")
        }
        var present = Set<String>()
        for entry in objects.entries() {
            guard let hash = entry.hash else {
                // Temporary files of a running or crashed write are not damage.
                let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
                if !name.hasPrefix(".tmp-") {
                    report.problems.append(.init(hash: nil, file: entry.path, problem: "stray", referencedBy: []))
                }
                continue
            }
            present.insert(hash)
            report.objectsChecked += 1
            guard let (actual, size) = FileSystem.hashFile(entry.path) else {
                report.problems.append(.init(hash: hash, file: entry.path, problem: "unreadable", referencedBy: references[hash] ?? []))
                continue
            }
            report.bytesChecked += size
            if actual != hash {
                report.problems.append(.init(hash: hash, file: entry.path, problem: "damaged", referencedBy: references[hash] ?? []))
            }
        }
        for (hash, users) in references.sorted(by: { $0.key < $1.key }) where !present.contains(hash) {
            report.problems.append(.init(hash: hash, file: objects.path(of: hash), problem: "missing", referencedBy: users))
        }
        return report
    }

    /// Removes objects no version refers to, holding the writers' lock
    /// exclusively: no ingest is between storing its objects and
    /// committing its version while the references are read and files
    /// removed. Unreferenced objects younger than `graceSeconds` stay too,
    /// for library callers that store objects before they take the lock
    /// to commit.
    public func collectGarbage(graceSeconds: Double = 3600) throws(ProjectError) -> GarbageReport {
        try StoreLock.withLock(root: root, .exclusive) { () throws(ProjectError) in
            var report = GarbageReport()
            let referenced = try referencedHashes()
            try Self.refuseCollectingDamaged(referenced, objects: objects)
            for entry in objects.entries() {
                if let hash = entry.hash, referenced.contains(hash) {
                    report.kept += 1
                    continue
                }
                let name = entry.path.split(separator: "/").last.map(String.init) ?? ""
                guard entry.hash != nil || name.hasPrefix(".tmp-") else { continue }
                if FileSystem.now() - FileSystem.modified(entry.path) < graceSeconds {
                    report.keptRecent += 1
                    continue
                }
                let size = FileSystem.size(entry.path) ?? 0
                if unlink(entry.path) == 0 {
                    report.removed += 1
                    report.bytesFreed += size
                }
            }
            return report
        }
    }

    /// Nothing is collected from a store whose references are damaged: a
    /// version naming its object by a broken hash, or an object that is
    /// gone, means the file no row names may be the one a damaged row
    /// meant, and removing it would make the damage permanent.
    static func refuseCollectingDamaged(_ referenced: Set<String>, objects: ObjectStore) throws(ProjectError) {
        if let broken = referenced.first(where: { !ObjectStore.isValidHash($0) }) {
            throw .corrupt("a version names its object by '\(SafeName.escaped(broken))', not a hash; nothing was collected (see 'anydoc store verify')")
        }
        if let missing = referenced.first(where: { !objects.contains($0) }) {
            throw .corrupt("object \(missing) is referenced but missing; nothing was collected (see 'anydoc store verify --repair')")
        }
    }

    /// The objects of one stored version.
    struct VersionObjects {
        /// `project:path@vN`, as reports name a version.
        var label: String
        var path: String
        var source: String
        var markdown: String
    }

    /// The objects of every version that is not a removal.
    func versionObjects() throws(ProjectError) -> [VersionObjects] {
        try withDatabase { database in
            try database.query(
                """
                SELECT p.name, r.path, v.number, v.source_sha256, v.markdown_sha256
                FROM versions v JOIN resources r ON r.id = v.resource_id JOIN projects p ON p.id = r.project_id
                WHERE v.deleted = 0 ORDER BY p.name, r.path, v.number
                """,
                row: { row in
                    VersionObjects(label: "\(row.string(0)):\(row.string(1))@v\(row.int(2))", path: row.string(1),
                                   source: row.string(3), markdown: row.string(4))
                })
        }
    }

    /// Hash → the versions that refer to it.
    private func objectReferences() throws(ProjectError) -> [String: [String]] {
        var references: [String: [String]] = [:]
        for version in try versionObjects() {
            references[version.source, default: []].append(version.label)
            if version.markdown != version.source { references[version.markdown, default: []].append(version.label) }
        }
        return references
    }
}

extension FileSystem {
    /// SHA-256 and size of a file, read in chunks so memory stays bounded.
    static func hashFile(_ path: String) -> (String, Int)? {
        // Never blocking: a FIFO or device in an object's place is damage
        // to report, not a file to wait on.
        let descriptor = POSIXFile.openForReading(path)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let info = POSIXFile.status(descriptor), POSIXFile.isRegular(info) else { return nil }
        var hasher = SHA256()
        var size = 0
        let failure = POSIXFile.readChunks(descriptor, chunkSize: 1 << 20) { chunk in
            hasher.update(buffer: chunk)
            size += chunk.count
            return true
        }
        guard failure == nil else { return nil }
        return (hasher.finalizeHex(), size)
    }
}
