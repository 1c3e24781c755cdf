#if canImport(Glibc)
import Glibc
#endif

/// Conversions that read their input from a file as they go, where the
/// format allows: a ZIP package (DOCX, PPTX, XLSX, ODF, EPUB) has its
/// members read from the file, and a large UTF-8 text file streams
/// through in blocks. Every other input is read whole, within the input
/// size limit, exactly as the byte-array forms would be given it.
extension AnyDocConverter {
    /// Text files up to this size are read whole: streaming pays only
    /// for larger ones.
    static let textStreamingMinimumBytes = TextFileStream.blockSize

    /// Converts the file at `path` into `sink` and returns the format it
    /// was read as, reading from the file as it goes where the format
    /// allows (see `convert(_:fileName:into:)` for the rest).
    @discardableResult
    public func convert(fileAt path: String, into sink: DocumentSink) throws(ConversionError) -> DocumentFormat {
        try convert(fileAt: path, into: sink, cancellation: nil)
    }

    /// The format of the file at `path`, reading no more than that needs:
    /// a file of text by its first 64 KB (as a conversion judges it), a
    /// pipe or device by what its first 64 KB hold, anything else whole
    /// within the input limit.
    package func detect(fileAt path: String) throws(ConversionError) -> DetectedFormat {
        do throws(ConversionError) {
            let file = try InputFile(path: path, waitsForWriter: false)
            guard file.isRegular else {
                var head = [UInt8](repeating: 0, count: Self.detectionHeadBytes)
                let count = head.withUnsafeMutableBytes { POSIXFile.fill(file.descriptor, $0) }
                guard count >= 0 else { throw .io("cannot read: \(String(cString: strerror(errno)))") }
                return detect(Array(head.prefix(count)), fileName: path)
            }
            let head = try file.read(at: 0, count: Self.detectionHeadBytes)
            if head.count < file.size, !Signatures.isZip(head) {
                let detected = FormatDetector.detect(head, fileName: path)
                if let format = detected.format, format.isPlainText, detected.fallback == nil, !detected.isEncrypted { return detected }
            }
            return detect(head.count == file.size ? head : try file.readAll(maxBytes: options.limits.maxInputBytes), fileName: path)
        } catch {
            throw error.naming(path)
        }
    }

    private static let detectionHeadBytes = 1 << 16

    /// `convert(fileAt:into:)` for a walk over an untrusted tree: the open
    /// never blocks and anything but a regular file (a FIFO or device put
    /// in place after the walk saw a file) is refused.
    @discardableResult
    package func convert(regularFileAt path: String, expected: FileIdentity? = nil, into sink: DocumentSink) throws(ConversionError) -> DocumentFormat {
        try convert(fileAt: path, into: sink, cancellation: nil, regularOnly: true, expected: expected)
    }

    /// `convert(fileAt:into:)`, stopping with `cancelled` once
    /// `cancellation` is set.
    func convert(
        fileAt path: String, into sink: DocumentSink, cancellation: CancellationFlag?, regularOnly: Bool = false,
        expected: FileIdentity? = nil
    ) throws(ConversionError) -> DocumentFormat {
        let file: InputFile
        do {
            file = try InputFile(path: path, regularOnly: regularOnly, expected: expected)
            try file.checkSize(maxBytes: options.limits.maxInputBytes)
        } catch {
            throw error.naming(path)
        }
        return try convert(file, into: sink, cancellation: cancellation)
    }

    /// Converts a file the caller opened (and may go on reading, as an
    /// ingest does to store it), reading it as the conversion goes where
    /// the format allows.
    @discardableResult
    package func convert(_ file: InputFile, into sink: DocumentSink) throws(ConversionError) -> DocumentFormat {
        try convert(file, into: sink, cancellation: nil)
    }

    func convert(_ file: InputFile, into sink: DocumentSink, cancellation: CancellationFlag?) throws(ConversionError) -> DocumentFormat {
        let path = file.path
        do throws(ConversionError) {
            if let (format, container) = try fileBackedFormat(file, fileName: path) {
                sink.limitOutput(forInputBytes: file.size)
                let deadline = Deadline(secondsFromNow: options.limits.timeLimitSeconds, cancellation: cancellation)
                try deadline.check()
                var input = ConversionInput(
                    bytes: [], format: format, options: options, deadline: deadline, fileName: path, container: container)
                input.file = file
                _ = try convert(input, into: sink)
                return format
            }
        } catch {
            throw error.naming(path)
        }
        let bytes: [UInt8]
        do {
            bytes = try file.readAll(maxBytes: options.limits.maxInputBytes)
        } catch {
            throw error.naming(path)
        }
        return try convert(bytes, fileName: path, into: sink, cancellation: cancellation)
    }

    /// The format to read `file` as without loading it, and the archive
    /// opened on the way; nil when it is to be read whole (small text,
    /// formats that need every byte, a damaged archive to rebuild).
    private func fileBackedFormat(
        _ file: InputFile, fileName: String
    ) throws(ConversionError) -> (DocumentFormat, OpenedContainer?)? {
        guard file.isRegular else { return nil }
        if let forced = options.format {
            return forced.readsFromFile && (!forced.isPlainText || file.size > Self.textStreamingMinimumBytes) ? (forced, nil) : nil
        }
        let head = try file.read(at: 0, count: 1 << 16)
        if Signatures.isZip(head) {
            // An archive no bigger than the head is read from it, not
            // again through a stream of its own.
            let whole = head.count == file.size
            guard let archive = whole ? try? ZipArchive(head, limits: PackageDetector.limits)
                    : try? ZipArchive(file: file, limits: PackageDetector.limits)
            else { return nil }
            let detected = PackageDetector.detect(archive) ?? DetectedFormat(format: nil)
            if detected.isEncrypted { throw .encrypted("the document is encrypted or password protected") }
            guard let format = detected.format, format.readsFromFile, detected.fallback == nil else { return nil }
            return (format, .zip(archive))
        }
        guard file.size > Self.textStreamingMinimumBytes else { return nil }
        // Only the first bytes decide a text file's format.
        let detected = FormatDetector.detect(head, fileName: fileName)
        guard let format = detected.format, format.isPlainText, format.readsFromFile, detected.fallback == nil, !detected.isEncrypted
        else { return nil }
        return (format, nil)
    }
}

extension DocumentFormat {
    /// Text judged by its first bytes and the file name alone.
    fileprivate var isPlainText: Bool { self == .txt || self == .md || self == .csv || self == .tsv }
}
