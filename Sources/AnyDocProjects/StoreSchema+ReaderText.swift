extension StoreSchema {
    /// 2 → 3: the sections of each live version cut again from its
    /// Markdown, holding its reader text, then the search indexes made anew
    /// (rewriting the sections with the indexes' triggers in place would
    /// update them row by row).
    ///
    /// The Markdown is put together from the old sections, which hold it
    /// verbatim and in order: only blank lines were left out between them,
    /// and newlines in their place keep every offset where it was.
    static func upgradeToReaderText(_ database: SQLiteDatabase) throws {
        try database.execute(dropSearchSQL)
        let versions = try database.query("""
            SELECT DISTINCT s.resource_id, s.version, v.format FROM sections s
            JOIN versions v ON v.resource_id = s.resource_id AND v.number = s.version
            """) { row in (resourceID: row.string(0), number: row.int(1), format: row.optionalString(2)) }
        for version in versions {
            let parts = try database.query(
                "SELECT start_offset, length, body FROM sections WHERE resource_id = ? AND version = ? ORDER BY ordinal",
                version.resourceID, version.number, row: { row in (start: row.int(0), length: row.int(1), body: row.string(2)) })
            var markdown = ""
            var position = 0
            for part in parts {
                if part.start > position { markdown += String(repeating: "\n", count: part.start - position) }
                markdown += part.body
                position = part.start + part.length
            }
            let sections = SectionSplitter.split(markdown, format: .init(format: version.format))
            try ProjectStore.replaceSections(database, resourceID: version.resourceID, version: version.number, sections: sections)
        }
        try rebuildSearch(database)
    }
}
