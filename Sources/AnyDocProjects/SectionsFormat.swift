/// Which cut of the chunker a store's sections were made by. A store
/// whose sections an older chunker cut has them cut again from each live
/// version's committed Markdown when it is opened (or by `anydoc store
/// reindex`), so search hits stay chunks of `anydoc convert --chunks`.
///
/// 1. Sections as every store before the record was kept.
/// 2. HTML tables cut between rows with their head repeated; rows after a
///    header too long to repeat stay rows; nested list items are cut points.
enum SectionsFormat {
    /// The cut this build makes.
    static let current = 2

    /// The cut recorded in the store; 1 when none was recorded.
    static func recorded(_ database: SQLiteDatabase) throws -> Int {
        try createTable(database)
        return try database.queryFirst("SELECT value FROM store_info WHERE key = 'sections_format'") { Int($0.string(0)) ?? 1 } ?? 1
    }

    /// Records that every section is cut by `current`.
    static func record(_ database: SQLiteDatabase) throws {
        try createTable(database)
        _ = try database.run("INSERT OR REPLACE INTO store_info (key, value) VALUES ('sections_format', ?)", String(current))
    }

    private static func createTable(_ database: SQLiteDatabase) throws {
        try database.execute("CREATE TABLE IF NOT EXISTS store_info (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    }

    /// The versions that have sections: each resource's live one.
    static func indexedVersions(_ database: SQLiteDatabase) throws -> [(resourceID: String, number: Int, format: String?, markdown: String)] {
        try database.query("""
            SELECT DISTINCT s.resource_id, s.version, v.format, v.markdown_sha256 FROM sections s
            JOIN versions v ON v.resource_id = s.resource_id AND v.number = s.version WHERE v.markdown_sha256 IS NOT NULL
            """) { row in (row.string(0), row.int(1), row.optionalString(2), row.string(3)) }
    }
}

extension ProjectStore {
    /// What `reindexSections` did.
    public struct ReindexReport: Sendable, Equatable {
        /// Versions whose sections were cut again.
        public var rebuilt = 0
        /// Versions left with their old sections: their Markdown could not be read intact.
        public var skipped = 0
    }

    /// Cuts the sections of every live version again when an older chunker
    /// cut them, or always when `force`. Each version's sections are
    /// replaced in a transaction of their own, and the new cut is recorded
    /// only once all are done: a crash leaves every version with whole
    /// sections, old or new, and the next open carries on. Objects are
    /// only read, and checked against their hash.
    @discardableResult
    public func reindexSections(force: Bool = false) throws(ProjectError) -> ReindexReport {
        var report = ReindexReport()
        let versions = try withDatabase { database in
            try force || SectionsFormat.recorded(database) < SectionsFormat.current ? SectionsFormat.indexedVersions(database) : nil
        }
        guard let versions else { return report }
        for version in versions {
            // `get` checks the bytes against their hash.
            guard let bytes = try? objects.get(version.markdown) else {
                report.skipped += 1
                continue
            }
            let sections = SectionSplitter.split(String(decoding: bytes, as: UTF8.self), format: .init(format: version.format))
            let replaced = try withDatabase { database in
                try database.transaction {
                    // An ingest since the list was read has cut the new version's sections itself.
                    let current = try database.queryFirst(
                        "SELECT 1 FROM sections WHERE resource_id = ? AND version = ? LIMIT 1", version.resourceID, version.number) { _ in true }
                    guard current == true else { return false }
                    try Self.replaceSections(database, resourceID: version.resourceID, version: version.number, sections: sections)
                    return true
                }
            }
            if replaced { report.rebuilt += 1 }
        }
        try withDatabase { database in try database.transaction { try SectionsFormat.record(database) } }
        return report
    }
}
