import Foundation
import Testing
@testable import AnyDocProjects

/// The built `anydoc` executable, run as a child process the way a user or
/// a script runs it. It sits beside the test bundle in the build folder
/// (`swift build --build-tests` and `swift test` build every product);
/// `ANYDOC_BINARY` names another one.
enum AnydocProcess {
    struct Outcome {
        var status: Int32
        var output: String
        var errorOutput: String

        /// Standard output decoded as JSON with snake_case keys, the shape
        /// every `--json` command prints.
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try AnydocProcess.decode(type, from: Data(output.utf8))
        }
    }

    /// Decodes what a `--json` command printed: the library's types name
    /// their snake_case keys, so a plain decoder reads them.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    static let executable: String? = {
        if let path = ProcessInfo.processInfo.environment["ANYDOC_BINARY"], !path.isEmpty { return path }
        // On Linux the test bundle is itself the running executable.
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let candidate = testBinary.deletingLastPathComponent().appendingPathComponent("anydoc").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()

    /// A program found on the `PATH`, as a shell would find it.
    static func findProgram(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `anydoc arguments…` with its output going to files in
    /// `folder`; the caller waits for it or kills it.
    static func start(_ arguments: [String], logsIn folder: String) throws -> (Process, output: String, errorOutput: String) {
        let binary = try #require(executable, "the anydoc executable is not beside the test bundle; build it or set ANYDOC_BINARY")
        let name = UUID().uuidString
        let outputPath = folder + "/" + name + ".out"
        let errorPath = folder + "/" + name + ".err"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        // Files, not pipes: a child that writes more than a pipe holds
        // would otherwise block until someone reads.
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, outputPath, errorPath)
    }

    /// Runs `anydoc arguments…` to the end.
    static func run(_ arguments: [String], logsIn folder: String) throws -> Outcome {
        let (process, outputPath, errorPath) = try start(arguments, logsIn: folder)
        process.waitUntilExit()
        return collect(process, outputPath, errorPath)
    }

    static func collect(_ process: Process, _ outputPath: String, _ errorPath: String) -> Outcome {
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let errorOutput = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(status: process.terminationStatus, output: output, errorOutput: errorOutput)
    }
}

/// The real-world corpus beside the checkout (`../shared/corpus`), read
/// only: tests copy what they change into their own temporary folder.
enum CorpusFolder {
    /// Symbolic links resolved: a directory walk does not enter a root
    /// that is itself a link (as `../shared/corpus` may be).
    static let root = URL(fileURLWithPath: Fixture.packageRoot + "/../shared/corpus").resolvingSymlinksInPath().path
    static var isPresent: Bool { FileManager.default.fileExists(atPath: root + "/MANIFEST.tsv") }

    /// Every regular file below `folder`, as paths relative to it, hidden
    /// ones included: what an ingest must account for.
    static func files(below folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// Copies corpus files (relative paths) into `target`, keeping their
    /// folders, with `prefix` before each name.
    static func copy(_ paths: [String], to target: String, prefix: String = "") throws {
        for path in paths {
            let destination = target + "/" + (path as NSString).deletingLastPathComponent + "/" + prefix + (path as NSString).lastPathComponent
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: root + "/" + path, toPath: destination)
            chmod(destination, 0o644)
        }
    }
}
