import AnyDocSwift
import FoundationEssentials
import Glibc

/// The folders whose files the MCP `convert` tool may read, as granted on
/// the server's command line (`anydoc mcp --allow DIR`). Each is resolved
/// to its real path once, at start, so a link renamed later cannot widen
/// the grant; requested paths are resolved the same way before they are
/// compared.
public struct GrantedFolders: Sendable, Equatable {
    /// Real paths, without a trailing slash (except `/` itself).
    public let roots: [String]

    /// No folders: every `convert` of a file path is denied.
    public static let none = GrantedFolders(resolved: [])

    /// True when no folder was granted, so file paths cannot be converted at all.
    public var isEmpty: Bool { roots.isEmpty }

    private init(resolved: [String]) { roots = resolved }

    /// Resolves each folder; one that does not exist or is not a folder is
    /// an error, so a typo is reported rather than granting nothing.
    public init(_ folders: [String]) throws(ProjectError) {
        var resolved: [String] = []
        for folder in folders {
            try SafeName.check(folder, what: "an --allow folder")
            guard let real = Self.realPath(folder) else {
                throw .invalidArgument("cannot grant '\(SafeName.escaped(folder))': \(String(cString: strerror(errno)))")
            }
            var info = stat()
            guard stat(real, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
                throw .invalidArgument("cannot grant '\(SafeName.escaped(folder))': not a folder")
            }
            if !resolved.contains(real) { resolved.append(real) }
        }
        roots = resolved
    }

    /// Whether a resolved (symlink-free, absolute) path lies in a root.
    public func contains(resolved path: String) -> Bool {
        roots.contains { root in
            root == "/" ? path.hasPrefix("/") : path == root || path.hasPrefix(root + "/")
        }
    }

    /// `realpath(3)`: absolute, with every link and `.`/`..` resolved; nil
    /// (and `errno` set) when a component is missing.
    static func realPath(_ path: String) -> String? { ResolvedPath.real(path) }
}
