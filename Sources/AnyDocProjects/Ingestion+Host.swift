import AnyDocSwift

/// Ingestion for host applications: one file under a logical path of the
/// host's choosing, bytes the host already holds, or Markdown it made.
/// Each creates the project if needed, keeps versions and dedupe as a
/// folder ingest does, and is safe beside other writers and `store gc`.
extension Ingestion {
    /// Ingests the file at `file`, stored under the logical path `path`.
    public func ingest(fileAt file: String, as path: String, project: String) throws(ProjectError) -> IngestSummary.Item {
        let source: IngestSource
        do {
            source = try IngestSource.open(file, maxBytes: converter.options.limits.maxInputBytes)
        } catch {
            throw .conversion(error)
        }
        return try ingest(source, as: path, fileName: file, project: project)
    }

    /// Ingests bytes the host holds, stored under `path`. `fileName`
    /// (by default `path`) only breaks detection ties, as for files.
    public func ingest(bytes: [UInt8], as path: String, fileName: String? = nil, project: String) throws(ProjectError) -> IngestSummary.Item {
        try ingest(.bytes(bytes), as: path, fileName: fileName ?? path, project: project)
    }

    private func ingest(_ source: IngestSource, as path: String, fileName: String, project: String) throws(ProjectError) -> IngestSummary.Item {
        let input = try hostInput(path: path, file: fileName)
        let project = try store.ensureProject(project).name
        do {
            let sourceHash = try source.sha256()
            if let stored = try storedUnchanged(source, sourceHash: sourceHash, input: input, project: project) { return stored }
            let document = try convert(source, sourceHash: sourceHash, path: path, fileName: input.file)
            return try commit(document, source: source, input: input, project: project)
        } catch {
            throw ProjectError.wrap(error)
        }
    }

    /// Stores Markdown the host made from `source` (its own converter, an
    /// edited rendering) as a version of `path`. The Markdown is cut into
    /// search sections as converted Markdown is; `format` says what the
    /// source was, when known.
    public func commit(
        markdown: String, source: [UInt8], as path: String, format: DocumentFormat? = nil, warnings: [String] = [],
        project: String
    ) throws(ProjectError) -> IngestSummary.Item {
        let input = try hostInput(path: path, file: path)
        let project = try store.ensureProject(project).name
        let document = Ingestion.prepare(
            markdown: markdown, warnings: warnings, format: format, units: nil, sourceBytes: source.count,
            sourceHash: SHA256.hex(source), path: path)
        do {
            return try commit(document, source: .bytes(source), input: input, project: project)
        } catch {
            throw ProjectError.wrap(error)
        }
    }

    private func hostInput(path: String, file: String) throws(ProjectError) -> Input {
        try SafeName.check(path, what: "a logical path")
        guard !path.isEmpty else { throw .invalidArgument("the logical path is empty") }
        return Input(file: file, path: path)
    }
}
