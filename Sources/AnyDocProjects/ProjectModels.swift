import Foundation
import AnyDocSwift

/// A named collection of resources. Names are unique after normalisation
/// (`ProjectName.key`), so `Q3 Reports` and `q3  reports` are one project.
public struct Project: Sendable, Codable, Equatable {
    public var name: String
    /// The normalised name that uniqueness is checked on.
    public var key: String
    public var createdAt: String
    public var resourceCount: Int
}

/// A document in a project: a stable id, a logical path, and its versions.
public struct Resource: Sendable, Codable, Equatable {
    /// A UUID that never changes, even when the document does.
    public var id: String
    public var project: String
    /// The path it was ingested under, relative to the folder named.
    public var path: String
    public var latestVersion: Int
    /// True when the latest version is a removal.
    public var deleted: Bool
    public var format: String?
    public var updatedAt: String
}

/// Where a run of Markdown comes from: a page, a slide or a sheet.
public struct SourceLocation: Sendable, Codable, Equatable, Hashable {
    public enum Kind: String, Sendable, Codable { case page, slide, sheet }
    public var kind: Kind
    /// The page or slide number.
    public var number: Int?
    /// The sheet name, or a slide title.
    public var name: String?

    public init(kind: Kind, number: Int? = nil, name: String? = nil) {
        self.kind = kind
        self.number = number
        self.name = name
    }

    /// The library's own model of the same location.
    public var provenance: Provenance {
        switch kind {
        case .page: .page(number ?? 0)
        case .slide: .slide(number: number ?? 0, title: name)
        case .sheet: .sheet(name: name ?? "")
        }
    }

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
    public var resourceId: String
    public var path: String
    public var number: Int
    public var deleted: Bool
    /// SHA-256 of the document's bytes as ingested.
    public var sourceSha256: String?
    /// SHA-256 of the Markdown rendering.
    public var markdownSha256: String?
    public var format: String?
    public var converterVersion: String
    public var sourceBytes: Int
    public var markdownBytes: Int
    /// The Markdown's length in Unicode scalars, the unit read offsets use.
    public var markdownChars: Int
    /// Pages, slides or sheets, when the format has them.
    public var unitCount: Int?
    /// `page`, `slide` or `sheet`.
    public var unitKind: String?
    public var createdAt: String
    /// What the conversion lost without failing, such as a document with
    /// content that gave no text; nil when nothing was.
    public var warnings: [String]? = nil

    /// `path@vN`: how a reader names this version.
    public var reference: String { "\(path)@v\(number)" }
}

/// How project names are compared: Unicode compatibility-composed (NFKC),
/// case-folded, with runs of whitespace collapsed to one space.
public enum ProjectName {
    public static func key(_ name: String) throws(ProjectError) -> String {
        let display = try displayName(name)
        let folded = display.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCompatibilityMapping
        return collapseWhitespace(folded)
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
