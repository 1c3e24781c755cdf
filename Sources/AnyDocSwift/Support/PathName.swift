/// The parts of a slash-separated path, as `NSString`'s path methods give
/// them, without Foundation: the command line and the store name files by
/// path on every run, and loading Foundation for these would cost every
/// process its start-up time.
package enum PathName {
    /// The last component: `a/b.txt` → `b.txt`, `a/b/` → `b`, `/` → `/`.
    package static func last(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// The path without its last component: `a/b.txt` → `a`, `b.txt` → ``,
    /// `/b` → `/`.
    package static func folder(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return trimmingTrailingSlashes(String(trimmed[..<slash]))
    }

    /// The extension of the last component, without the dot: `a/b.tar.gz`
    /// → `gz`; empty for `a/.profile`, `a/b` and `a/b.`.
    package static func `extension`(_ path: String) -> String {
        let name = last(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    /// The path without the extension of its last component: `a/b.txt` →
    /// `a/b`; unchanged when there is none.
    package static func removingExtension(_ path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        let ext = `extension`(trimmed)
        guard !ext.isEmpty else { return trimmed }
        return String(trimmed.dropLast(ext.count + 1))
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        guard !path.isEmpty else { return path }
        let keep = path.index(after: path.startIndex)  // a lone "/" stays
        var end = path.endIndex
        while end > keep, path[path.index(before: end)] == "/" {
            end = path.index(before: end)
        }
        return String(path[..<end])
    }
}
