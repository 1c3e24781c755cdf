#if canImport(Glibc)
import Glibc
#endif

/// Paths resolved as the kernel resolves them, links followed: what a
/// check that a path stays inside a folder must judge, not the path as
/// written.
package enum ResolvedPath {
    /// The canonical absolute path of an existing path; nil when it does
    /// not resolve.
    package static func real(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The longest leading part of `path` that resolves, resolved, and the
    /// parts after it as written; nil only when not even the working
    /// folder resolves.
    package static func existingPrefix(of path: String) -> (real: String, rest: ArraySlice<String>)? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let absolute = path.hasPrefix("/")
        for count in stride(from: parts.count, through: 0, by: -1) {
            let prefix = (absolute ? "/" : "") + parts[..<count].joined(separator: "/")
            if let real = real(prefix.isEmpty ? "." : prefix) { return (real, parts[count...]) }
        }
        return nil
    }
}
