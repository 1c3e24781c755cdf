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
    public var options: ConversionOptions

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
    /// parsed, and returns the format it was read as.
    @discardableResult
    public func convert(_ bytes: [UInt8], fileName: String? = nil, into sink: DocumentSink) throws(ConversionError) -> DocumentFormat {
        do {
            let (format, container) = try resolveFormat(bytes, fileName: fileName)
            (sink as? MarkdownWriter)?.limitOutput(forInputBytes: bytes.count)
            let input = ConversionInput(
                bytes: bytes, format: format, options: options,
                deadline: Deadline(secondsFromNow: options.limits.timeLimitSeconds), fileName: fileName,
                container: container)
            try Self.converter(for: format).convert(input, into: sink)
            return format
        } catch {
            throw fileName.map { error.naming($0) } ?? error
        }
    }

    /// Converts `bytes` into a `Document`.
    public func document(_ bytes: [UInt8], fileName: String? = nil) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        try convert(bytes, fileName: fileName, into: collector)
        return collector.document
    }

    /// Converts `bytes` to Markdown.
    public func markdown(_ bytes: [UInt8], fileName: String? = nil, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: markdownOptions, limits: options.limits)
        try convert(bytes, fileName: fileName, into: writer)
        try writer.finish()
        return output.text
    }

    /// Reads the file at `path` and converts it to Markdown.
    public func markdown(fileAt path: String, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        try markdown(readFile(at: path), fileName: path, options: markdownOptions)
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
        do {
            return try FileReader.readRegular(path: path, maxBytes: options.limits.maxInputBytes)
        } catch {
            throw error.naming(path)
        }
    }

    /// Reads all of standard input, within the input size limit.
    public func readStandardInput() throws(ConversionError) -> [UInt8] {
        try FileReader.readAll(descriptor: 0, maxBytes: options.limits.maxInputBytes)
    }

    private func resolveFormat(_ bytes: [UInt8], fileName: String?) throws(ConversionError) -> (DocumentFormat, OpenedContainer?) {
        if let forced = options.format { return (forced, nil) }
        let (detected, container) = FormatDetector.detectKeepingContainer(bytes, fileName: fileName)
        if detected.isEncrypted {
            throw .encrypted("the document is encrypted or password protected")
        }
        guard let format = detected.format else {
            throw .unsupported("the content matches no supported format")
        }
        return (format, container)
    }

    static func converter(for format: DocumentFormat) -> FormatConverter.Type {
        switch format {
        case .txt, .md: return TextConverter.self
        case .docx, .docm, .dotx, .dotm: return DOCXConverter.self
        case .csv, .tsv: return CSVConverter.self
        case .xlsx, .xlsm, .xltx, .xltm: return XLSXConverter.self
        case .pptx, .pptm, .ppsx, .ppsm, .potx, .potm: return PPTXConverter.self
        case .odt, .ods, .odp: return ODFConverter.self
        case .html: return HTMLConverter.self
        case .rtf: return RTFConverter.self
        case .png, .jpeg, .tiff, .webp, .gif, .bmp: return ImageConverter.self
        case .pdf: return PDFConverter.self
        case .epub: return EPUBConverter.self
        case .doc: return DOCConverter.self
        case .ppt: return PPTConverter.self
        case .xls: return XLSConverter.self
        case .xlsb: return XLSBConverter.self
        }
    }
}
