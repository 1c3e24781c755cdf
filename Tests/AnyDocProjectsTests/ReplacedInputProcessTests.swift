import Foundation
import Testing

/// A file replaced by a link out of the folder after the walk found it
/// and before it is read: `convert` and `ingest` refuse it unread. The
/// process is stopped while it reads the first input, the second is
/// swapped, and the process goes on.
@Suite struct ReplacedInputProcessTests {
    @Test(arguments: ["convert", "ingest"])
    func aFileSwappedForALinkAfterTheWalkIsNotRead(command: String) throws {
        let tree = try BatchTree()
        // Large enough to be caught open, within the table cell limit.
        try tree.write("d/a.csv", String(repeating: "1,2\n", count: 400_000))
        try tree.write("d/z.md", "# Inside\n")
        try tree.write("secret/s.md", "# Secret from outside\n")
        let arguments = command == "convert"
            ? ["convert", "d", "-o", "o", "--jobs", "1"]
            : ["ingest", "d", "--project", "p", "--store", "st", "--jobs", "1"]
        let (process, _, errorPath) = try BatchRun.start(arguments, in: tree)
        let pid = process.processIdentifier
        let first = try #require(Self.realPath(tree.path("d/a.csv")))
        let deadline = Date().addingTimeInterval(60)
        var stopped = false
        while !stopped, process.isRunning, Date() < deadline {
            if BatchRun.openFiles(of: pid).contains(first) {
                kill(pid, SIGSTOP)
                stopped = true
            } else {
                usleep(200)
            }
        }
        try #require(stopped, "never caught reading the first input")
        try FileManager.default.removeItem(atPath: tree.path("d/z.md"))
        try tree.link("d/z.md", to: "../secret/s.md")
        kill(pid, SIGCONT)
        process.waitUntilExit()
        let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        #expect(process.terminationStatus == 1, "\(errors)")
        let firstConverted = command == "convert" ? "Converted 1 of 2 files" : "1 added"
        #expect(errors.contains(firstConverted), "only the swapped file fails: \(errors)")
        #expect(errors.contains("replaced since its folder was read"), "\(errors)")
        if command == "convert" {
            #expect(tree.read("o/z.md") == nil)
        } else {
            let read = try BatchRun.run(["resources", "read", "z.md", "--project", "p", "--store", "st"], in: tree)
            #expect(!read.output.contains("Secret"), "\(read.output)")
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
