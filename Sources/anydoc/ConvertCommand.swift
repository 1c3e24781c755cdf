import AnyDocSwift
import Dispatch
import Foundation
import Synchronization

/// `anydoc convert`: documents to Markdown, one file to standard output
/// or many files in parallel into a mirrored folder.
enum ConvertCommand {
    static var parser: ArgumentParser {
        var parser = ArgumentParser(
            command: "convert",
            summary: "Convert documents to GitHub-Flavored Markdown.",
            usage: "anydoc convert <file|folder|-> ... [-o <output>] [options]")
        parser.option("output", short: "o", value: "path", help: "Write to this file (one input) or folder (several inputs or a folder).")
        parser.option("format", value: "name", help: "Read the input as this format (docx, csv, md, …) instead of detecting it.")
        parser.option("jobs", short: "j", value: "n", help: "Convert this many files at once (default: the number of cores).")
        parser.option("assets", value: "folder", help: "Write embedded images there and link them as ![alt](folder/name).")
        parser.option("password", value: "text", help: "Password for an encrypted PDF.")
        parser.option("ocr", value: "auto|always|never", help: "When PDF pages are OCRed (default auto: pages without a text layer).")
        parser.option("ocr-lang", value: "lang", help: "Tesseract languages, e.g. eng, chi_sim, jpn+eng (default eng).")
        parser.option("ocr-dpi", value: "dpi", help: "Resolution pages are rendered at for OCR (default 300).")
        parser.option("ocr-workers", value: "n", help: "Threads that OCR one document's pages (default: the cores, shared among the files converted at once).")
        parser.option("time-limit", value: "seconds", help: "Give up on a document after this long (default 120).")
        parser.flag("front-matter", help: "Open the output with YAML front matter from the document's metadata.")
        parser.flag("no-markers", help: "Leave out page markers and slide numbers.")
        parser.flag("hidden-sheets", help: "Include sheets the workbook hides.")
        parser.flag("headers-footers", help: "Include page headers and footers.")
        parser.flag("no-comments", help: "Leave out document comments.")
        parser.option("timings", value: "file", help: "Write each file's times as TSV (path, conversion ms, outcome, total ms with the output file), for benchmarks.")
        parser.flag("chunks", help: "Print sections (heading path, page/slide/sheet, offsets, text) as JSON Lines.")
        parser.option("chunk-size", value: "chars", help: "Longest chunk in characters with --chunks (default 8000).")
        parser.flag("quiet", short: "q", help: "No progress line and no summary.")
        return parser
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        guard !parsed.positionals.isEmpty else { throw UsageError("convert needs a file, a folder or - for standard input") }

        var options = ConversionOptions()
        if let name = parsed.value("format") {
            guard let format = DocumentFormat(rawValue: name.lowercased()) ?? DocumentFormat(fileExtension: name) else {
                throw UsageError("unknown format '\(name)'")
            }
            options.format = format
        }
        options.password = parsed.value("password")
        options.includeHiddenSheets = parsed.has("hidden-sheets")
        options.includeHeadersAndFooters = parsed.has("headers-footers")
        options.includeComments = !parsed.has("no-comments")
        if let seconds = try parsed.number("time-limit") { options.limits.timeLimitSeconds = seconds }
        if let mode = parsed.value("ocr") {
            guard let ocrMode = ConversionOptions.OCRMode(rawValue: mode) else {
                throw UsageError("--ocr takes auto, always or never, not '\(mode)'")
            }
            options.ocrMode = ocrMode
        }
        if let language = parsed.value("ocr-lang") { options.ocrLanguage = language }
        if let dpi = try parsed.integer("ocr-dpi", in: 72...1200) { options.ocrDPI = dpi }
        if let workers = try parsed.integer("ocr-workers", in: 1...64) { options.ocrWorkers = workers }

        var markdownOptions = MarkdownOptions()
        markdownOptions.frontMatter = parsed.has("front-matter")
        markdownOptions.provenanceMarkers = !parsed.has("no-markers")
        let assetsFolder = parsed.value("assets")
        if let assetsFolder { markdownOptions.embeddedImages = .link(prefix: assetsFolder) }
        // Image bytes are only ever written to the assets folder.
        options.readsImageBytes = assetsFolder != nil

        let inputs = try InputFiles(paths: parsed.positionals)
        let converter = AnyDocConverter(options: options)
        let quiet = parsed.has("quiet")

        if parsed.has("chunks") {
            guard inputs.files.count == 1, !inputs.cameFromFolder else { throw UsageError("--chunks takes one file") }
            let size = try parsed.integer("chunk-size", in: 100...10_000_000) ?? 8_000
            let path = inputs.files[0].path
            do {
                let bytes = try path == "-" ? converter.readStandardInput() : converter.readFile(at: path)
                let (markdown, warnings) = try converter.markdownWithWarnings(bytes, fileName: path == "-" ? nil : path, options: markdownOptions)
                ConversionJob.report(warnings, of: path == "-" ? nil : path)
                try ChunkOutput.write(markdown: markdown, format: converter.detect(bytes, fileName: path).format, maxLength: size)
                return 0
            } catch {
                Terminal.writeError("anydoc: error: \(error)\n")
                return 1
            }
        }

        if inputs.files.count == 1 && !inputs.cameFromFolder {
            let job = ConversionJob(converter: converter, markdownOptions: markdownOptions, assetsFolder: assetsFolder)
            do {
                try job.convert(inputs.files[0].path, to: parsed.value("output"))
                return 0
            } catch {
                Terminal.writeError("anydoc: error: \(error)\n")
                return 1
            }
        }

        guard let outputFolder = parsed.value("output") else {
            throw UsageError("several inputs or a folder need -o <output folder>")
        }
        let jobs = try parsed.integer("jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        let batch = BatchConversion(
            converter: converter, markdownOptions: markdownOptions, assetsFolder: assetsFolder,
            outputFolder: outputFolder, jobs: jobs, timingsPath: parsed.value("timings"),
            showProgress: !quiet && Terminal.standardErrorIsTerminal)
        let report = batch.run(inputs)
        if !quiet { Terminal.writeError(report.summary) }
        return report.failures.isEmpty ? 0 : 1
    }
}

/// Converts one document to a Markdown file or standard output.
struct ConversionJob: Sendable {
    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let assetsFolder: String?

    /// Converts the document and returns the seconds spent reading and
    /// converting it into Markdown in memory, without creating, writing
    /// and renaming the output file, which costs the file system more than
    /// converting a small document does. (Markdown over the writer's 64 KB
    /// buffer is written as it is produced, and counted.)
    @discardableResult
    func convert(_ path: String, to outputPath: String?) throws(ConversionError) -> Double {
        let start = Terminal.monotonicSeconds()
        let bytes: [UInt8]
        let name: String?
        if path == "-" {
            do {
                bytes = try converter.readStandardInput()
            } catch {
                throw error.naming("<stdin>")
            }
            name = nil
        } else {
            bytes = try converter.readFile(at: path)
            name = path
        }
        if let outputPath, outputPath != "-" {
            let openStart = Terminal.monotonicSeconds()
            let file = try OutputFile(path: outputPath)
            let converting = Terminal.monotonicSeconds()
            do {
                let writer = MarkdownWriter(output: file.output, options: markdownOptions, limits: converter.options.limits)
                try converter.convert(bytes, fileName: name, into: writer)
                try writer.completeDocument()
                let converted = Terminal.monotonicSeconds()
                try writer.finish()
                Self.report(writer.warnings, of: name)
                try writeAssets(writer.assets)
                try file.commit()
                return (openStart - start) + (converted - converting)
            } catch {
                file.discard()
                throw error
            }
        } else {
            let writer = MarkdownWriter(output: FileDescriptorOutput(descriptor: 1), options: markdownOptions, limits: converter.options.limits)
            try converter.convert(bytes, fileName: name, into: writer)
            try writer.finish()
            let seconds = Terminal.monotonicSeconds() - start
            Self.report(writer.warnings, of: name)
            try writeAssets(writer.assets)
            return seconds
        }
    }

    /// Warnings go to standard error, so an empty or partial result is
    /// never silent.
    static func report(_ warnings: [String], of name: String?) {
        for warning in warnings {
            Terminal.writeError("anydoc: warning: \(name ?? "<stdin>"): \(warning)\n")
        }
    }

    private func writeAssets(_ assets: [Asset]) throws(ConversionError) {
        guard let assetsFolder, !assets.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: assetsFolder, withIntermediateDirectories: true)
            for asset in assets {
                let safeName = asset.name.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "..", with: "_")
                try Data(asset.bytes).write(to: URL(fileURLWithPath: assetsFolder).appendingPathComponent(safeName))
            }
        } catch {
            throw .io("cannot write assets to \(assetsFolder): \(error.localizedDescription)")
        }
    }
}
