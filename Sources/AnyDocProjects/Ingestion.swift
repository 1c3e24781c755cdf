import AnyDocSwift
import Dispatch
import Glibc
import Synchronization

/// What an ingest did, file by file and in total.
public struct IngestSummary: Sendable, Codable, Equatable {
    /// A file stored, or found already stored.
    public struct Item: Sendable, Codable, Equatable {
        /// The logical path the resource is stored under.
        public var path: String
        /// The file that was read, as the walk of the given paths named it.
        public var file: String
        /// Whether the file added a resource, a new version, nothing new, or repaired stored objects.
        public var outcome: ProjectStore.CommitOutcome
        /// The id of the resource the file is stored as.
        public var resourceId: String
        /// The number of the resource's version holding these bytes, new or already stored.
        public var version: Int
        /// What the conversion lost without failing, such as a document
        /// with content that gave no text.
        public var warnings: [String]?

        /// An item as `Ingestion` records it; `warnings` is nil when the conversion lost nothing.
        public init(path: String, file: String, outcome: ProjectStore.CommitOutcome, resourceId: String, version: Int, warnings: [String]? = nil) {
            self.path = path
            self.file = file
            self.outcome = outcome
            self.resourceId = resourceId
            self.version = version
            self.warnings = warnings
        }

        enum CodingKeys: String, CodingKey { case path, file, outcome, resourceId = "resource_id", version, warnings }
    }

    /// A file left out on purpose (hidden, no known extension, a link
    /// leaving the folder, not a regular file).
    public struct Skipped: Sendable, Codable, Equatable {
        /// The file or folder left out, as the walk named it.
        public var file: String
        /// Why it was left out, for a person to read.
        public var reason: String

        /// A skip of `file` for `reason`.
        public init(file: String, reason: String) {
            self.file = file
            self.reason = reason
        }

        enum CodingKeys: String, CodingKey { case file, reason }
    }

    /// A file that could not be ingested, and why. In JSON the error is
    /// its `code` and `reason`.
    public struct Failure: Sendable, Codable, Equatable {
        /// The file or given path that failed.
        public var file: String
        /// Why it failed; a conversion's failure is a `ProjectError.conversion`.
        public var error: ProjectError

        /// A failure of `file` with `error`.
        public init(file: String, error: ProjectError) {
            self.file = file
            self.error = error
        }

        /// The error's stable code, such as `malformed` or `denied`.
        public var code: String { error.code }
        /// The error's message, for a person to read.
        public var reason: String { error.message }

        enum CodingKeys: String, CodingKey { case file, code, reason }

        public init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            file = try container.decode(String.self, forKey: .file)
            error = ProjectError(code: try container.decode(String.self, forKey: .code), message: try container.decode(String.self, forKey: .reason))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(code, forKey: .code)
            try container.encode(reason, forKey: .reason)
        }
    }

    /// The project's name as stored, which may differ in case or spacing from the one asked for.
    public var project: String
    /// Files stored as new resources.
    public var added = 0
    /// Files stored as a new version of an existing resource.
    public var updated = 0
    /// Files whose bytes were already the latest version at their path: nothing was stored.
    public var unchanged = 0
    /// Unchanged documents whose stored objects were damaged or missing
    /// and were written again from the file.
    public var repaired = 0
    /// Every file stored or found stored, in input order; `record(_:)` keeps the counts in step.
    public var items: [Item] = []
    /// What the walk left out on purpose.
    public var skipped: [Skipped] = []
    /// Files that could not be read, converted or stored; the others still went in.
    public var failed: [Failure] = []
    /// Wall-clock time the ingest took.
    public var seconds = 0.0

    /// A summary of `items` (counted by outcome), `skipped` and `failed`.
    public init(project: String, items: [Item] = [], skipped: [Skipped] = [], failed: [Failure] = [], seconds: Double = 0) {
        self.project = project
        self.skipped = skipped
        self.failed = failed
        self.seconds = seconds
        for item in items { record(item) }
    }

    enum CodingKeys: String, CodingKey { case project, added, updated, unchanged, repaired, items, skipped, failed, seconds }

    /// Adds an ingested file to the items and its outcome to the counts.
    public mutating func record(_ item: Item) {
        items.append(item)
        switch item.outcome {
        case .added: added += 1
        case .updated: updated += 1
        case .unchanged: unchanged += 1
        case .repaired: repaired += 1
        }
    }

    /// The human summary: counts, then one line per skip and failure.
    public var text: String {
        var text = "Ingested into '\(PrintableText.escaped(project))': \(added) added, \(updated) updated, \(unchanged) unchanged, "
            + (repaired > 0 ? "\(repaired) repaired, " : "")
            + "\(skipped.count) skipped, \(failed.count) failed (\(Self.format(seconds)) s).\n"
        for item in items {
            for warning in item.warnings ?? [] { text += "  warning \(PrintableText.escaped(item.file)): \(PrintableText.escaped(warning))\n" }
        }
        for skip in skipped { text += "  skipped \(PrintableText.escaped(skip.file)): \(PrintableText.escaped(skip.reason))\n" }
        for failure in failed {
            text += "  failed \(PrintableText.escaped(failure.file)): \(failure.code): \(PrintableText.escaped(failure.reason))\n"
        }
        return text
    }

    private static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = String(hundredths % 100)
        return "\(hundredths / 100)." + (fraction.count < 2 ? "0" + fraction : fraction)
    }
}

/// Adds documents to a project: walks folders, converts in parallel with a
/// bounded number of workers (outside any database lock), and commits each
/// document in its own short transaction once its objects are stored.
public struct Ingestion: Sendable {
    /// The store documents are committed to.
    public let store: ProjectStore
    /// Converts each document; its options apply to every file.
    public let converter: AnyDocConverter
    /// Documents converted at once: the `jobs` given, or one per online core when that was 0.
    public let jobs: Int

    /// An ingestion into `store`; `jobs` 0 (the default) means one worker per online core.
    public init(store: ProjectStore, converter: AnyDocConverter = AnyDocConverter(), jobs: Int = 0) {
        self.store = store
        self.converter = converter
        self.jobs = jobs > 0 ? jobs : UsableProcessors.count
    }

    /// A file to ingest and the logical path it is stored under.
    public struct Input: Sendable, Equatable {
        /// The file to read.
        public var file: String
        /// The logical path it is stored under: the resource's name inside the project.
        public var path: String
        /// The file the walk found there: another one put in its place
        /// before it is read (a link out of the folder, say) is refused.
        var expected: FileIdentity?

        /// An input reading `file` and storing it under `path`.
        public init(file: String, path: String) {
            self.file = file
            self.path = path
        }
    }

    /// The files under `paths`: a named file is stored under its name, a
    /// named folder's files under their path inside it. Hidden entries,
    /// files with extensions no format uses, links that leave the folder
    /// and anything but regular files are skipped and reported.
    public static func collect(_ paths: [String]) -> (inputs: [Input], skipped: [IngestSummary.Skipped], failed: [IngestSummary.Failure]) {
        let tree = SourceTree(paths)
        return (tree.inputs, tree.skipped, tree.failed)
    }

    /// The files an ingest of `paths` will take, and what it leaves out.
    public struct Plan: Sendable {
        /// The files to ingest, each with a logical path no other input has.
        public var inputs: [Input]
        /// What the walk left out on purpose.
        public var skipped: [IngestSummary.Skipped]
        /// Paths that cannot be read, and inputs whose logical path an earlier input took.
        public var failed: [IngestSummary.Failure]
    }

    /// The files `run` would take for `paths`, as `collect(_:)` finds them, one input per logical path.
    public static func plan(_ paths: [String]) -> Plan {
        var (inputs, skipped, failed) = collect(paths)
        // Two inputs with one logical path would race for one resource.
        var seen: [String: String] = [:]
        inputs = inputs.filter { input in
            if let first = seen[input.path] {
                failed.append(.init(file: input.file, error: .invalidArgument("same logical path '\(input.path)' as \(first)")))
                return false
            }
            seen[input.path] = input.file
            return true
        }
        return Plan(inputs: inputs, skipped: skipped, failed: failed)
    }

    /// Ingests `paths` into `project` (created if missing). `progress` is
    /// called from worker threads after each file with its logical path.
    public func run(_ paths: [String], project: String, progress: (@Sendable (String) -> Void)? = nil) throws(ProjectError) -> IngestSummary {
        try run(Self.plan(paths), project: project, progress: progress)
    }

    /// Ingests the inputs of `plan` into `project` (created if missing), keeping its skips and failures.
    /// Throws only when the project cannot be created; a file's failure goes into `failed`.
    public func run(_ plan: Plan, project: String, progress: (@Sendable (String) -> Void)? = nil) throws(ProjectError) -> IngestSummary {
        let start = MonotonicClock.seconds()
        let project = try store.ensureProject(project).name
        let outcomes = run(plan.inputs, project: project, progress: progress)
        var summary = IngestSummary(project: project, skipped: plan.skipped, failed: plan.failed)
        for (input, outcome) in zip(plan.inputs, outcomes) {
            switch outcome {
            case .success(let item): summary.record(item)
            case .failure(let error): summary.failed.append(.init(file: input.file, error: error))
            }
        }
        summary.seconds = MonotonicClock.seconds() - start
        return summary
    }

    /// Ingests already collected inputs; one result per input, in order.
    public func run(_ inputs: [Input], project: String, progress: (@Sendable (String) -> Void)? = nil) -> [Result<IngestSummary.Item, ProjectError>] {
        let results = Mutex([Result<IngestSummary.Item, ProjectError>?](repeating: nil, count: inputs.count))
        let next = Atomic(0)
        let workers = max(1, min(jobs, inputs.count))
        let sharing = Ingestion(
            store: store, converter: AnyDocConverter(options: converter.options.sharingCores(among: workers)), jobs: jobs)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < inputs.count else { return }
                let result = sharing.ingest(inputs[index], project: project)
                results.withLock { $0[index] = result }
                progress?(inputs[index].path)
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// One document: read, hash, skip if unchanged (repairing its stored
    /// objects if they are damaged), convert, store objects and commit.
    public func ingest(_ input: Input, project: String) -> Result<IngestSummary.Item, ProjectError> {
        do {
            let source = try IngestSource.open(input.file, maxBytes: converter.options.limits.maxInputBytes, expected: input.expected)
            let sourceHash = try source.sha256()
            if let stored = try storedUnchanged(source, sourceHash: sourceHash, input: input, project: project) { return .success(stored) }
            let document = try convert(source, sourceHash: sourceHash, path: input.path, fileName: input.file)
            return .success(try commit(document, source: source, input: input, project: project))
        } catch {
            return .failure(ProjectError.wrap(error))
        }
    }

    /// The item for bytes already stored under the input's path, repairing
    /// their objects if damaged; nil when the bytes are new there. The
    /// commit checks again inside its transaction in case another ingest
    /// got there first.
    func storedUnchanged(_ source: IngestSource, sourceHash: String, input: Input, project: String) throws -> IngestSummary.Item? {
        guard let latest = try store.latestVersion(in: project, path: input.path), latest.sourceSha256 == sourceHash else { return nil }
        if let markdown = latest.markdownSha256, store.objects.isIntact(sourceHash), store.objects.isIntact(markdown) {
            return .init(path: input.path, file: input.file, outcome: .unchanged, resourceId: latest.resourceId, version: latest.number)
        }
        return try repair(latest, source: source, input: input, project: project)
    }

    /// Stores a converted document's objects and commits its version.
    func commit(_ document: ConvertedDocument, source: IngestSource, input: Input, project: String) throws -> IngestSummary.Item {
        let (outcome, version) = try store.commit(source: source, markdown: document.markdown, document.prepared, project: project)
        return .init(path: input.path, file: input.file, outcome: outcome, resourceId: version.resourceId, version: version.number,
                     warnings: document.warnings.isEmpty ? nil : document.warnings)
    }

    /// Writes again the objects of an unchanged document whose stored copy
    /// is damaged or missing. When today's converter no longer makes the
    /// same Markdown, the document gets a new version with the Markdown it
    /// makes now.
    private func repair(_ latest: ResourceVersion, source: IngestSource, input: Input, project: String) throws -> IngestSummary.Item {
        let document = try convert(source, sourceHash: latest.sourceSha256!, path: input.path, fileName: input.file)
        if document.prepared.markdownSha256 == latest.markdownSha256 {
            try store.whileWriting { () throws(ProjectError) in
                try source.store(in: store.objects, hash: document.prepared.sourceSha256)
                try store.objects.put(document.markdown, hash: document.prepared.markdownSha256)
            }
            return .init(path: input.path, file: input.file, outcome: .repaired, resourceId: latest.resourceId, version: latest.number)
        }
        let (_, version) = try store.commit(source: source, markdown: document.markdown, document.prepared, project: project, evenIfUnchanged: true)
        return .init(path: input.path, file: input.file, outcome: .updated, resourceId: version.resourceId, version: version.number)
    }

    /// A document converted and cut into sections, ready to commit.
    struct ConvertedDocument {
        var markdown: [UInt8]
        var prepared: ProjectStore.PreparedVersion
        var warnings: [String]
        var metadata = Metadata()
    }

    /// Converts a source to the Markdown, sections and counts a version records.
    func convert(_ source: IngestSource, sourceHash: String, path: String, fileName: String) throws -> ConvertedDocument {
        let rendering = Rendering(limits: converter.options.limits)
        let format = try source.convert(converter, fileName: fileName, into: rendering.counter)
        return try rendering.finish(format: format, sourceBytes: source.count, sourceHash: sourceHash, path: path)
    }

    /// `convert`, stopping with `cancelled` when the task is cancelled.
    func convert(_ source: IngestSource, sourceHash: String, path: String, fileName: String) async throws -> ConvertedDocument {
        let rendering = Rendering(limits: converter.options.limits)
        let format = try await source.convert(converter, fileName: fileName, into: rendering.counter)
        return try rendering.finish(format: format, sourceBytes: source.count, sourceHash: sourceHash, path: path)
    }

    /// The conversion an ingest makes, for any caller that converts as an
    /// ingest would (the worker protocol's records), keeping the
    /// document's properties as well.
    static func convert(
        _ bytes: [UInt8], converter: AnyDocConverter, sourceHash: String, path: String, fileName: String
    ) throws(ConversionError) -> ConvertedDocument {
        let rendering = Rendering(limits: converter.options.limits, keepsMetadata: true)
        let format = try converter.convert(bytes, fileName: fileName, into: rendering.counter)
        return try rendering.finish(format: format, sourceBytes: bytes.count, sourceHash: sourceHash, path: path)
    }

    /// The Markdown, sections and counts of a version whose Markdown is
    /// already made.
    static func prepare(
        markdown: String, warnings: [String], format: DocumentFormat?, units: (count: Int, kind: String)?,
        sourceBytes: Int, sourceHash: String, path: String, metadata: Metadata = Metadata()
    ) -> ConvertedDocument {
        let markdownBytes = Array(markdown.utf8)
        let prepared = ProjectStore.PreparedVersion(
            path: path, sourceSha256: sourceHash, sourceBytes: sourceBytes, markdownSha256: SHA256.hex(markdownBytes),
            markdownBytes: markdownBytes.count, markdownChars: TextSlice.scalarCount(markdownBytes),
            format: format?.rawValue, unitCount: units?.count, unitKind: units?.kind,
            sections: SectionSplitter.split(markdown, format: .init(format: format?.rawValue)), warnings: warnings)
        return ConvertedDocument(markdown: markdownBytes, prepared: prepared, warnings: warnings, metadata: metadata)
    }
}

/// One conversion's Markdown writer and the counter in front of it.
struct Rendering {
    let output = StringOutput()
    let writer: MarkdownWriter
    let counter: CountingSink

    /// `keepsMetadata`: read the document's properties even though the
    /// Markdown (without front matter) does not show them.
    init(limits: Limits, keepsMetadata: Bool = false) {
        writer = MarkdownWriter(output: output, options: .default, limits: limits)
        counter = CountingSink(writer, keepsMetadata: keepsMetadata)
    }

    func finish(format: DocumentFormat, sourceBytes: Int, sourceHash: String, path: String) throws(ConversionError) -> Ingestion.ConvertedDocument {
        try writer.finish()
        return Ingestion.prepare(
            markdown: output.text, warnings: writer.warnings, format: format, units: counter.units(family: format.family),
            sourceBytes: sourceBytes, sourceHash: sourceHash, path: path, metadata: counter.metadata)
    }
}

/// Passes a conversion through to the Markdown writer while counting the
/// pages, slides and sheets it announces; `ForwardingSink` passes on
/// everything else.
final class CountingSink: ForwardingSink {
    let target: DocumentSink
    private(set) var pages = 0
    private(set) var slides = 0
    private(set) var sheets = 0
    private(set) var metadata = Metadata()

    private let keepsMetadata: Bool

    init(_ target: DocumentSink, keepsMetadata: Bool = false) {
        self.target = target
        self.keepsMetadata = keepsMetadata
    }

    /// The count to record: boundaries seen, else the metadata's page count
    /// named by the format's family.
    func units(family: DocumentFormat.Family?) -> (count: Int, kind: String)? {
        if slides > 0 { return (slides, "slide") }
        if sheets > 0 { return (sheets, "sheet") }
        if pages > 0 { return (pages, "page") }
        guard let count = metadata.pageCount else { return nil }
        return (count, family?.unitName ?? "page")
    }

    func setMetadata(_ metadata: Metadata) {
        self.metadata = metadata
        target.setMetadata(metadata)
    }

    func append(_ block: Block) throws(ConversionError) {
        if case .boundary(let provenance) = block {
            switch provenance {
            case .page: pages += 1
            case .slide: slides += 1
            case .sheet: sheets += 1
            }
        }
        try target.append(block)
    }

    var needsMetadata: Bool { keepsMetadata || target.needsMetadata }
}
