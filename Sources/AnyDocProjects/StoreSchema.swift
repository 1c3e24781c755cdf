/// The store's tables and search indexes, and the steps that bring a store
/// written by an older anydoc up to date. The version is SQLite's
/// `PRAGMA user_version`.
///
/// 1. The first layout.
/// 2. The word index also indexes two- and three-letter prefixes, so `pho*`
///    reads one list instead of merging every term that starts with it;
///    sections carry the letter pairs of their CJK text (`cjk_bigrams`) in a
///    third index, so a two-character Chinese word is a lookup, not a scan;
///    the trigram index holds only sections with CJK text (`has_cjk`), the
///    only ones a query it answers can match: in a store of Western text it
///    was half the database and a fifth of the ingest time.
/// 3. Sections hold the text a reader sees, not Markdown, so markup is not
///    searched, and a long section is cut into pieces of bounded length, so
///    no search does unbounded work on one row.
/// 4. Versions keep their conversion's warnings (`warnings`, one a line),
///    so a document that gave no text says so to whoever reads it later.
enum StoreSchema {
    static let version = 4

    /// Creates or upgrades the schema. Safe when several processes open a
    /// new store at once: the work happens in one write transaction that
    /// checks the version again once it holds the lock. `beforeCreating`
    /// runs in that transaction, before the tables of a database with none
    /// are made, and may refuse by throwing.
    static func migrate(_ database: SQLiteDatabase, beforeCreating: () throws -> Void = {}) throws {
        let found = try userVersion(database)
        if found > version {
            throw ProjectError.invalidArgument("the store at this location was written by a newer anydoc (schema \(found))")
        }
        if found == version { return }
        try database.transaction {
            let current = try userVersion(database)
            guard current < version else { return }
            if current == 0 {
                if try database.queryFirst("SELECT count(*) FROM sqlite_master", row: { $0.int(0) }) == 0 { try beforeCreating() }
                try database.execute(tablesSQL + searchSQL)
            } else {
                if current < 2 { try addCJKColumns(database) }
                if current < 3 { try upgradeToReaderText(database) }
                if current < 4 { try addWarningsColumn(database) }
            }
            try database.execute("PRAGMA user_version = \(version)")
        }
    }

    /// 3 → 4: the versions' warnings column, unless a store marked older
    /// already has it.
    private static func addWarningsColumn(_ database: SQLiteDatabase) throws {
        let columns = try database.query("PRAGMA table_info(versions)") { $0.string(1) }
        if !columns.contains("warnings") { try database.execute("ALTER TABLE versions ADD COLUMN warnings TEXT") }
    }

    private static func userVersion(_ database: SQLiteDatabase) throws -> Int {
        try database.queryFirst("PRAGMA user_version") { $0.int(0) } ?? 0
    }

    /// 1 → 2: the columns for CJK text; the step to 3 fills them.
    private static func addCJKColumns(_ database: SQLiteDatabase) throws {
        try database.execute("""
            ALTER TABLE sections ADD COLUMN has_cjk INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE sections ADD COLUMN cjk_bigrams TEXT NOT NULL DEFAULT '';
            """)
    }

    /// Drops the search indexes and their triggers, so that sections can
    /// be rewritten without updating the indexes row by row.
    static let dropSearchSQL = """
        DROP TRIGGER sections_indexed;
        DROP TRIGGER sections_unindexed;
        DROP TABLE search_words;
        DROP TABLE search_trigrams;
        """

    /// Makes the search indexes and fills them from `sections`.
    static func rebuildSearch(_ database: SQLiteDatabase) throws {
        try database.execute(searchSQL)
        try database.execute("""
            INSERT INTO search_words (search_words) VALUES ('rebuild');
            INSERT INTO search_bigrams (search_bigrams) VALUES ('rebuild');
            INSERT INTO search_trigrams (rowid, heading, body) SELECT id, heading, body FROM sections WHERE has_cjk;
            """)
    }

    private static let tablesSQL = """
        CREATE TABLE IF NOT EXISTS projects (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            name_key TEXT NOT NULL UNIQUE,
            created_at TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS resources (
            id TEXT PRIMARY KEY,
            project_id INTEGER NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
            path TEXT NOT NULL,
            latest_version INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            UNIQUE (project_id, path)
        );
        CREATE TABLE IF NOT EXISTS versions (
            resource_id TEXT NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            deleted INTEGER NOT NULL DEFAULT 0,
            source_sha256 TEXT,
            markdown_sha256 TEXT,
            format TEXT,
            converter_version TEXT NOT NULL,
            source_bytes INTEGER NOT NULL DEFAULT 0,
            markdown_bytes INTEGER NOT NULL DEFAULT 0,
            markdown_chars INTEGER NOT NULL DEFAULT 0,
            unit_count INTEGER,
            unit_kind TEXT,
            created_at TEXT NOT NULL,
            warnings TEXT,
            PRIMARY KEY (resource_id, number)
        ) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS versions_by_source ON versions (source_sha256);
        CREATE INDEX IF NOT EXISTS versions_by_markdown ON versions (markdown_sha256);
        CREATE TABLE IF NOT EXISTS sections (
            id INTEGER PRIMARY KEY,
            resource_id TEXT NOT NULL REFERENCES resources (id) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            ordinal INTEGER NOT NULL,
            heading TEXT NOT NULL,
            location_kind TEXT,
            location_number INTEGER,
            location_name TEXT,
            start_offset INTEGER NOT NULL,
            length INTEGER NOT NULL,
            body TEXT NOT NULL,
            has_cjk INTEGER NOT NULL DEFAULT 0,
            cjk_bigrams TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX IF NOT EXISTS sections_by_resource ON sections (resource_id);

        """

    /// The three indexes over `sections`, kept in step by triggers. The
    /// pair index keeps diacritics: they are part of kana (が is not か).
    /// The trigram index holds only some sections, so it stores no content
    /// of its own and reads none from `sections` (a rebuild from there would
    /// add every section): its snippets are cut from the section's body.
    private static let searchSQL = """
        CREATE VIRTUAL TABLE IF NOT EXISTS search_words USING fts5 (
            heading, body, content = 'sections', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
        CREATE VIRTUAL TABLE IF NOT EXISTS search_trigrams USING fts5 (heading, body, content = '', tokenize = 'trigram');
        CREATE VIRTUAL TABLE IF NOT EXISTS search_bigrams USING fts5 (
            cjk_bigrams, content = 'sections', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0');
        CREATE TRIGGER IF NOT EXISTS sections_indexed AFTER INSERT ON sections BEGIN
            INSERT INTO search_words (rowid, heading, body) VALUES (new.id, new.heading, new.body);
            INSERT INTO search_trigrams (rowid, heading, body) SELECT new.id, new.heading, new.body WHERE new.has_cjk;
            INSERT INTO search_bigrams (rowid, cjk_bigrams) VALUES (new.id, new.cjk_bigrams);
        END;
        CREATE TRIGGER IF NOT EXISTS sections_unindexed AFTER DELETE ON sections BEGIN
            INSERT INTO search_words (search_words, rowid, heading, body) VALUES ('delete', old.id, old.heading, old.body);
            INSERT INTO search_trigrams (search_trigrams, rowid, heading, body)
                SELECT 'delete', old.id, old.heading, old.body WHERE old.has_cjk;
            INSERT INTO search_bigrams (search_bigrams, rowid, cjk_bigrams) VALUES ('delete', old.id, old.cjk_bigrams);
        END;
        """
}
