import AnyDocSwift
import Foundation

// Inputs and outputs of the resource tools. Properties are camelCase in
// Swift and snake_case in JSON (`max_chars`, `next_offset`).

public struct ResourceListInput: Sendable, Codable, Equatable {
    public var project: String?
    /// The `next_cursor` of the previous page; absent for the first.
    public var cursor: String?
    public var limit: Int?

    public init(project: String? = nil, cursor: String? = nil, limit: Int? = nil) {
        self.project = project
        self.cursor = cursor
        self.limit = limit
    }
}

public struct ResourceListOutput: Sendable, Codable, Equatable {
    public var project: String
    public var resources: [Resource]
    /// Pass as `cursor` for the next page; null on the last page.
    public var nextCursor: String?
    /// Says when a requested limit was over the cap and the cap was used.
    public var note: String? = nil

    enum CodingKeys: String, CodingKey { case project, resources, nextCursor, note }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(project, forKey: .project)
        try container.encode(resources, forKey: .resources)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

public struct ResourceReadInput: Sendable, Codable, Equatable {
    public var project: String?
    /// A resource id or logical path, optionally with `@v3` or `@<hash>`.
    public var resource: String
    /// `3`, `"v3"` or a hash prefix (7+ digits); the latest when absent.
    public var version: String?
    public var offset: Int?
    public var maxChars: Int?

    public init(project: String? = nil, resource: String, version: String? = nil, offset: Int? = nil, maxChars: Int? = nil) {
        self.project = project
        self.resource = resource
        self.version = version
        self.offset = offset
        self.maxChars = maxChars
    }

    enum CodingKeys: String, CodingKey { case project, resource, version, offset, maxChars }

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
    public var resourceId: String
    public var path: String
    public var version: Int
    /// SHA-256 of the whole Markdown the offsets index into.
    public var markdownSha256: String
    public var sourceSha256: String
    public var format: String?
    public var text: String
    public var offset: Int
    /// Pass as `offset` to continue; null when this slice reaches the end.
    public var nextOffset: Int?
    /// The whole Markdown's length in Unicode scalars.
    public var totalChars: Int
    /// Says when `max_chars` was over the cap and the cap was used.
    public var note: String? = nil
    /// What the conversion lost without failing, such as a document with
    /// content that gave no text: an empty text is then not the document.
    public var warnings: [String]? = nil

    enum CodingKeys: String, CodingKey {
        case resourceId, path, version, markdownSha256, sourceSha256, format, text, offset, nextOffset, totalChars, note, warnings
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

public struct ResourceSearchInput: Sendable, Codable, Equatable {
    public var project: String?
    public var query: String
    public var limit: Int?
    /// Search only this resource (id or path).
    public var resource: String?

    public init(project: String? = nil, query: String, limit: Int? = nil, resource: String? = nil) {
        self.project = project
        self.query = query
        self.limit = limit
        self.resource = resource
    }
}

public struct ResourceSearchOutput: Sendable, Codable, Equatable {
    public var project: String
    public var query: String
    public var hits: [SearchHit]
    /// Says when `limit` was over the cap and the cap was used.
    public var note: String? = nil
    /// The resources of `hits`, best first, each with its hit count and
    /// how many more of its sections matched.
    public var resources: [SearchResourceSummary] = []
}

public struct ConvertInput: Sendable, Codable, Equatable {
    public var path: String
    public var offset: Int?
    public var maxChars: Int?

    public init(path: String, offset: Int? = nil, maxChars: Int? = nil) {
        self.path = path
        self.offset = offset
        self.maxChars = maxChars
    }
}

public struct ConvertOutput: Sendable, Codable, Equatable {
    public var path: String
    public var format: String?
    public var markdownSha256: String
    public var text: String
    public var offset: Int
    public var nextOffset: Int?
    public var totalChars: Int
    /// Says when `max_chars` was over the cap and the cap was used.
    public var note: String? = nil

    enum CodingKeys: String, CodingKey { case path, format, markdownSha256, text, offset, nextOffset, totalChars, note }

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

public struct ProjectListOutput: Sendable, Codable, Equatable {
    public var projects: [Project]
}

/// A tool's description for agents: what it does, the JSON schema of its
/// input, and whether it only reads.
public struct ToolManifest: Sendable, Codable, Equatable {
    public var name: String
    public var description: String
    public var inputSchema: JSONValue
    public var readOnly: Bool
}

/// The resource tools: bounded, read-only views of a store for agents.
/// Every output fits a tool response: lists and searches are paged or
/// capped, reads are slices with an offset to continue from.
public struct ResourceTools: Sendable {
    public let store: ProjectStore
    /// Used when an input names no project.
    public var defaultProject: String?
    public var converter: AnyDocConverter
    /// Where `convert` may read; with none granted it is not offered.
    public var grantedFolders: GrantedFolders

    public static let defaultListLimit = 50
    public static let maxListLimit = 200
    public static let defaultSearchLimit = 10
    public static let maxSearchLimit = 50

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

    public func projectList() throws(ProjectError) -> ProjectListOutput {
        ProjectListOutput(projects: try store.projects())
    }

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

    public func resourceRead(_ input: ResourceReadInput) throws(ProjectError) -> ResourceReadOutput {
        let project = try projectName(input.project)
        try SafeName.check(input.resource, what: "a resource name")
        try input.version.map { (version) throws(ProjectError) in try SafeName.check(version, what: "a version") }
        let (maxChars, note) = try Self.bounded(input.maxChars, default: TextSlice.defaultMaxChars, cap: TextSlice.maxCharsCap, name: "max_chars")
        let offset = input.offset ?? 0
        guard offset >= 0 else { throw .invalidArgument("offset must not be negative") }
        let version = try store.version(in: project, input.resource, selector: input.version)
        guard let markdownHash = version.markdownSha256, let sourceHash = version.sourceSha256 else {
            throw .notFound("\(version.reference) is a removal and has no content")
        }
        let bytes = try store.objects.get(markdownHash)
        let slice = TextSlice.slice(bytes, offset: offset, maxChars: maxChars)
        return ResourceReadOutput(
            resourceId: version.resourceId, path: version.path, version: version.number, markdownSha256: markdownHash,
            sourceSha256: sourceHash, format: version.format, text: slice.text, offset: slice.offset,
            nextOffset: slice.nextOffset, totalChars: slice.totalChars, note: note, warnings: version.warnings)
    }

    public func resourceSearch(_ input: ResourceSearchInput) throws(ProjectError) -> ResourceSearchOutput {
        let project = try store.project(named: projectName(input.project)).name
        try input.resource.map { (resource) throws(ProjectError) in try SafeName.check(resource, what: "a resource name") }
        let (limit, note) = try Self.bounded(input.limit, default: Self.defaultSearchLimit, cap: Self.maxSearchLimit, name: "limit")
        let hits = try store.search(in: project, query: input.query, limit: limit, resource: input.resource)
        return ResourceSearchOutput(project: project, query: input.query, hits: hits, note: note, resources: SearchResourceSummary.of(hits))
    }

    /// Converts a file without storing it, returned in bounded slices like
    /// `resourceRead`. Only a regular file inside the granted folders is
    /// read (see `GrantedFileReader`).
    public func convert(_ input: ConvertInput) throws -> ConvertOutput {
        guard !grantedFolders.isEmpty else {
            throw AccessDenied("convert is not offered: the server was started without --allow, so it reads no files")
        }
        let (maxChars, note) = try Self.bounded(input.maxChars, default: TextSlice.defaultMaxChars, cap: TextSlice.maxCharsCap, name: "max_chars")
        let offset = input.offset ?? 0
        guard offset >= 0 else { throw ProjectError.invalidArgument("offset must not be negative") }
        let reader = GrantedFileReader(folders: grantedFolders, maxBytes: converter.options.limits.maxInputBytes)
        let bytes = try reader.read(input.path)
        let markdown = Array(try converter.markdown(bytes, fileName: input.path).utf8)
        let slice = TextSlice.slice(markdown, offset: offset, maxChars: maxChars)
        return ConvertOutput(
            path: input.path, format: converter.detect(bytes, fileName: input.path).format?.rawValue,
            markdownSha256: SHA256.hex(markdown), text: slice.text, offset: slice.offset,
            nextOffset: slice.nextOffset, totalChars: slice.totalChars, note: note)
    }

    /// Calls a tool by name with JSON arguments; the output as JSON with
    /// snake_case keys. Throws for unknown tools, bad arguments and
    /// failures alike: callers turn any error into an error result.
    public func call(_ name: String, arguments: JSONValue) throws -> JSONValue {
        let arguments = arguments == .null ? [:] : arguments
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            do {
                return try JSONCoding.decode(type, from: arguments)
            } catch {
                throw ProjectError.invalidArgument("bad arguments for \(name): \(Self.describe(error))")
            }
        }
        switch name {
        case "project_list": return try JSONCoding.value(projectList())
        case "resource_list": return try JSONCoding.value(resourceList(decode(ResourceListInput.self)))
        case "resource_read": return try JSONCoding.value(resourceRead(decode(ResourceReadInput.self)))
        case "resource_search": return try JSONCoding.value(resourceSearch(decode(ResourceSearchInput.self)))
        case "convert": return try JSONCoding.value(convert(decode(ConvertInput.self)))
        default: throw ProjectError.notFound("no tool named '\(name)'")
        }
    }

    private static func describe(_ error: Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "missing '\(key.stringValue.snakeCased)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "wrong type for '\(context.codingPath.map { $0.stringValue.snakeCased }.joined(separator: "."))'"
        case .dataCorrupted(let context)?: return context.debugDescription
        default: return String(describing: error)
        }
    }

    // MARK: - Manifest

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
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ cursor: String) throws(ProjectError) -> String {
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8), text.hasPrefix(prefix),
              !text.unicodeScalars.contains(where: SafeName.isControl) else {
            throw .invalidArgument("the cursor is not one this server issued")
        }
        return String(text.dropFirst(prefix.count))
    }
}

extension String {
    var snakeCased: String {
        var result = ""
        for character in self {
            if character.isUppercase {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
