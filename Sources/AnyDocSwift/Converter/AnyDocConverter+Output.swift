/// Conversions that render Markdown to an output and finish it: the
/// streaming path without a `MarkdownWriter` to create, cap and finish by
/// hand (forgetting `finish()` would lose everything still buffered).
extension AnyDocConverter {
    /// Converts `bytes` and writes the Markdown to `output`, finished.
    @discardableResult
    public func convert(
        _ bytes: [UInt8], fileName: String? = nil, to output: MarkdownOutput, options markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> ConversionSummary {
        try convert(bytes, fileName: fileName, to: output, options: markdownOptions, cancellation: nil)
    }

    /// Reads the file at `path`, converts it and writes the Markdown to
    /// `output`, finished.
    @discardableResult
    public func convert(
        fileAt path: String, to output: MarkdownOutput, options markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> ConversionSummary {
        try convert(readFile(at: path), fileName: path, to: output, options: markdownOptions)
    }

    /// Reads the file at `path` and converts it to Markdown.
    public func markdown(fileAt path: String, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        try markdown(readFile(at: path), fileName: path, options: markdownOptions)
    }

    /// Reads the file at `path` and converts it into a `Document`.
    public func document(fileAt path: String) throws(ConversionError) -> Document {
        try document(readFile(at: path), fileName: path)
    }

    /// Reads the file at `path` and converts it to Markdown, with the
    /// conversion's warnings.
    public func markdownWithWarnings(
        fileAt path: String, options markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> (markdown: String, warnings: [String]) {
        try markdownWithWarnings(readFile(at: path), fileName: path, options: markdownOptions)
    }

    func convert(
        _ bytes: [UInt8], fileName: String?, to output: MarkdownOutput, options markdownOptions: MarkdownOptions,
        cancellation: CancellationFlag?
    ) throws(ConversionError) -> ConversionSummary {
        let writer = MarkdownWriter(output: output, options: markdownOptions, limits: options.limits)
        let format = try convert(bytes, fileName: fileName, into: writer, cancellation: cancellation)
        try writer.finish()
        return ConversionSummary(format: format, warnings: writer.warnings)
    }

    func document(_ bytes: [UInt8], fileName: String?, cancellation: CancellationFlag?) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        try convert(bytes, fileName: fileName, into: collector, cancellation: cancellation)
        return collector.document
    }
}
