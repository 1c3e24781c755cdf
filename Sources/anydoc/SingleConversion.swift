import AnyDocSwift
import FoundationEssentials
import Glibc

/// `anydoc convert` of one input: to standard output, to a file, or into
/// a folder named with `-o` (as `folder/<name>.md`).
struct SingleConversion {
    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let assetsFolder: String?

    func run(_ path: String, output: String?) -> Int32 {
        Interruption.install {}
        do {
            // A file is read as the conversion goes; standard input whole.
            let input = path == "-" ? try read(path) : nil
            guard let target = outputPath(for: path, output) else {
                let job = ConversionJob(converter: converter, markdownOptions: markdownOptions, assets: assets(markdownFolder: nil))
                let outcome = if let input { try job.convertToStandardOutput(input, name: nil) } else {
                    try job.convertToStandardOutput(fileAt: path)
                }
                warn(outcome.warnings, path)
                return 0
            }
            let job = ConversionJob(
                converter: converter, markdownOptions: markdownOptions,
                assets: assets(markdownFolder: PathName.folder(target)))
            let outcome = if let input { try job.convert(input, name: nil, into: OutputFile(path: target)) } else {
                try job.convert(fileAt: path, into: OutputFile(path: target))
            }
            warn(outcome.warnings, path)
            return 0
        } catch {
            // A reader that stopped reading (`| head`) is not a failure to report.
            if error.kind == .io && error.reason.hasSuffix(String(cString: strerror(EPIPE))) { return 0 }
            Terminal.writeErrorLine("anydoc: error: \(error)")
            return 1
        }
    }

    private func warn(_ warnings: [String], _ path: String) {
        for warning in warnings { Terminal.writeErrorLine("anydoc: warning: \(path == "-" ? "<stdin>" : path): \(warning)") }
    }

    private func read(_ path: String) throws(ConversionError) -> [UInt8] {
        guard path == "-" else { return try converter.readFile(at: path) }
        do {
            return try converter.readStandardInput()
        } catch {
            throw error.naming("<stdin>")
        }
    }

    /// The file to write, nil for standard output; an existing folder (or
    /// a path ending in `/`) gets the input's name with `.md`.
    /// Refuses an output that is the input itself (`convert a.md -o
    /// a.md`): it would be replaced before it is read.
    func refuseOverwritingInput(_ path: String, output: String?) throws {
        guard path != "-", let target = outputPath(for: path, output),
              let input = FileIdentity(path: path), FileIdentity(path: target) == input else { return }
        throw UsageError("the output \(target) would replace the input; choose another output")
    }

    private func outputPath(for input: String, _ output: String?) -> String? {
        guard let output, output != "-" else { return nil }
        var status = stat()
        let isFolder = stat(output, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
        guard isFolder || output.hasSuffix("/") else { return output }
        let base = input == "-" ? "stdin" : PathName.removingExtension(PathName.last(input))
        return (output.hasSuffix("/") ? output : output + "/") + base + ".md"
    }

    /// The assets folder as given, linked relative to the Markdown file's
    /// folder (or, on standard output, to the working folder).
    private func assets(markdownFolder: String?) -> ConversionJob.Assets? {
        guard let assetsFolder else { return nil }
        guard let markdownFolder else { return ConversionJob.Assets(root: assetsFolder, relative: "", linkPrefix: assetsFolder) }
        let link = RelativeLink.path(from: markdownFolder.isEmpty ? "." : markdownFolder, to: assetsFolder)
        return ConversionJob.Assets(root: assetsFolder, relative: "", linkPrefix: link)
    }
}
