import AnyDocSwift

/// `anydoc ingest --records`: stores documents converted elsewhere (the
/// worker protocol's records, from Ray tasks or any engine) through one
/// writer, as an ingest of the same files would: the same logical paths,
/// versions, dedupe and sections.
///
/// The records carry the Markdown; the source bytes, which the store
/// keeps too, are read again from the path and must hash as the record
/// says (a file changed since it was converted is reported, not stored).
public struct RecordIngestion {
    /// The store the records go into.
    public let store: ProjectStore
    /// Reads each source file again, whose bytes must hash as its record says.
    public let converter: AnyDocConverter
    /// The files a plain ingest of the same paths would take, by file.
    private var inputs: [String: Ingestion.Input] = [:]
    private var expected: [String] = []
    /// What has been stored or has failed so far; `finish()` completes it.
    public private(set) var summary: IngestSummary
    private var seen: Set<String> = []
    private let started = MonotonicClock.seconds()

    /// An ingest of `plan`'s files into `project`, which is created if missing.
    public init(store: ProjectStore, converter: AnyDocConverter = AnyDocConverter(), plan: Ingestion.Plan, project: String) throws(ProjectError) {
        self.store = store
        self.converter = converter
        let name = try store.ensureProject(project).name
        summary = IngestSummary(project: name, skipped: plan.skipped, failed: plan.failed)
        for input in plan.inputs {
            inputs[input.file] = input
            expected.append(input.file)
        }
    }

    /// Stores one record; a failed record or one that cannot be stored is
    /// counted as failed.
    public mutating func add(_ record: DocumentRecord) {
        // Only the files a walk of the folders given would take: a record
        // is another process's word, and must not bring in a file from
        // elsewhere (or one the walk skipped, such as a link leaving it).
        guard let input = inputs[record.path] else {
            summary.failed.append(.init(file: record.path, error: .denied("not among the files of the folders given to ingest")))
            return
        }
        guard seen.insert(input.file).inserted else { return }
        switch store(record, as: input) {
        case .success(let item): summary.record(item)
        case .failure(let error): summary.failed.append(.init(file: input.file, error: error))
        }
    }

    /// The summary, with every planned file no record came for as failed.
    public mutating func finish() -> IngestSummary {
        for file in expected where !seen.contains(file) {
            summary.failed.append(.init(file: file, error: .notFound("no record came back for it")))
        }
        seen.formUnion(expected)
        summary.seconds = MonotonicClock.seconds() - started
        return summary
    }

    private func store(_ record: DocumentRecord, as input: Ingestion.Input) -> Result<IngestSummary.Item, ProjectError> {
        if record.status != "ok" {
            return .failure(ProjectError(code: record.error?.code ?? "io", message: record.error?.message ?? "the conversion failed"))
        }
        guard let markdown = record.markdown, let hash = record.sourceSha256 else {
            return .failure(.invalidArgument("the record holds no Markdown (converted with --chunks?)"))
        }
        do {
            let source = try IngestSource.open(input.file, maxBytes: converter.options.limits.maxInputBytes, expected: input.expected)
            guard try source.sha256() == hash else {
                return .failure(.io("the file changed after it was converted"))
            }
            if let latest = try store.latestVersion(in: summary.project, path: input.path), latest.sourceSha256 == hash,
                let stored = latest.markdownSha256, store.objects.isIntact(hash), store.objects.isIntact(stored)
            {
                return .success(.init(path: input.path, file: input.file, outcome: .unchanged, resourceId: latest.resourceId, version: latest.number))
            }
            let units = record.units.map { (count: $0.count, kind: $0.kind) }
            let document = Ingestion.prepare(
                markdown: markdown, warnings: record.warnings, format: record.format.flatMap(DocumentFormat.init(rawValue:)),
                units: units, sourceBytes: source.count, sourceHash: hash, path: input.path)
            let (outcome, version) = try store.commit(source: source, markdown: document.markdown, document.prepared, project: summary.project)
            return .success(.init(path: input.path, file: input.file, outcome: outcome, resourceId: version.resourceId, version: version.number,
                                  warnings: record.warnings.isEmpty ? nil : record.warnings))
        } catch {
            return .failure(ProjectError.wrap(error))
        }
    }
}
