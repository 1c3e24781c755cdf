import AnyDocSwift

/// What `repair` restored, and what only a backup can bring back.
public struct RepairReport: Sendable, Codable, Equatable {
    /// A referenced object that is damaged or missing and that nothing available could rebuild.
    public struct Unrestorable: Sendable, Codable, Equatable {
        /// The object's hash.
        public var hash: String
        /// The versions that need it, as `project:path@vN`.
        public var referencedBy: [String]

        /// An object no file or conversion could restore.
        public init(hash: String, referencedBy: [String]) {
            self.hash = hash
            self.referencedBy = referencedBy
        }

        enum CodingKeys: String, CodingKey { case hash, referencedBy = "referenced_by" }
    }

    /// Hashes of the objects written again, sorted.
    public var restored: [String] = []
    /// Objects still damaged or missing, sorted by hash, with the versions that need them.
    public var unrestorable: [Unrestorable] = []

    /// A report of a repair; empty until one runs.
    public init(restored: [String] = [], unrestorable: [Unrestorable] = []) {
        self.restored = restored
        self.unrestorable = unrestorable
    }

    enum CodingKeys: String, CodingKey { case restored, unrestorable }

    /// The report for a person, with advice when something could not be restored.
    public var text: String {
        if restored.isEmpty && unrestorable.isEmpty { return "Nothing to repair: every referenced object is intact.\n" }
        var text = "Restored \(restored.count) objects; \(unrestorable.count) could not be restored.\n"
        for object in unrestorable {
            text += "  cannot restore \(object.hash) (needed by \(object.referencedBy.joined(separator: ", ")))\n"
        }
        if !unrestorable.isEmpty {
            text += "Point --from at folders holding the original files, or restore the store from a backup.\n"
        }
        return text
    }
}

extension ProjectStore {
    /// Writes again every referenced object that is damaged or missing,
    /// from what can make it: a file under `folders` with the same bytes,
    /// or, for Markdown, its version's intact source converted again when
    /// this converter makes the same bytes. Damaged files that cannot be
    /// restored are left as they are, so `verify` keeps reporting them.
    public func repair(from folders: [String], converter: AnyDocConverter = AnyDocConverter()) throws(ProjectError) -> RepairReport {
        let versions = try versionObjects()
        var needed = Set(versions.flatMap { [$0.source, $0.markdown] }.filter { !objects.isIntact($0) })
        var report = RepairReport()
        guard !needed.isEmpty else { return report }
        try whileWriting { () throws(ProjectError) in
            for input in Ingestion.collect(folders).inputs where !needed.isEmpty {
                let maxBytes = converter.options.limits.maxInputBytes
                guard let source = try? IngestSource.open(input.file, maxBytes: maxBytes), let hash = try? source.sha256(),
                      needed.contains(hash), (try? source.store(in: objects, hash: hash)) != nil
                else { continue }
                needed.remove(hash)
                report.restored.append(hash)
            }
            let ingestion = Ingestion(store: self, converter: converter, jobs: 1)
            for version in versions where needed.contains(version.markdown) && objects.isIntact(version.source) {
                let source = IngestSource.bytes(try objects.get(version.source))
                guard let document = try? ingestion.convert(source, sourceHash: version.source, path: version.path, fileName: version.path),
                      document.prepared.markdownSha256 == version.markdown else { continue }
                try objects.put(document.markdown, hash: version.markdown)
                needed.remove(version.markdown)
                report.restored.append(version.markdown)
            }
        }
        let labels = Dictionary(grouping: versions.flatMap { [($0.source, $0.label), ($0.markdown, $0.label)] }, by: \.0)
        report.restored.sort()
        report.unrestorable = needed.sorted().map { hash in
            .init(hash: hash, referencedBy: Array(Set(labels[hash, default: []].map(\.1))).sorted())
        }
        return report
    }
}
