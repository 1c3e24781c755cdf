import AnyDocSwift
import Foundation

/// The documents a command works on: files named directly, and the files
/// found by walking named folders (hidden files and folders skipped).
struct InputFiles {
    struct File {
        /// The path to read.
        let path: String
        /// The path below the named folder, used to mirror the tree.
        let relativePath: String
    }

    var files: [File] = []
    /// Files inside folders whose extension names no supported format.
    var skipped: [String] = []
    /// True when a folder was named, so the output must mirror a tree.
    var cameFromFolder = false

    init(paths: [String]) throws {
        let manager = FileManager.default
        for path in paths {
            if path == "-" {
                files.append(File(path: path, relativePath: "stdin"))
                continue
            }
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw UsageError("no such file or folder: \(path)")
            }
            if isFolder.boolValue {
                cameFromFolder = true
                walk(folder: path, relative: "")
            } else {
                files.append(File(path: path, relativePath: (path as NSString).lastPathComponent))
            }
        }
    }

    private mutating func walk(folder: String, relative: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = (folder as NSString).appendingPathComponent(name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                walk(folder: path, relative: relativePath)
            } else if DocumentFormat(fileExtension: (name as NSString).pathExtension) != nil {
                files.append(File(path: path, relativePath: relativePath))
            } else {
                skipped.append(path)
            }
        }
    }

    /// Output paths mirroring the inputs with a `.md` extension; where two
    /// inputs would collide (`a.docx`, `a.pdf`), both keep their extension
    /// (`a.docx.md`, `a.pdf.md`).
    func markdownPaths() -> [String] {
        let stems = files.map { file -> String in
            let ext = (file.relativePath as NSString).pathExtension
            return ext.isEmpty ? file.relativePath : String(file.relativePath.dropLast(ext.count + 1))
        }
        var counts: [String: Int] = [:]
        for stem in stems { counts[stem.lowercased(), default: 0] += 1 }
        return zip(files, stems).map { file, stem in
            counts[stem.lowercased(), default: 0] > 1 ? file.relativePath + ".md" : stem + ".md"
        }
    }
}
