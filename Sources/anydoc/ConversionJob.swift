import AnyDocSwift
import FoundationEssentials
import Glibc

/// Converts one document to a Markdown file or standard output, writing
/// its images, if any, to its assets folder.
struct ConversionJob: Sendable {
    /// Where a document's images go: a folder below a root, reached
    /// without following links, and the prefix its links use.
    struct Assets: Sendable {
        let root: String
        let relative: String
        let linkPrefix: String
    }

    /// What a conversion did, for the summary and `--report`.
    struct Outcome {
        var seconds = 0.0
        var bytesIn = 0
        var bytesOut = 0
        var format: DocumentFormat?
        /// What the converter noted but did not fail on (a page left blank).
        var warnings: [String] = []
    }

    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let assets: Assets?

    /// Converts `bytes` into `file` and commits it. The seconds counted
    /// are those spent converting into Markdown in memory, without
    /// creating, writing and renaming the output file, which costs the
    /// file system more than converting a small document does.
    func convert(_ bytes: [UInt8], name: String?, into file: OutputFile) throws(ConversionError) -> Outcome {
        var outcome = try convert(name: name, into: file) { (writer) throws(ConversionError) in
            try converter.convert(bytes, fileName: name, into: writer)
        }
        outcome.bytesIn = bytes.count
        return outcome
    }

    /// Converts the file at `path` into `file`, reading it as the
    /// conversion goes where its format allows. With `regularOnly`, as a
    /// folder walk needs, anything but a regular file is refused unread.
    /// With `expected`, a file other than the one the walk found is refused.
    func convert(
        fileAt path: String, into file: OutputFile, regularOnly: Bool = false, expected: FileIdentity? = nil
    ) throws(ConversionError) -> Outcome {
        try convert(name: path, into: file) { (writer) throws(ConversionError) in
            if regularOnly { return try converter.convert(regularFileAt: path, expected: expected, into: writer) }
            return try converter.convert(fileAt: path, into: writer)
        }
    }

    private func convert(
        name: String?, into file: OutputFile, _ body: (MarkdownWriter) throws(ConversionError) -> DocumentFormat
    ) throws(ConversionError) -> Outcome {
        let converting = MonotonicClock.seconds()
        do {
            let writer = MarkdownWriter(output: file.output, options: options, limits: converter.options.limits)
            let format = try body(writer)
            try writer.completeDocument()
            let converted = MonotonicClock.seconds()
            try writer.finish()
            try writeAssets(writer.assets)
            let size = file.size
            try file.commit()
            return Outcome(seconds: converted - converting, bytesOut: size, format: format, warnings: writer.warnings)
        } catch {
            file.discard()
            throw name.map { error.naming($0) } ?? error.naming("<stdin>")
        }
    }

    /// Converts `bytes` to standard output.
    func convertToStandardOutput(_ bytes: [UInt8], name: String?) throws(ConversionError) -> Outcome {
        var outcome = try convertToStandardOutput(name: name) { (writer) throws(ConversionError) in
            try converter.convert(bytes, fileName: name, into: writer)
        }
        outcome.bytesIn = bytes.count
        return outcome
    }

    /// Converts the file at `path` to standard output, reading it as the
    /// conversion goes where its format allows.
    func convertToStandardOutput(fileAt path: String) throws(ConversionError) -> Outcome {
        try convertToStandardOutput(name: path) { (writer) throws(ConversionError) in
            try converter.convert(fileAt: path, into: writer)
        }
    }

    private func convertToStandardOutput(
        name: String?, _ body: (MarkdownWriter) throws(ConversionError) -> DocumentFormat
    ) throws(ConversionError) -> Outcome {
        do {
            let writer = MarkdownWriter(output: FileDescriptorOutput(descriptor: 1), options: options, limits: converter.options.limits)
            let format = try body(writer)
            try writer.finish()
            try writeAssets(writer.assets)
            return Outcome(format: format, warnings: writer.warnings)
        } catch {
            throw name.map { error.naming($0) } ?? error.naming("<stdin>")
        }
    }

    private var options: MarkdownOptions {
        var options = markdownOptions
        if let assets { options.embeddedImages = .link(prefix: assets.linkPrefix) }
        return options
    }

    private func writeAssets(_ written: [Asset]) throws(ConversionError) {
        guard let assets, !written.isEmpty else { return }
        let folder = try ContainedFolder(root: assets.root, relative: assets.relative)
        for asset in written {
            try folder.write(asset.bytes, as: Asset.fileName(for: asset.name))
        }
    }
}
