import FoundationEssentials
import Glibc

/// The relative path from one folder to another, as a Markdown link in a
/// file of the first folder must spell the second. Both are made
/// absolute against the working folder and their `.` and `..` resolved
/// by name; callers pass real paths (links resolved) for the roots.
enum RelativeLink {
    static func path(from folder: String, to target: String) -> String {
        let from = components(folder)
        let to = components(target)
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.joined(separator: "/")
    }

    static func components(_ path: String) -> [String] {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [String] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else { parts.append(String(part)) }
        }
        return parts
    }
}
