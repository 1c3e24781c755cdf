import FoundationEssentials
import Glibc
import AnyDocSwift

/// A named collection of resources. Names are unique after normalisation
/// (`ProjectName.key`), so `Q3 Reports` and `q3  reports` are one project.
public struct Project: Sendable, Codable, Equatable {
    /// The project's name as shown: trimmed, whitespace collapsed (`ProjectName.displayName`).
    public var name: String
    /// The normalised name that uniqueness is checked on.
    public var key: String
    /// When the project was created; stored in UTC to the millisecond.
    public var createdAt: Date
    /// Resources whose latest version is not a removal.
    public var resourceCount: Int

    /// A project as the store reads it; `key` must be `ProjectName.key(name)`.
    public init(name: String, key: String, createdAt: Date, resourceCount: Int) {
        self.name = name
        self.key = key
        self.createdAt = createdAt
        self.resourceCount = resourceCount
    }

    enum CodingKeys: String, CodingKey {
        case name, key, createdAt = "created_at", resourceCount = "resource_count"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        key = try container.decode(String.self, forKey: .key)
        createdAt = try StoreTimestamp.decode(from: container, forKey: .createdAt)
        resourceCount = try container.decode(Int.self, forKey: .resourceCount)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(key, forKey: .key)
        try container.encode(StoreTimestamp.text(createdAt), forKey: .createdAt)
        try container.encode(resourceCount, forKey: .resourceCount)
    }
}

/// A document in a project: a stable id, a logical path, and its versions.
public struct Resource: Sendable, Codable, Equatable {
    /// A UUID that never changes, even when the document does.
    public var id: String
    /// The name of the project holding the resource.
    public var project: String
    /// The path it was ingested under, relative to the folder named.
    public var path: String
    /// The number of the newest version; versions count from 1.
    public var latestVersion: Int
    /// True when the latest version is a removal.
    public var deleted: Bool
    /// The format the latest version was read as; nil for a removal.
    public var format: DocumentFormat?
    /// When the latest version was stored.
    public var updatedAt: Date

    /// A resource as the store reads it.
    public init(id: String, project: String, path: String, latestVersion: Int, deleted: Bool, format: DocumentFormat?, updatedAt: Date) {
        self.id = id
        self.project = project
        self.path = path
        self.latestVersion = latestVersion
        self.deleted = deleted
        self.format = format
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, project, path, latestVersion = "latest_version", deleted, format, updatedAt = "updated_at"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        project = try container.decode(String.self, forKey: .project)
        path = try container.decode(String.self, forKey: .path)
        latestVersion = try container.decode(Int.self, forKey: .latestVersion)
        deleted = try container.decode(Bool.self, forKey: .deleted)
        format = try container.decodeIfPresent(DocumentFormat.self, forKey: .format)
        updatedAt = try StoreTimestamp.decode(from: container, forKey: .updatedAt)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(project, forKey: .project)
        try container.encode(path, forKey: .path)
        try container.encode(latestVersion, forKey: .latestVersion)
        try container.encode(deleted, forKey: .deleted)
        try container.encodeIfPresent(format, forKey: .format)
        try container.encode(StoreTimestamp.text(updatedAt), forKey: .updatedAt)
    }
}

/// Where a run of Markdown comes from: a page, a slide or a sheet.
public struct SourceLocation: Sendable, Codable, Equatable, Hashable {
    /// What a location counts: pages, slides or sheets.
    public enum Kind: String, Sendable, Codable { case page, slide, sheet }
    /// Whether `number` and `name` give a page, a slide or a sheet.
    public var kind: Kind
    /// The page or slide number.
    public var number: Int?
    /// The sheet name, or a slide title.
    public var name: String?

    /// A location of `kind`; give `number` for a page or slide, `name` for a sheet.
    public init(kind: Kind, number: Int? = nil, name: String? = nil) {
        self.kind = kind
        self.number = number
        self.name = name
    }

    enum CodingKeys: String, CodingKey { case kind, number, name }

    /// The library's own model of the same location.
    public var provenance: Provenance {
        switch kind {
        case .page: .page(number ?? 0)
        case .slide: .slide(number: number ?? 0, title: name)
        case .sheet: .sheet(name: name ?? "")
        }
    }

    /// `page 3`, `slide 2` or `sheet Totals`, for people.
    public var label: String {
        switch kind {
        case .page: "page \(number ?? 0)"
        case .slide: "slide \(number ?? 0)"
        case .sheet: "sheet \(name ?? "")"
        }
    }
}

/// One stored state of a resource. A removal is a version too (a
/// tombstone: `deleted` true, no hashes), so history is never rewritten.
public struct ResourceVersion: Sendable, Codable, Equatable {
    /// The id of the resource this is a version of.
    public var resourceId: String
    /// The resource's logical path within its project, the same for all its versions.
    public var path: String
    /// The version's number within its resource, from 1, one higher for each change.
    public var number: Int
    /// True for a removal (a tombstone), which has no hashes, format or content.
    public var deleted: Bool
    /// SHA-256 of the document's bytes as ingested.
    public var sourceSha256: String?
    /// SHA-256 of the Markdown rendering.
    public var markdownSha256: String?
    /// The format the bytes were read as; nil for a removal.
    public var format: DocumentFormat?
    /// The `AnyDocVersion.current` of the library that stored this version.
    public var converterVersion: String
    /// Size of the ingested document, in bytes; 0 for a removal.
    public var sourceBytes: Int
    /// Size of the Markdown rendering in UTF-8 bytes; 0 for a removal.
    public var markdownBytes: Int
    /// The Markdown's length in Unicode scalars, the unit read offsets use.
    public var markdownChars: Int
    /// Pages, slides or sheets, when the format has them.
    public var unitCount: Int?
    /// What `unitCount` counts.
    public var unitKind: SourceLocation.Kind?
    /// When this version was stored.
    public var createdAt: Date
    /// What the conversion lost without failing, such as a document with
    /// content that gave no text; nil when nothing was.
    public var warnings: [String]? = nil

    /// A version as the store reads it.
    public init(
        resourceId: String, path: String, number: Int, deleted: Bool, sourceSha256: String?, markdownSha256: String?,
        format: DocumentFormat?, converterVersion: String, sourceBytes: Int, markdownBytes: Int, markdownChars: Int,
        unitCount: Int?, unitKind: SourceLocation.Kind?, createdAt: Date, warnings: [String]? = nil
    ) {
        self.resourceId = resourceId
        self.path = path
        self.number = number
        self.deleted = deleted
        self.sourceSha256 = sourceSha256
        self.markdownSha256 = markdownSha256
        self.format = format
        self.converterVersion = converterVersion
        self.sourceBytes = sourceBytes
        self.markdownBytes = markdownBytes
        self.markdownChars = markdownChars
        self.unitCount = unitCount
        self.unitKind = unitKind
        self.createdAt = createdAt
        self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey {
        case resourceId = "resource_id", path, number, deleted, sourceSha256 = "source_sha256",
             markdownSha256 = "markdown_sha256", format, converterVersion = "converter_version",
             sourceBytes = "source_bytes", markdownBytes = "markdown_bytes", markdownChars = "markdown_chars",
             unitCount = "unit_count", unitKind = "unit_kind", createdAt = "created_at", warnings
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            resourceId: try c.decode(String.self, forKey: .resourceId), path: try c.decode(String.self, forKey: .path),
            number: try c.decode(Int.self, forKey: .number), deleted: try c.decode(Bool.self, forKey: .deleted),
            sourceSha256: try c.decodeIfPresent(String.self, forKey: .sourceSha256),
            markdownSha256: try c.decodeIfPresent(String.self, forKey: .markdownSha256),
            format: try c.decodeIfPresent(DocumentFormat.self, forKey: .format),
            converterVersion: try c.decode(String.self, forKey: .converterVersion),
            sourceBytes: try c.decode(Int.self, forKey: .sourceBytes), markdownBytes: try c.decode(Int.self, forKey: .markdownBytes),
            markdownChars: try c.decode(Int.self, forKey: .markdownChars), unitCount: try c.decodeIfPresent(Int.self, forKey: .unitCount),
            unitKind: try c.decodeIfPresent(SourceLocation.Kind.self, forKey: .unitKind),
            createdAt: try StoreTimestamp.decode(from: c, forKey: .createdAt),
            warnings: try c.decodeIfPresent([String].self, forKey: .warnings))
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(resourceId, forKey: .resourceId)
        try c.encode(path, forKey: .path)
        try c.encode(number, forKey: .number)
        try c.encode(deleted, forKey: .deleted)
        try c.encodeIfPresent(sourceSha256, forKey: .sourceSha256)
        try c.encodeIfPresent(markdownSha256, forKey: .markdownSha256)
        try c.encodeIfPresent(format, forKey: .format)
        try c.encode(converterVersion, forKey: .converterVersion)
        try c.encode(sourceBytes, forKey: .sourceBytes)
        try c.encode(markdownBytes, forKey: .markdownBytes)
        try c.encode(markdownChars, forKey: .markdownChars)
        try c.encodeIfPresent(unitCount, forKey: .unitCount)
        try c.encodeIfPresent(unitKind, forKey: .unitKind)
        try c.encode(StoreTimestamp.text(createdAt), forKey: .createdAt)
        try c.encodeIfPresent(warnings, forKey: .warnings)
    }

    /// A store timestamp as JSON and the database hold it: ISO 8601 UTC
    /// with milliseconds.
    public static func timestampText(_ date: Date) -> String { StoreTimestamp.text(date) }

    /// `path@vN`: how a reader names this version.
    public var reference: String { "\(path)@v\(number)" }
}

/// How project names are compared: Unicode compatibility-composed (NFKC),
/// case-folded, with runs of whitespace collapsed to one space.
public enum ProjectName {
    /// The normalised name uniqueness is checked on; throws `invalidArgument` as `displayName` does.
    public static func key(_ name: String) throws(ProjectError) -> String {
        let display = try displayName(name)
        return collapseWhitespace(NFKCCaseFold.fold(display))
    }

    /// The name as shown: trimmed, whitespace collapsed, no control characters.
    public static func displayName(_ name: String) throws(ProjectError) -> String {
        let collapsed = collapseWhitespace(name)
        guard !collapsed.isEmpty else { throw .invalidArgument("a project name cannot be empty") }
        guard collapsed.unicodeScalars.count <= 200 else { throw .invalidArgument("a project name is limited to 200 characters") }
        if collapsed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .invalidArgument("a project name cannot contain control characters")
        }
        return collapsed
    }

    private static func collapseWhitespace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }
}
