/// Converts documents of any supported format to the shared model or to
/// Markdown.
///
/// ```swift
/// let converter = AnyDocConverter()
/// let markdown = try converter.markdown(fileAt: "report.docx")
/// ```
///
/// A converter is a value with no shared state: use one from many threads.
public struct AnyDocConverter: Sendable {
    /// Limits, OCR and reading choices applied to every document this converter reads.
    public var options: ConversionOptions

    /// A converter with `options`; creating one also does libxml2's one-time set-up.
    public init(options: ConversionOptions = ConversionOptions()) {
        self.options = options
        // libxml2 wants its one-time set-up done before threads parse, which
        // a converter's creation is; done lazily, the first document would
        // also pay for it.
        XMLReader.installSafeDefaults()
    }

    /// What the bytes are, judged from their content; `fileName` only
    /// breaks ties (CSV, TSV and Markdown have no signature).
    public func detect(_ bytes: [UInt8], fileName: String? = nil) -> DetectedFormat {
        FormatDetector.detect(bytes, fileName: fileName)
    }

    /// Converts `bytes` into `sink`, which receives the document as it is
    /// parsed, and returns the format it was read as. A document with
    /// content that yields no text gets a warning saying so (see
    /// `ConversionWarning.noTextPrefix`), never an empty result in silence.
    @discardableResult
    public func convert(_ bytes: [UInt8], fileName: String? = nil, into sink: DocumentSink) throws(ConversionError) -> DocumentFormat {
        try convert(bytes, fileName: fileName, into: sink, cancellation: nil)
    }

    /// `convert(_:fileName:into:)`, stopping with `cancelled` once
    /// `cancellation` is set (the async entry points set it).
    func convert(
        _ bytes: [UInt8], fileName: String?, into sink: DocumentSink, cancellation: CancellationFlag?
    ) throws(ConversionError) -> DocumentFormat {
        do throws(ConversionError) {
            let (detected, container) = try resolveFormat(bytes, fileName: fileName)
            guard let format = detected.format else { throw .unsupported("the content matches no supported format") }
            sink.limitOutput(forInputBytes: bytes.count)
            let deadline = Deadline(secondsFromNow: options.limits.timeLimitSeconds, cancellation: cancellation)
            try deadline.check()
            if let fallback = detected.fallback {
                return try convert(bytes, as: format, orElse: fallback, container: container, deadline: deadline, fileName: fileName, into: sink)
            }
            _ = try convert(bytes, as: format, container: container, deadline: deadline, fileName: fileName, into: sink)
            return format
        } catch {
            throw fileName.map { error.naming($0) } ?? error
        }
    }

    /// Converts as `format`, adding the no-text warning when due; returns
    /// whether any text came out.
    private func convert(
        _ bytes: [UInt8], as format: DocumentFormat, container: OpenedContainer?, deadline: Deadline,
        fileName: String?, into sink: DocumentSink
    ) throws(ConversionError) -> Bool {
        let input = ConversionInput(
            bytes: bytes, format: format, options: options, deadline: deadline, fileName: fileName, container: container)
        return try convert(input, into: sink)
    }

    /// Converts `input` with its format's converter, adding the no-text
    /// warning when due; returns whether any text came out.
    func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) -> Bool {
        let watcher = TextWatchingSink(sink)
        try FormatRegistry.converter(for: input.format).convert(input, into: watcher)
        if !watcher.sawText, !watcher.sawNoTextWarning,
            let warning = ConversionWarning.noText(
                format: input.format, byteCount: input.byteCount, hasContent: try input.hasContent(), pageCount: watcher.pageCount)
        {
            sink.addWarning(warning)
        }
        return watcher.sawText
    }

    /// Content that matched two formats (an HTML error page followed by a
    /// PDF) is read as the first; when that gives no text, as the second.
    /// Both are gathered in memory, so only the one with text reaches `sink`.
    /// Returns the format whose reading was kept.
    private func convert(
        _ bytes: [UInt8], as format: DocumentFormat, orElse fallback: DocumentFormat, container: OpenedContainer?,
        deadline: Deadline, fileName: String?, into sink: DocumentSink
    ) throws(ConversionError) -> DocumentFormat {
        let first = DocumentCollector()
        var firstError: ConversionError?
        do throws(ConversionError) {
            if try convert(bytes, as: format, container: container, deadline: deadline, fileName: fileName, into: first) {
                try sink.append(contentsOf: first.document)
                return format
            }
        } catch {
            // Only a reading that failed on the content leaves room for the
            // other; encryption and limits are the answer.
            guard [.malformed, .unsupported, .missingPart].contains(error.kind) else { throw error }
            firstError = error
        }
        let second = DocumentCollector()
        if (try? convert(bytes, as: fallback, container: nil, deadline: deadline, fileName: fileName, into: second)) == true {
            try sink.append(contentsOf: second.document)
            return fallback
        }
        if let firstError { throw firstError }
        try sink.append(contentsOf: first.document)
        return format
    }

    /// Converts `bytes` into a `Document`.
    public func document(_ bytes: [UInt8], fileName: String? = nil) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        try convert(bytes, fileName: fileName, into: collector)
        return collector.document
    }

    /// Converts `bytes` to Markdown.
    public func markdown(_ bytes: [UInt8], fileName: String? = nil, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        try markdownWithWarnings(bytes, fileName: fileName, options: markdownOptions).markdown
    }

    /// Converts `bytes` to Markdown, with the warnings of the conversion:
    /// what was lost without failing it, including that a document with
    /// content gave no text at all (`ConversionWarning.isNoText`).
    public func markdownWithWarnings(
        _ bytes: [UInt8], fileName: String? = nil, options markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> (markdown: String, warnings: [String]) {
        let output = StringOutput()
        let summary = try convert(bytes, fileName: fileName, to: output, options: markdownOptions)
        return (output.text, summary.warnings)
    }

    /// Reads the file at `path`, within the input size limit.
    public func readFile(at path: String) throws(ConversionError) -> [UInt8] {
        do {
            return try FileReader.read(path: path, maxBytes: options.limits.maxInputBytes)
        } catch {
            throw error.naming(path)
        }
    }

    /// Reads the file at `path` if it is a regular file, never blocking on
    /// a FIFO or device: what a walk over an untrusted tree needs.
    public func readRegularFile(at path: String) throws(ConversionError) -> [UInt8] {
        try readRegularFile(at: path, expected: nil)
    }

    /// `readRegularFile(at:)` refusing, unread, a file other than the one
    /// a folder walk found at `path` (see `InputFile`).
    package func readRegularFile(at path: String, expected: FileIdentity?) throws(ConversionError) -> [UInt8] {
        do {
            return try FileReader.readRegular(path: path, maxBytes: options.limits.maxInputBytes, expected: expected)
        } catch {
            throw error.naming(path)
        }
    }


    /// Reads all of standard input, within the input size limit.
    public func readStandardInput() throws(ConversionError) -> [UInt8] {
        try FileReader.readAll(descriptor: 0, maxBytes: options.limits.maxInputBytes)
    }

    private func resolveFormat(_ bytes: [UInt8], fileName: String?) throws(ConversionError) -> (DetectedFormat, OpenedContainer?) {
        if let forced = options.format { return (DetectedFormat(format: forced), nil) }
        let (detected, container) = FormatDetector.detectKeepingContainer(bytes, fileName: fileName)
        // Poppler decides for a PDF: many open with an empty password.
        if detected.isEncrypted, detected.format != .pdf {
            throw .encrypted("the document is encrypted or password protected")
        }
        return (detected, container)
    }
}
