import AnyDocProjects
import AnyDocSwift
import FoundationEssentials
import Glibc

/// `anydoc convert … --chunks`: documents cut by `Chunker` into JSON Lines
/// (`ChunkRecord`, schema `anydoc.chunk/1`) for retrieval pipelines. One
/// file or standard input goes to standard output or `-o FILE`; several
/// files or a folder go to one stream (standard output, or `-o FILE.jsonl`)
/// or, with `-o FOLDER`, to one `.jsonl` per document mirroring the tree.
struct ChunkOutput {
    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let options: ChunkOptions

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
        for input in inputs.files {
            do {
                try sink.write(try lines(for: input.path))
            } catch {
                if error.kind == .io && error.reason.hasSuffix(String(cString: strerror(EPIPE))) { return 0 }
                Terminal.writeError("anydoc: error: \(Self.name(input.path)): \(error)\n")
                failed += 1
            }
        }
        try file?.commit()
        return failed == 0 ? 0 : 1
    }

    /// One `.jsonl` per document under `folder`, named after its Markdown.
    private func runIntoFolder(_ inputs: InputFiles, folder: String) -> Int32 {
        var failed = 0
        for input in inputs.files {
            do {
                let text = try lines(for: input.path)
                let relative = PathName.removingExtension(input.relativePath) + ".jsonl"
                let file = try OutputFile(root: folder, relative: relative)
                try file.output.write(text)
                try file.commit()
            } catch {
                Terminal.writeError("anydoc: error: \(Self.name(input.path)): \(error)\n")
                failed += 1
            }
        }
        return failed == 0 ? 0 : 1
    }

    /// The chunks of one input as JSON Lines.
    private func lines(for path: String) throws(ConversionError) -> String {
        let bytes = try path == "-" ? converter.readStandardInput() : converter.readFile(at: path)
        let fileName = path == "-" ? nil : path
        let (markdown, warnings) = try converter.markdownWithWarnings(bytes, fileName: fileName, options: markdownOptions)
        for warning in warnings { Terminal.writeError("anydoc: warning: \(Self.name(path)): \(warning)\n") }
        let format = converter.options.format ?? converter.detect(bytes, fileName: fileName).format
        let records = ChunkRecord.records(
            markdown: markdown, format: format, options: options, document: Self.name(path), sourceSha256: SHA256.hex(bytes))
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
