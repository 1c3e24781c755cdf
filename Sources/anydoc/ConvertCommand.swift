import AnyDocSwift
import Dispatch
import FoundationEssentials
import Glibc
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
        parser.option("jobs", short: "j", value: "n", help: "Convert this many files at once (default: the cores this process may use).")
        parser.option("assets", value: "folder", help: "Write embedded images there (one folder per document in a batch), linked relative to each Markdown file.")
        parser.option("password", value: "text", help: "Password for an encrypted PDF.")
        parser.option("ocr", value: "auto|always|never", help: "When PDF pages are OCRed (default auto: pages without a text layer).")
        parser.option("ocr-lang", value: "lang", help: "Tesseract languages, e.g. eng, chi_sim, jpn+eng (default: eng, and pages that read poorly in the model of their detected script).")
        parser.option("ocr-dpi", value: "dpi", help: "Resolution pages are rendered at for OCR (default 300).")
        parser.option("ocr-workers", value: "n", help: "Threads that OCR one document's pages (default: the cores, shared among the files converted at once).")
        parser.option("time-limit", value: "seconds", help: "Give up on a document after this long (default 120).")
        parser.flag("front-matter", help: "Open the output with YAML front matter from the document's metadata.")
        parser.flag("no-markers", help: "Leave out page markers and slide numbers.")
        parser.flag("hidden-sheets", help: "Include sheets the workbook hides.")
        parser.flag("headers-footers", help: "Include page headers and footers.")
        parser.flag("no-comments", help: "Leave out document comments.")
        parser.flag("embedded-objects", help: "Follow each embedded object's name with its content where it is an Office document (DOCX, PPTX).")
        parser.option("timings", value: "file", help: "Write each file's times as TSV (path, conversion ms, outcome, total ms with the output file), for benchmarks.")
        parser.flag("chunks", help: "Cut documents into chunks for retrieval, as JSON Lines (see README, Chunks).")
        parser.option("chunk-size", value: "n", help: "No chunk is longer than this, in --chunk-unit (default 8000).")
        parser.option("chunk-unit", value: "chars|tokens", help: "What --chunk-size counts: characters or approximate tokens (default chars).")
        parser.option("chunk-overlap", value: "n", help: "Start each chunk with up to this much of the previous one (default 0).")
        parser.flag("jsonl", help: "Worker protocol: one JSON record per input (path, status, Markdown or chunks, metadata, timings) on standard output.")
        parser.option("shard", value: "K/N", help: "With --jsonl: take only shard K (0-based) of N of the inputs.")
        parser.flag("quiet", short: "q", help: "No progress line and no summary; failures are still printed.")
        parser.flag("incremental", help: "Skip inputs unchanged (size, modification time) since their output was written.")
        parser.option("report", value: "file", help: "Write one JSON line per input (path, output, format, status, error, ms, bytes).")
        parser.option("files-from", value: "file|-", help: "Convert the files listed there, one per line, mirroring their paths.")
        parser.flag("null", short: "0", help: "The --files-from list is separated by NUL bytes, not lines.")
        parser.flag("follow-links", help: "Follow links to folders (each real folder once) and links leaving the input folder.")
        parser.option("extensions", value: "list", help: "Only take files with these extensions (docx,pdf,…) from folders, not all detected by content.")
        return parser
    }

    static func run(_ arguments: ArraySlice<String>) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let listed = try listedInputs(parsed)
        if parsed.has("jsonl") { return try worker(parsed, listed: listed) }
        if parsed.has("shard") { throw UsageError("--shard divides the work of --jsonl workers; it needs --jsonl") }
        guard !parsed.positionals.isEmpty || !listed.isEmpty else {
            throw UsageError("convert needs a file, a folder or - for standard input")
        }
        let options = try conversionOptions(parsed)
        var markdownOptions = MarkdownOptions()
        markdownOptions.frontMatter = parsed.has("front-matter")
        markdownOptions.provenanceMarkers = !parsed.has("no-markers")
        // The default is looked up only for a batch: a single file needs no
        // reading of the CPU affinity and control group files.
        let askedJobs = try parsed.integer("jobs", in: 1...1024)
        var jobs: Int { askedJobs ?? UsableProcessors.count }
        let inputs = try InputFiles(paths: parsed.positionals, listed: listed, selection: selection(parsed))
        let converter = AnyDocConverter(options: options)

        if parsed.has("chunks") {
            let output = ChunkOutput(converter: converter, markdownOptions: markdownOptions, options: try ChunkOutput.options(parsed), jobs: jobs)
            return try output.run(inputs, output: parsed.value("output"))
        }
        if inputs.files.count == 1 && !inputs.cameFromFolder {
            let single = SingleConversion(converter: converter, markdownOptions: markdownOptions, assetsFolder: parsed.value("assets"))
            try single.refuseOverwritingInput(inputs.files[0].path, output: parsed.value("output"))
            return single.run(inputs.files[0].path, output: parsed.value("output"))
        }
        guard let outputFolder = parsed.value("output") else {
            throw UsageError("several inputs or a folder need -o <output folder>")
        }
        let batch = BatchConversion(
            converter: converter, markdownOptions: markdownOptions, assetsFolder: parsed.value("assets"),
            outputFolder: outputFolder, jobs: jobs, timingsPath: parsed.value("timings"), reportPath: parsed.value("report"),
            showProgress: !parsed.has("quiet") && Terminal.standardErrorIsTerminal, quiet: parsed.has("quiet"),
            incremental: parsed.has("incremental"))
        return try batch.run(inputs)
    }

    /// `--jsonl`: the worker protocol over the paths given and listed,
    /// taken as they are (a missing one gives a failed record).
    private static func worker(_ parsed: ArgumentParser.Parsed, listed: [String]) throws -> Int32 {
        let shard = try WorkerOutput.shard(parsed.value("shard"))
        let paths = (parsed.positionals + listed).filter { shard == nil || WorkerOutput.belongs($0, to: shard!) }
        let chunks = parsed.has("chunks") ? try ChunkOutput.options(parsed) : nil
        let jobs = try parsed.integer("jobs", in: 1...1024) ?? UsableProcessors.count
        return WorkerOutput(converter: AnyDocConverter(options: try conversionOptions(parsed)), chunks: chunks, jobs: jobs).run(paths)
    }

    private static func conversionOptions(_ parsed: ArgumentParser.Parsed) throws -> ConversionOptions {
        var options = ConversionOptions()
        if let name = parsed.value("format") {
            guard let format = DocumentFormat(rawValue: name.lowercased()) ?? DocumentFormat(fileExtension: name) else {
                let names = DocumentFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown format '\(name)'; the formats are \(names)")
            }
            options.format = format
        }
        options.password = parsed.value("password")
        options.includeHiddenSheets = parsed.has("hidden-sheets")
        options.includeHeadersAndFooters = parsed.has("headers-footers")
        options.includeComments = !parsed.has("no-comments")
        options.includeEmbeddedObjects = parsed.has("embedded-objects")
        if let seconds = try parsed.number("time-limit") { options.limits.timeLimitSeconds = seconds }
        if let mode = parsed.value("ocr") {
            guard let ocrMode = ConversionOptions.OCRMode(rawValue: mode) else {
                throw UsageError("--ocr takes auto, always or never, not '\(mode)'")
            }
            options.ocrMode = ocrMode
        }
        if let language = parsed.value("ocr-lang") {
            options.ocrLanguage = language
            options.ocrDetectsScript = false
        }
        if let dpi = try parsed.integer("ocr-dpi", in: 72...1200) { options.ocrDPI = dpi }
        if let workers = try parsed.integer("ocr-workers", in: 1...64) { options.ocrWorkers = workers }
        // Image bytes are only ever written to the assets folder.
        options.readsImageBytes = parsed.value("assets") != nil
        return options
    }

    /// How folders are walked; the output and assets folders, when they
    /// already exist, are never read as input.
    private static func selection(_ parsed: ArgumentParser.Parsed) -> InputFiles.Selection {
        var selection = InputFiles.Selection()
        selection.followLinks = parsed.has("follow-links")
        if let list = parsed.value("extensions") {
            selection.extensions = Set(list.split(separator: ",").map { String($0.drop { $0 == "." || $0 == " " }.reversed().drop { $0 == "." || $0 == " " }.reversed()).lowercased() })
        }
        for folder in [parsed.value("output"), parsed.value("assets")].compactMap({ $0 }) {
            if let identity = FileIdentity(path: folder) { selection.excluded.insert(identity) }
        }
        return selection
    }

    /// The paths `--files-from` lists (a file, or `-` for standard input).
    private static func listedInputs(_ parsed: ArgumentParser.Parsed) throws -> [String] {
        guard let source = parsed.value("files-from") else {
            if parsed.has("null") { throw UsageError("-0 goes with --files-from") }
            return []
        }
        let data = source == "-" ? try? AnyDocConverter().readStandardInput() : FileManager.default.contents(atPath: source).map(Array.init)
        guard let data else { throw UsageError("cannot read the list \(source)") }
        let separator: UInt8 = parsed.has("null") ? 0 : 10
        return data.split(separator: separator).map { String(decoding: $0, as: UTF8.self) }
            .map { separator == 10 && $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
            .filter { !$0.isEmpty }
    }
}
