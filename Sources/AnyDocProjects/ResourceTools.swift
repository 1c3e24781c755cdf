import AnyDocSwift
import FoundationEssentials
import Glibc

// Inputs and outputs of the resource tools. Properties are camelCase in
// Swift and snake_case in JSON (`max_chars`, `next_offset`): every type
// names its keys, so Foundation's default `JSONEncoder` and `JSONDecoder`
// read and write the same JSON the tools' schemas describe.

/// The arguments of `resource_list`.
public struct ResourceListInput: Sendable, Codable, Equatable {
    /// The project to list; `ResourceTools.defaultProject` when absent or empty.
    public var project: String?
    /// The `next_cursor` of the previous page; absent for the first.
    public var cursor: String?
    /// Resources per page; the default when absent, cut to the cap (with a note) when over it.
    public var limit: Int?

    /// Arguments for the first page (no `cursor`) or a following one.
    public init(project: String? = nil, cursor: String? = nil, limit: Int? = nil) {
        self.project = project
        self.cursor = cursor
        self.limit = limit
    }

    enum CodingKeys: String, CodingKey { case project, cursor, limit }
}

/// A page of a project's resources.
public struct ResourceListOutput: Sendable, Codable, Equatable {
    /// The project's name as stored.
    public var project: String
    /// The page's live resources, ordered by logical path.
    public var resources: [Resource]
    /// Pass as `cursor` for the next page; null on the last page.
    public var nextCursor: String?
    /// Says when a requested limit was over the cap and the cap was used.
    public var note: String?

    /// A page of `project`'s resources; `nextCursor` nil on the last page.
    public init(project: String, resources: [Resource], nextCursor: String?, note: String? = nil) {
        self.project = project
        self.resources = resources
        self.nextCursor = nextCursor
        self.note = note
    }

    enum CodingKeys: String, CodingKey { case project, resources, nextCursor = "next_cursor", note }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(project, forKey: .project)
        try container.encode(resources, forKey: .resources)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

/// The arguments of `resource_read`.
public struct ResourceReadInput: Sendable, Codable, Equatable {
    /// The project to read from; `ResourceTools.defaultProject` when absent or empty.
    public var project: String?
    /// A resource id or logical path, optionally with `@v3` or `@<hash>`.
    public var resource: String
    /// `3`, `"v3"` or a hash prefix (7+ digits); the latest when absent.
    public var version: String?
    /// Where the slice starts, in Unicode scalars; 0 when absent.
    public var offset: Int?
    /// Slice length in Unicode scalars; the default when absent, cut to the cap (with a note) when over it.
    public var maxChars: Int?

    /// Arguments reading `resource` from `offset`; the latest version unless `version` is given.
    public init(project: String? = nil, resource: String, version: String? = nil, offset: Int? = nil, maxChars: Int? = nil) {
        self.project = project
        self.resource = resource
        self.version = version
        self.offset = offset
        self.maxChars = maxChars
    }

    enum CodingKeys: String, CodingKey { case project, resource, version, offset, maxChars = "max_chars" }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        project = try container.decodeIfPresent(String.self, forKey: .project)
        resource = try container.decode(String.self, forKey: .resource)
        // Agents send version numbers as numbers as often as as strings.
        if let number = try? container.decodeIfPresent(Int.self, forKey: .version) {
            version = String(number)
        } else {
            version = try container.decodeIfPresent(String.self, forKey: .version)
        }
        offset = try container.decodeIfPresent(Int.self, forKey: .offset)
        maxChars = try container.decodeIfPresent(Int.self, forKey: .maxChars)
    }
}

/// A bounded slice of a version's Markdown.
public struct ResourceReadOutput: Sendable, Codable, Equatable {
    /// The id of the resource read.
    public var resourceId: String
    /// The resource's logical path.
    public var path: String
    /// The number of the version read: pass it back to keep reading the same one.
    public var version: Int
    /// SHA-256 of the whole Markdown the offsets index into.
    public var markdownSha256: String
    /// SHA-256 of the version's source bytes as ingested.
    public var sourceSha256: String
    /// The format the source was read as.
    public var format: DocumentFormat?
    /// The slice: from `offset`, at most the requested scalars, ending on a whole line when it can.
    public var text: String
    /// Where `text` starts, in Unicode scalars from the start of the Markdown.
    public var offset: Int
    /// Pass as `offset` to continue; null when this slice reaches the end.
    public var nextOffset: Int?
    /// The whole Markdown's length in Unicode scalars.
    public var totalChars: Int
    /// Says when `max_chars` was over the cap and the cap was used.
    public var note: String?
    /// What the conversion lost without failing, such as a document with
    /// content that gave no text: an empty text is then not the document.
    public var warnings: [String]?

    /// A slice of a stored version, as `ResourceTools.resourceRead(_:)` builds it.
    public init(
        resourceId: String, path: String, version: Int, markdownSha256: String, sourceSha256: String, format: DocumentFormat?,
        text: String, offset: Int, nextOffset: Int?, totalChars: Int, note: String? = nil, warnings: [String]? = nil
    ) {
        self.resourceId = resourceId
        self.path = path
        self.version = version
        self.markdownSha256 = markdownSha256
        self.sourceSha256 = sourceSha256
        self.format = format
        self.text = text
        self.offset = offset
        self.nextOffset = nextOffset
        self.totalChars = totalChars
        self.note = note
        self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey {
        case resourceId = "resource_id", path, version, markdownSha256 = "markdown_sha256", sourceSha256 = "source_sha256",
             format, text, offset, nextOffset = "next_offset", totalChars = "total_chars", note, warnings
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(resourceId, forKey: .resourceId)
        try container.encode(path, forKey: .path)
        try container.encode(version, forKey: .version)
        try container.encode(markdownSha256, forKey: .markdownSha256)
        try container.encode(sourceSha256, forKey: .sourceSha256)
        try container.encode(format, forKey: .format)
        try container.encode(text, forKey: .text)
        try container.encode(offset, forKey: .offset)
        try container.encode(nextOffset, forKey: .nextOffset)
        try container.encode(totalChars, forKey: .totalChars)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(warnings, forKey: .warnings)
    }
}

/// The arguments of `resource_search`.
public struct ResourceSearchInput: Sendable, Codable, Equatable {
    /// The project to search; `ResourceTools.defaultProject` when absent or empty.
    public var project: String?
    /// The search terms: every word must match; "quoted phrases", `prefix*` and `OR` work.
    public var query: String
    /// Most hits to return; the default when absent, cut to the cap (with a note) when over it.
    public var limit: Int?
    /// Search only this resource (id or path).
    public var resource: String?

    /// Arguments searching for `query`, in one resource when `resource` is given.
    public init(project: String? = nil, query: String, limit: Int? = nil, resource: String? = nil) {
        self.project = project
        self.query = query
        self.limit = limit
        self.resource = resource
    }

    enum CodingKeys: String, CodingKey { case project, query, limit, resource }
}

/// The hits of a search, best first.
public struct ResourceSearchOutput: Sendable, Codable, Equatable {
    /// The project's name as stored.
    public var project: String
    /// The query as it was given.
    public var query: String
    /// At most the limit of hits, best first, each with the offset to read it from.
    public var hits: [SearchHit]
    /// Says when `limit` was over the cap and the cap was used.
    public var note: String?
    /// The resources of `hits`, best first, each with its hit count and
    /// how many more of its sections matched.
    public var resources: [SearchResourceSummary]

    /// The hits of `query` in `project`, grouped under their resources.
    public init(project: String, query: String, hits: [SearchHit], note: String? = nil, resources: [SearchResourceSummary] = []) {
        self.project = project
        self.query = query
        self.hits = hits
        self.note = note
        self.resources = resources
    }

    enum CodingKeys: String, CodingKey { case project, query, hits, note, resources }
}

/// The arguments of `convert`.
public struct ConvertInput: Sendable, Codable, Equatable {
    /// The file to convert; it must be a regular file inside a granted folder.
    public var path: String
    /// Where the slice starts, in Unicode scalars; 0 when absent.
    public var offset: Int?
    /// Slice length in Unicode scalars; the default when absent, cut to the cap (with a note) when over it.
    public var maxChars: Int?

    /// Arguments converting `path` and returning the slice from `offset`.
    public init(path: String, offset: Int? = nil, maxChars: Int? = nil) {
        self.path = path
        self.offset = offset
        self.maxChars = maxChars
    }

    enum CodingKeys: String, CodingKey { case path, offset, maxChars = "max_chars" }
}

/// A bounded slice of a converted file's Markdown.
public struct ConvertOutput: Sendable, Codable, Equatable {
    /// The path as the input gave it.
    public var path: String
    /// The format the file's content was detected as.
    public var format: DocumentFormat?
    /// SHA-256 of the whole Markdown: equal across calls means the slices fit together.
    public var markdownSha256: String
    /// The slice: from `offset`, at most the requested scalars, ending on a whole line when it can.
    public var text: String
    /// Where `text` starts, in Unicode scalars from the start of the Markdown.
    public var offset: Int
    /// Pass as `offset` to continue; null when this slice reaches the end.
    public var nextOffset: Int?
    /// The whole Markdown's length in Unicode scalars.
    public var totalChars: Int
    /// Says when `max_chars` was over the cap and the cap was used.
    public var note: String?

    /// A slice of a converted file, as `ResourceTools.convert(_:)` builds it.
    public init(
        path: String, format: DocumentFormat?, markdownSha256: String, text: String, offset: Int, nextOffset: Int?,
        totalChars: Int, note: String? = nil
    ) {
        self.path = path
        self.format = format
        self.markdownSha256 = markdownSha256
        self.text = text
        self.offset = offset
        self.nextOffset = nextOffset
        self.totalChars = totalChars
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case path, format, markdownSha256 = "markdown_sha256", text, offset, nextOffset = "next_offset",
             totalChars = "total_chars", note
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(format, forKey: .format)
        try container.encode(markdownSha256, forKey: .markdownSha256)
        try container.encode(text, forKey: .text)
        try container.encode(offset, forKey: .offset)
        try container.encode(nextOffset, forKey: .nextOffset)
        try container.encode(totalChars, forKey: .totalChars)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

/// The projects of a store.
public struct ProjectListOutput: Sendable, Codable, Equatable {
    /// Every project in the store, ordered by normalised name, with its live resource count.
    public var projects: [Project]

    /// The listing of `projects`.
    public init(projects: [Project]) { self.projects = projects }

    enum CodingKeys: String, CodingKey { case projects }
}

/// A tool's description for agents: what it does, the JSON schema of its
/// input, and whether it only reads.
public struct ToolManifest: Sendable, Codable, Equatable {
    /// The name agents call the tool by, such as `resource_read`.
    public var name: String
    public var description: String
    /// The JSON Schema the arguments must match; a call that does not is refused before it runs.
    public var inputSchema: JSONValue
    /// True when the tool changes nothing: neither the store nor any file.
    public var readOnly: Bool

    /// A tool's description for agents.
    public init(name: String, description: String, inputSchema: JSONValue, readOnly: Bool) {
        self.name = name
        self.description = description
        self.inputSchema = inputSchema
        self.readOnly = readOnly
    }

    enum CodingKeys: String, CodingKey { case name, description, inputSchema = "input_schema", readOnly = "read_only" }
}

/// The resource tools: bounded, read-only views of a store for agents.
/// Every output fits a tool response: lists and searches are paged or
/// capped, reads are slices with an offset to continue from.
public struct ResourceTools: Sendable {
    /// The store every tool but `convert` reads.
    public let store: ProjectStore
    /// Used when an input names no project.
    public var defaultProject: String?
    /// Converts files for `convert`; its limits bound the size and time of one call.
    public var converter: AnyDocConverter
    /// Where `convert` may read; with none granted it is not offered.
    public var grantedFolders: GrantedFolders
    /// The conversion a `convert` call is running, for `interrupt()`.
    private let running = RunningConversion()

    /// Resources per `resource_list` page when the input gives no limit.
    public static let defaultListLimit = 50
    /// The most resources one page holds; a larger limit is cut to this, with a note.
    public static let maxListLimit = 200
    /// Hits `resource_search` returns when the input gives no limit.
    public static let defaultSearchLimit = 10
    /// The most hits one search returns; a larger limit is cut to this, with a note.
    public static let maxSearchLimit = 50

    /// Tools over `store`; `convert` is offered only when `grantedFolders` is not empty.
    public init(store: ProjectStore, defaultProject: String? = nil, converter: AnyDocConverter = AnyDocConverter(),
                grantedFolders: GrantedFolders = .none) {
        self.store = store
        self.defaultProject = defaultProject
        self.converter = converter
        self.grantedFolders = grantedFolders
    }

    /// The tools this instance serves: `convert` only when folders were granted.
    public var offeredTools: [ToolManifest] {
        Self.manifest.filter { $0.name != "convert" || !grantedFolders.isEmpty }
    }

    private func projectName(_ given: String?) throws(ProjectError) -> String {
        if let given, !given.isEmpty {
            try SafeName.check(given, what: "a project name")
            return given
        }
        if let defaultProject { return defaultProject }
        throw .invalidArgument("name a project (the 'project' argument); project_list shows them")
    }

    /// A limit within its cap, and a note saying so when the request was over it.
    private static func bounded(_ value: Int?, default defaultValue: Int, cap: Int, name: String) throws(ProjectError) -> (Int, note: String?) {
        guard let value else { return (defaultValue, nil) }
        guard value >= 1 else { throw .invalidArgument("\(name) must be at least 1") }
        guard value > cap else { return (value, nil) }
        return (cap, "\(name) \(value) is over the cap of \(cap); \(cap) was used")
    }

    /// `project_list`: every project with its count of live resources.
    public func projectList() throws(ProjectError) -> ProjectListOutput {
        ProjectListOutput(projects: try store.projects())
    }

    /// `resource_list`: a page of a project's live resources; throws `notFound` for an unknown project.
    public func resourceList(_ input: ResourceListInput) throws(ProjectError) -> ResourceListOutput {
        let project = try store.project(named: projectName(input.project)).name
        let (limit, note) = try Self.bounded(input.limit, default: Self.defaultListLimit, cap: Self.maxListLimit, name: "limit")
        let after = try input.cursor.map { (cursor) throws(ProjectError) in try ListCursor.decode(cursor) }
        // One extra row tells whether another page exists.
        var page = try store.resources(in: project, afterPath: after, limit: limit + 1)
        var next: String?
        if page.count > limit {
            page.removeLast()
            next = page.last.map { ListCursor.encode(after: $0.path) }
        }
        return ResourceListOutput(project: project, resources: page, nextCursor: next, note: note)
    }

    /// `resource_read`: a slice of a version's Markdown; throws `notFound` for a removal or unknown version.
    public func resourceRead(_ input: ResourceReadInput) throws(ProjectError) -> ResourceReadOutput {
        let project = try projectName(input.project)
        try SafeName.check(input.resource, what: "a resource name")
        try input.version.map { (version) throws(ProjectError) in try SafeName.check(version, what: "a version") }
        let (maxChars, note) = try Self.bounded(input.maxChars, default: TextSlice.defaultMaxChars, cap: TextSlice.maxCharsCap, name: "max_chars")
        let offset = input.offset ?? 0
        guard offset >= 0 else { throw .invalidArgument("offset must not be negative") }
        let version = try store.version(of: input.resource, in: project, selector: input.version)
        guard let markdownHash = version.markdownSha256, let sourceHash = version.sourceSha256 else {
            throw .notFound("\(version.reference) is a removal and has no content")
        }
        let bytes = try store.objects.get(markdownHash, size: version.markdownBytes)
        let slice = TextSlice.slice(bytes, offset: offset, maxChars: maxChars)
        return ResourceReadOutput(
            resourceId: version.resourceId, path: version.path, version: version.number, markdownSha256: markdownHash,
            sourceSha256: sourceHash, format: version.format, text: slice.text, offset: slice.offset,
            nextOffset: slice.nextOffset, totalChars: slice.totalChars, note: note, warnings: version.warnings)
    }

    /// `resource_search`: the best hits for the query in the latest version of each resource.
    public func resourceSearch(_ input: ResourceSearchInput) throws(ProjectError) -> ResourceSearchOutput {
        let project = try store.project(named: projectName(input.project)).name
        try input.resource.map { (resource) throws(ProjectError) in try SafeName.check(resource, what: "a resource name") }
        let (limit, note) = try Self.bounded(input.limit, default: Self.defaultSearchLimit, cap: Self.maxSearchLimit, name: "limit")
        let hits = try store.search(in: project, query: input.query, limit: limit, resource: input.resource)
        return ResourceSearchOutput(project: project, query: input.query, hits: hits, note: note, resources: SearchResourceSummary.of(hits))
    }

    /// Stops what these tools are running: the store's query, and the
    /// conversion of a `convert` call (OCR included), which then fails
    /// as cancelled. A server calls it when a call is cancelled or times out.
    public func interrupt() {
        store.interrupt()
        running.cancel()
    }

    /// Converts a file without storing it, returned in bounded slices like
    /// `resourceRead`. Only a regular file inside the granted folders is
    /// read (see `GrantedFileReader`).
    public func convert(_ input: ConvertInput) throws(ProjectError) -> ConvertOutput {
        // Cancellable from the start: reading the file can take a while.
        let cancellation = running.start()
        defer { running.finish() }
        let request = try convertRequest(input)
        guard !cancellation.isCancelled else { throw .cancelled("the conversion was cancelled") }
        let output = StringOutput()
        do {
            let summary = try converter.convert(request.bytes, fileName: input.path, to: output, options: .default, cancellation: cancellation)
            return request.slice(output.text, format: summary.format)
        } catch {
            throw .conversion(error)
        }
    }

    /// `convert`, on a thread of its own, stopping with `cancelled` when
    /// the task is cancelled: what a host with a time limit per call uses.
    public func convert(_ input: ConvertInput) async throws(ProjectError) -> ConvertOutput {
        let request = try convertRequest(input)
        let output = StringOutput()
        do {
            let summary = try await converter.convert(request.bytes, fileName: input.path, to: output)
            return request.slice(output.text, format: summary.format)
        } catch {
            throw .conversion(error)
        }
    }

    /// A granted file's bytes and the slice a `convert` call asked for.
    private struct ConvertRequest {
        var path: String
        var bytes: [UInt8]
        var offset: Int
        var maxChars: Int
        var note: String?

        func slice(_ text: String, format: DocumentFormat?) -> ConvertOutput {
            let markdown = Array(text.utf8)
            let slice = TextSlice.slice(markdown, offset: offset, maxChars: maxChars)
            return ConvertOutput(
                path: path, format: format, markdownSha256: SHA256.hex(markdown), text: slice.text, offset: slice.offset,
                nextOffset: slice.nextOffset, totalChars: slice.totalChars, note: note)
        }
    }

    /// Checks the arguments and reads the file, only a regular file inside
    /// the granted folders (see `GrantedFileReader`).
    private func convertRequest(_ input: ConvertInput) throws(ProjectError) -> ConvertRequest {
        guard !grantedFolders.isEmpty else {
            throw .denied("convert is not offered: the server was started without --allow, so it reads no files")
        }
        let (maxChars, note) = try Self.bounded(input.maxChars, default: TextSlice.defaultMaxChars, cap: TextSlice.maxCharsCap, name: "max_chars")
        let offset = input.offset ?? 0
        guard offset >= 0 else { throw .invalidArgument("offset must not be negative") }
        let reader = GrantedFileReader(folders: grantedFolders, maxBytes: converter.options.limits.maxInputBytes)
        return ConvertRequest(path: input.path, bytes: try reader.read(input.path), offset: offset, maxChars: maxChars, note: note)
    }

    /// Calls a tool by name with JSON arguments; the output as JSON with
    /// snake_case keys. Throws for unknown tools, bad arguments and
    /// failures alike: callers turn any error into an error result.
    public func call(_ name: String, arguments: JSONValue) throws(ProjectError) -> JSONValue {
        let arguments = arguments == .null ? [:] : arguments
        func decode<T: Decodable>(_ type: T.Type) throws(ProjectError) -> T {
            do {
                return try JSONCoding.decode(type, from: arguments)
            } catch {
                throw .invalidArgument("bad arguments for \(name): \(Self.describe(error))")
            }
        }
        func encode(_ value: some Encodable) throws(ProjectError) -> JSONValue {
            do {
                return try JSONCoding.value(value)
            } catch {
                throw .io("cannot encode the result of \(name): \(error)")
            }
        }
        switch name {
        case "project_list": return try encode(projectList())
        case "resource_list": return try encode(resourceList(decode(ResourceListInput.self)))
        case "resource_read": return try encode(resourceRead(decode(ResourceReadInput.self)))
        case "resource_search": return try encode(resourceSearch(decode(ResourceSearchInput.self)))
        case "convert": return try encode(convert(decode(ConvertInput.self)))
        default: throw .notFound("no tool named '\(SafeName.escaped(name))'")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "missing '\(key.stringValue)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong type for '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
        case .dataCorrupted(let context)?: return context.debugDescription
        default: return String(describing: error)
        }
    }

    // MARK: - Manifest

    /// Every tool this type implements, as `tools/list` describes them; see `offeredTools`.
    public static let manifest: [ToolManifest] = [
        ToolManifest(
            name: "project_list",
            description: "List the projects in the document store, with how many live resources each holds.",
            inputSchema: ["type": "object", "properties": [:], "additionalProperties": false],
            readOnly: true),
        ToolManifest(
            name: "resource_list",
            description: "List a project's documents (resources) by logical path, a page at a time. Each has a stable id, its latest version number and format. Pass next_cursor back as cursor for the next page.",
            inputSchema: [
                "type": "object",
                "properties": [
                    "project": ["type": "string", "description": "Project name."],
                    "cursor": ["type": "string", "description": "next_cursor from the previous page."],
                    "limit": ["type": "integer", "minimum": 1, "description": .string("Resources per page (default \(defaultListLimit), at most \(maxListLimit): more is cut to that, and the result's note says so).")],
                ],
                "additionalProperties": false,
            ],
            readOnly: true),
        ToolManifest(
            name: "resource_read",
            description: "Read a document's Markdown in bounded slices. Offsets count Unicode scalars; continue with offset = next_offset until it is null. Pass version (a number or hash) to keep reading the same version while the document changes; a search hit's offset opens it in context.",
            inputSchema: [
                "type": "object",
                "properties": [
                    "project": ["type": "string", "description": "Project name."],
                    "resource": ["type": "string", "description": "Resource id or logical path, optionally with @v3 or @<hash>."],
                    "version": ["type": ["string", "integer"], "description": "Version number (3 or \"v3\") or a hash prefix; latest when absent."],
                    "offset": ["type": "integer", "minimum": 0, "description": "Where to start, in Unicode scalars (default 0)."],
                    "max_chars": ["type": "integer", "minimum": 1, "description": .string("Slice length (default \(TextSlice.defaultMaxChars), at most \(TextSlice.maxCharsCap): more is cut to that, and the result's note says so).")],
                ],
                "required": ["resource"],
                "additionalProperties": false,
            ],
            readOnly: true),
        ToolManifest(
            name: "resource_search",
            description: "Full-text search over the latest version of a project's documents, best documents first, each with its best sections (BM25). A few words from the question are enough: documents holding more of them, in one section or close together, rank higher. \"quoted phrases\" and words joined by AND must match; NOT word or -word must not; prefix* matches word starts. Chinese, Japanese and Korean words are matched as substrings, one or more per query, mixed with other words as needed. Each hit names the resource, version, heading path, page/slide/sheet, the offset to read from, and how many more of that resource's sections matched.",
            inputSchema: [
                "type": "object",
                "properties": [
                    "project": ["type": "string", "description": "Project name."],
                    "query": ["type": "string", "description": "Search terms."],
                    "limit": ["type": "integer", "minimum": 1, "description": .string("Most hits to return (default \(defaultSearchLimit), at most \(maxSearchLimit): more is cut to that, and the result's note says so).")],
                    "resource": ["type": "string", "description": "Search only this resource (id or path)."],
                ],
                "required": ["query"],
                "additionalProperties": false,
            ],
            readOnly: true),
        ToolManifest(
            name: "convert",
            description: "Convert a local file (PDF, DOCX, XLSX, PPTX, HTML, CSV, …) to Markdown without storing it, in bounded slices like resource_read. Only regular files inside the folders the user granted with anydoc mcp --allow can be read.",
            inputSchema: [
                "type": "object",
                "properties": [
                    "path": ["type": "string", "description": "Path of the file to convert, inside a granted folder."],
                    "offset": ["type": "integer", "minimum": 0, "description": "Where to start, in Unicode scalars (default 0)."],
                    "max_chars": ["type": "integer", "minimum": 1, "description": .string("Slice length (default \(TextSlice.defaultMaxChars), at most \(TextSlice.maxCharsCap): more is cut to that, and the result's note says so).")],
                ],
                "required": ["path"],
                "additionalProperties": false,
            ],
            readOnly: true),
    ]
}

/// Opaque list cursors: the last path of the previous page, encoded so
/// callers treat it as a token rather than something to build.
enum ListCursor {
    private static let prefix = "anydoc-list-1:"

    static func encode(after path: String) -> String {
        Data((prefix + path).utf8).base64EncodedString()
            .replacing( "+", with: "-").replacing( "/", with: "_")
            .replacing( "=", with: "")
    }

    static func decode(_ cursor: String) throws(ProjectError) -> String {
        var base64 = cursor.replacing( "-", with: "+").replacing( "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8), text.hasPrefix(prefix),
              !text.unicodeScalars.contains(where: SafeName.isControl) else {
            throw .invalidArgument("the cursor is not one this server issued")
        }
        return String(text.dropFirst(prefix.count))
    }
}
