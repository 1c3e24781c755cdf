import AnyDocProjects
import AnyDocSwift
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// `anydoc convert … --chunks`: documents cut by `Chunker` into JSON Lines
/// (`ChunkRecord`, schema `anydoc.chunk/1`) for retrieval pipelines. One
/// file or standard input goes to standard output or `-o FILE`; several
/// files or a folder go to one stream (standard output, or `-o FILE.jsonl`)
/// or, with `-o FOLDER`, to one `.jsonl` per document mirroring the tree.
/// `jobs` files are converted at once; output and messages come in input
/// order, byte for byte as with one job.
struct ChunkOutput {
    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let options: ChunkOptions
    var jobs = 1

    /// The chunk options `--chunk-size`, `--chunk-unit` and `--chunk-overlap` give.
    static func options(_ parsed: ArgumentParser.Parsed) throws -> ChunkOptions {
        let size = try parsed.integer("chunk-size", in: ChunkOptions.smallestSize...100_000_000) ?? 8_000
        let unitName = parsed.value("chunk-unit") ?? "chars"
        guard let unit = ChunkOptions.Unit(rawValue: unitName) else {
            throw UsageError("--chunk-unit takes chars or tokens, not '\(unitName)'")
        }
        let overlap = try parsed.integer("chunk-overlap", in: 0...(size / 2)) ?? 0
        return ChunkOptions(maxSize: size, unit: unit, overlap: overlap)
    }

    func run(_ inputs: InputFiles, output: String?) throws -> Int32 {
        Interruption.install {}
        let toFolder = inputs.files.count > 1 || inputs.cameFromFolder
        if toFolder, let output, output != "-", !output.lowercased().hasSuffix(".jsonl") {
            return runIntoFolder(inputs, folder: output)
        }
        let file = try output.flatMap { $0 == "-" ? nil : $0 }.map { path throws(ConversionError) in try OutputFile(path: path) }
        let sink: FileDescriptorOutput = file?.output ?? FileDescriptorOutput(descriptor: 1)
        var failed = 0
        var closed = false
        forEachInOrder(inputs.files, walked: toFolder) { input, result in
            do throws(ConversionError) {
                try sink.write(try result.get())
            } catch {
                if error.kind == .io && error.reason.hasSuffix(String(cString: strerror(EPIPE))) { closed = true; return false }
                Terminal.writeErrorLine("anydoc: error: \(error.naming(Self.name(input.path)))")
                failed += 1
            }
            return true
        }
        if closed { return 0 }
        try file?.commit()
        return failed == 0 ? 0 : 1
    }

    /// Each input's JSON Lines, made `jobs` at a time and handed to `body`
    /// in input order, a window at a time so memory stays bounded; `body`
    /// returns false to stop.
    /// With `walked` (several inputs or a folder), only regular files are
    /// read, each the file the walk found, as a batch reads them; a file
    /// named alone is read as it comes, like `cat` would.
    private func forEachInOrder(
        _ files: [InputFiles.File], walked: Bool, _ body: (InputFiles.File, Result<String, ConversionError>) -> Bool
    ) {
        let workers = max(1, min(jobs, files.count))
        let sharing = ChunkOutput(
            converter: AnyDocConverter(options: converter.options.sharingCores(among: workers)), markdownOptions: markdownOptions, options: options)
        var start = 0
        while start < files.count {
            let window = Array(files[start..<min(start + workers * 4, files.count)])
            let results = Mutex([Result<String, ConversionError>?](repeating: nil, count: window.count))
            let next = Atomic(0)
            DispatchQueue.concurrentPerform(iterations: min(workers, window.count)) { _ in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < window.count else { return }
                    let result: Result<String, ConversionError>
                    do throws(ConversionError) {
                        result = .success(try sharing.lines(for: window[index], walked: walked))
                    } catch {
                        result = .failure(error)
                    }
                    results.withLock { $0[index] = result }
                }
            }
            for (input, result) in zip(window, results.withLock { $0 }) where !body(input, result!) { return }
            start += window.count
        }
    }

    /// One `.jsonl` per document under `folder`, named after its Markdown.
    /// Named as a batch names its Markdown files, so no two inputs
    /// (`a.docx`, `a.txt`) share one.
    private func runIntoFolder(_ inputs: InputFiles, folder: String) -> Int32 {
        var failed = 0
        let names = OutputNames.paths(for: inputs.files.map(\.relativePath), extension: "jsonl")
        var index = 0
        forEachInOrder(inputs.files, walked: true) { input, result in
            defer { index += 1 }
            do throws(ConversionError) {
                let text = try result.get()
                let file = try OutputFile(root: folder, relative: names[index])
                try file.output.write(text)
                try file.commit()
            } catch {
                Terminal.writeErrorLine("anydoc: error: \(error.naming(Self.name(input.path)))")
                failed += 1
            }
            return true
        }
        return failed == 0 ? 0 : 1
    }

    /// The chunks of one input as JSON Lines.
    private func lines(for input: InputFiles.File, walked: Bool) throws(ConversionError) -> String {
        let path = input.path
        let bytes: [UInt8]
        if path == "-" {
            bytes = try converter.readStandardInput()
        } else if walked {
            guard input.isRegular else { throw ConversionError.io("not a regular file").naming(path) }
            bytes = try converter.readRegularFile(at: path, expected: input.identity)
        } else {
            bytes = try converter.readFile(at: path)
        }
        let fileName = path == "-" ? nil : path
        // Cut by the model: the writer records where each block lies.
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: markdownOptions, limits: converter.options.limits)
        writer.recordsLayout = true
        let format = try converter.convert(bytes, fileName: fileName, into: writer)
        try writer.finish()
        for warning in writer.warnings { Terminal.writeErrorLine("anydoc: warning: \(Self.name(path)): \(warning)") }
        let chunks = SectionSplitter.chunks(output.text, layout: writer.layout, family: format.family, options: options)
        let records = ChunkRecord.records(chunks, format: format, document: Self.name(path), sourceSha256: SHA256.hex(bytes))
        return JSONLines.encode(records)
    }

    private static func name(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}

/// Values as JSON Lines: one compact object per line, keys sorted.
enum JSONLines {
    static func encode<Value: Encodable>(_ values: [Value]) -> String {
        var text = ""
        for value in values { text += line(value) }
        return text
    }

    static func line<Value: Encodable>(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
