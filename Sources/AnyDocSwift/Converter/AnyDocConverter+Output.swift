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

    /// Converts the file at `path` and writes the Markdown to `output`,
    /// finished; a large text file or a ZIP package is read from the file
    /// as the conversion goes, never whole (see `convert(fileAt:into:)`).
    @discardableResult
    public func convert(
        fileAt path: String, to output: MarkdownOutput, options markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> ConversionSummary {
        try convert(fileAt: path, to: output, options: markdownOptions, cancellation: nil)
    }

    /// Converts the file at `path` to Markdown.
    public func markdown(fileAt path: String, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        try markdownWithWarnings(fileAt: path, options: markdownOptions).markdown
    }

    /// Converts the file at `path` into a `Document`.
    public func document(fileAt path: String) throws(ConversionError) -> Document {
        try document(fileAt: path, cancellation: nil)
    }

    /// Converts the file at `path` to Markdown, with the conversion's
    /// warnings.
    public func markdownWithWarnings(
        fileAt path: String, options markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> (markdown: String, warnings: [String]) {
        let output = StringOutput()
        let summary = try convert(fileAt: path, to: output, options: markdownOptions, cancellation: nil)
        return (output.text, summary.warnings)
    }

    func convert(
        fileAt path: String, to output: MarkdownOutput, options markdownOptions: MarkdownOptions, cancellation: CancellationFlag?
    ) throws(ConversionError) -> ConversionSummary {
        let writer = MarkdownWriter(output: output, options: markdownOptions, limits: options.limits)
        let format = try convert(fileAt: path, into: writer, cancellation: cancellation)
        try writer.finish()
        return ConversionSummary(format: format, warnings: writer.warnings)
    }

    func document(fileAt path: String, cancellation: CancellationFlag?) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        _ = try convert(fileAt: path, into: collector, cancellation: cancellation)
        return collector.document
    }

    package func convert(
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
        _ = try convert(bytes, fileName: fileName, into: collector, cancellation: cancellation)
        return collector.document
    }
}
