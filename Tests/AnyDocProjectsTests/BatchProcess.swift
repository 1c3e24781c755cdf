import Foundation
import Testing

/// A throw-away folder for batch tests, removed when the test ends; the
/// `anydoc` runs it starts use it as their working folder.
final class BatchTree: Sendable {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "anydoc-batch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root + "/logs", withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Copies a file of `TestDocuments` (or an absolute path) to `relative`.
    func copy(_ source: String, to relative: String) throws {
        let from = source.hasPrefix("/") ? source : Fixture.packageRoot + "/TestDocuments/" + source
        try makeFolder(for: relative)
        try FileManager.default.copyItem(atPath: from, toPath: path(relative))
    }

    func write(_ relative: String, _ text: String) throws {
        try makeFolder(for: relative)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(relative)))
    }

    func read(_ relative: String) -> String? { try? String(contentsOfFile: path(relative), encoding: .utf8) }
    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    func link(_ relative: String, to destination: String) throws {
        try makeFolder(for: relative)
        try FileManager.default.createSymbolicLink(atPath: path(relative), withDestinationPath: destination)
    }

    func makeFolder(for relative: String) throws {
        try FileManager.default.createDirectory(atPath: (path(relative) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    }

    /// Every file below `relative` (hidden ones included), relative to it.
    func files(below relative: String) -> [String] {
        CorpusFolder.files(below: path(relative))
    }

    /// The JSON lines of a `--report`, decoded.
    func report(_ relative: String) throws -> [[String: Any]] {
        let text = try #require(read(relative))
        return try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }
}

/// Runs the real `anydoc` in a `BatchTree`, killing it when it overruns
/// its time so a hang fails the test instead of stopping the suite.
enum BatchRun {
    struct Outcome {
        var status: Int32
        var output: String
        var errorOutput: String
        var timedOut: Bool
    }

    /// `viaProgram` runs `arguments[0]` with the rest instead of anydoc.
    static func start(_ arguments: [String], in tree: BatchTree, input: String? = nil, viaProgram: Bool = false) throws -> (Process, String, String) {
        let binary = viaProgram ? arguments[0] : try #require(AnydocProcess.executable, "the anydoc executable is not beside the test bundle")
        let arguments = viaProgram ? Array(arguments.dropFirst()) : arguments
        let name = UUID().uuidString
        let outputPath = tree.path("logs/\(name).out"), errorPath = tree.path("logs/\(name).err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: tree.root)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        if let input {
            let inputPath = tree.path("logs/\(name).in")
            try Data(input.utf8).write(to: URL(fileURLWithPath: inputPath))
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: inputPath))
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        return (process, outputPath, errorPath)
    }

    /// The canonical paths of the files `pid` has open (`/proc/PID/fd`),
    /// for a test that catches a process in the middle of a file.
    static func openFiles(of pid: Int32) -> Set<String> {
        let folder = "/proc/\(pid)/fd"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Set(names.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0) })
    }

    static func run(_ arguments: [String], in tree: BatchTree, input: String? = nil, seconds: Double = 60, viaProgram: Bool = false) throws -> Outcome {
        let (process, outputPath, errorPath) = try start(arguments, in: tree, input: input, viaProgram: viaProgram)
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return Outcome(
            status: process.terminationStatus,
            output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            errorOutput: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "",
            timedOut: timedOut)
    }
}

/// The image links of a Markdown text: `![alt](target)` and
/// `![alt](<target with spaces>)`, remote ones left out.
enum ImageLinks {
    static func local(in markdown: String) -> [String] {
        let pattern = #"!\[(?:[^\]\\]|\\.)*\]\((<[^>\n]*>|[^)\s]*)"#
        guard let expression = try? NSRegularExpression(pattern: pattern) else { return [] }
        let text = markdown as NSString
        return expression.matches(in: markdown, range: NSRange(location: 0, length: text.length)).compactMap { match in
            var target = text.substring(with: match.range(at: 1))
            if target.hasPrefix("<") { target = String(target.dropFirst().dropLast()) }
            if target.isEmpty || target.contains("://") || target.hasPrefix("//") || target.hasPrefix("data:") { return nil }
            return target.removingPercentEncoding ?? target
        }
    }

    /// The links of the Markdown file at `path` that do not resolve from
    /// its own folder.
    static func broken(inFileAt path: String) -> [String] {
        guard let markdown = try? String(contentsOfFile: path, encoding: .utf8) else { return ["<unreadable \(path)>"] }
        let folder = (path as NSString).deletingLastPathComponent
        return local(in: markdown).filter { !FileManager.default.fileExists(atPath: folder + "/" + $0) }
    }
}
