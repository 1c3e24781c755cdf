import AnyDocSwift
import FoundationEssentials
import Glibc

/// Chooses each input's Markdown path below the output folder so that no
/// two inputs share one, even on a file system that ignores case.
///
/// An input is written as its name with `.md` for its extension
/// (`a.docx` → `a.md`); where two inputs would share that (`a.docx`,
/// `a.pdf`) both keep their extension (`a.docx.md`, `a.pdf.md`). A path
/// still taken, compared without case, also as a folder of another
/// output, gets `~2`, `~3`, … before `.md`, in input order, so the same
/// inputs always get the same names. Names longer than a file system
/// allows are shortened with a hash.
enum OutputNames {
    static func markdownPaths(for relativePaths: [String]) -> [String] {
        paths(for: relativePaths, extension: "md")
    }

    /// The same naming for outputs with another extension (`jsonl`).
    static func paths(for relativePaths: [String], extension outputExtension: String) -> [String] {
        let suffix = "." + outputExtension
        let stems = relativePaths.map { path -> String in
            let ext = PathName.extension(path)
            return ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        }
        var counts: [String: Int] = [:]
        for stem in stems { counts[stem.lowercased(), default: 0] += 1 }
        let preferred = zip(relativePaths, stems).map { path, stem in
            shortened((counts[stem.lowercased(), default: 0] > 1 ? path : stem) + suffix, suffix: suffix)
        }
        var taken = Set(preferred.flatMap { folders(of: $0.lowercased()) })
        return preferred.map { path in
            var candidate = path
            var number = 2
            while taken.contains(candidate.lowercased()) {
                candidate = shortened(String(path.dropLast(suffix.count)) + "~\(number)" + suffix, suffix: suffix)
                number += 1
            }
            taken.insert(candidate.lowercased())
            return candidate
        }
    }

    /// Every folder above `path`: `a`, `a/b` for `a/b/c.md`.
    private static func folders(of path: String) -> [String] {
        var result: [String] = []
        var index = path.startIndex
        while let slash = path[index...].firstIndex(of: "/") {
            result.append(String(path[..<slash]))
            index = path.index(after: slash)
        }
        return result
    }

    /// Each component cut to fit a 255-byte name, keeping `.md` and a hash
    /// of what was cut so distinct long names stay distinct.
    static func shortened(_ path: String, suffix: String = ".md") -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
            let part = String(part)
            guard part.utf8.count > 240 else { return part }
            let keepsSuffix = part.hasSuffix(suffix)
            var stem = keepsSuffix ? String(part.dropLast(suffix.count)) : part
            while stem.utf8.count > 200 { stem.removeLast() }
            return stem + "-" + String(SHA256.hex(Array(part.utf8)).prefix(12)) + (keepsSuffix ? suffix : "")
        }.joined(separator: "/")
    }
}
