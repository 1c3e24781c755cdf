#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Async conversions that honour cancellation.
///
/// Each runs on a thread of its own, off the caller's actor and the
/// cooperative pool, and stop with
/// `ConversionError.Kind.cancelled` soon after the task is cancelled:
/// every converter checks between pages, slides, sheets and row batches,
/// and Tesseract polls the same flag while it recognises a page.
extension AnyDocConverter {
    /// Converts `bytes` into `sink`; see `convert(_:fileName:into:)`.
    @discardableResult
    public func convert(_ bytes: [UInt8], fileName: String? = nil, into sink: DocumentSink) async throws(ConversionError) -> DocumentFormat {
        try await cancellable { (flag) throws(ConversionError) in
            try convert(bytes, fileName: fileName, into: sink, cancellation: flag)
        }
    }

    /// Converts `bytes` into a `Document`.
    public func document(_ bytes: [UInt8], fileName: String? = nil) async throws(ConversionError) -> Document {
        try await cancellable { (flag) throws(ConversionError) in try document(bytes, fileName: fileName, cancellation: flag) }
    }

    /// Converts `bytes` and writes the Markdown to `output`, finished.
    @discardableResult
    public func convert(
        _ bytes: [UInt8], fileName: String? = nil, to output: MarkdownOutput, options markdownOptions: MarkdownOptions = .default
    ) async throws(ConversionError) -> ConversionSummary {
        try await cancellable { (flag) throws(ConversionError) in
            try convert(bytes, fileName: fileName, to: output, options: markdownOptions, cancellation: flag)
        }
    }

    /// Converts `bytes` to Markdown, with the conversion's warnings.
    public func markdownWithWarnings(
        _ bytes: [UInt8], fileName: String? = nil, options markdownOptions: MarkdownOptions = .default
    ) async throws(ConversionError) -> (markdown: String, warnings: [String]) {
        try await cancellable { (flag) throws(ConversionError) in
            let output = StringOutput()
            let summary = try convert(bytes, fileName: fileName, to: output, options: markdownOptions, cancellation: flag)
            return (output.text, summary.warnings)
        }
    }

    /// Converts `bytes` to Markdown.
    public func markdown(_ bytes: [UInt8], fileName: String? = nil, options markdownOptions: MarkdownOptions = .default) async throws(ConversionError) -> String {
        try await markdownWithWarnings(bytes, fileName: fileName, options: markdownOptions).markdown
    }

    /// Converts the file at `path` into a `Document`.
    public func document(fileAt path: String) async throws(ConversionError) -> Document {
        try await cancellable { (flag) throws(ConversionError) in try document(fileAt: path, cancellation: flag) }
    }

    /// Converts the file at `path` to Markdown.
    public func markdown(fileAt path: String, options markdownOptions: MarkdownOptions = .default) async throws(ConversionError) -> String {
        try await cancellable { (flag) throws(ConversionError) in
            let output = StringOutput()
            _ = try convert(fileAt: path, to: output, options: markdownOptions, cancellation: flag)
            return output.text
        }
    }

    /// Converts the file at `path` and writes the Markdown to `output`,
    /// finished, reading from the file as it goes where the format allows.
    @discardableResult
    public func convert(
        fileAt path: String, to output: MarkdownOutput, options markdownOptions: MarkdownOptions = .default
    ) async throws(ConversionError) -> ConversionSummary {
        try await cancellable { (flag) throws(ConversionError) in
            try convert(fileAt: path, to: output, options: markdownOptions, cancellation: flag)
        }
    }

    /// Runs `work` on a thread of its own with a flag that the task's
    /// cancellation sets. A conversion is CPU-bound and may block inside C
    /// libraries for seconds: run on the cooperative pool, it would hold
    /// one of its few threads and starve every other task of the process.
    private func cancellable<T>(
        _ work: @escaping (CancellationFlag) throws(ConversionError) -> T
    ) async throws(ConversionError) -> T {
        if Task.isCancelled { throw .cancelled("the conversion was cancelled") }
        let flag = CancellationFlag()
        // The caller waits for the thread to finish before touching what
        // `work` captured again, so handing it over is safe.
        let job = HandOver(work)
        let result: Result<T, ConversionError> = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<HandOver<Result<T, ConversionError>>, Never>) in
                do throws(ConversionError) {
                    let thread = try WorkerThread.start {
                        do throws(ConversionError) {
                            continuation.resume(returning: HandOver(.success(try job.value(flag))))
                        } catch {
                            continuation.resume(returning: HandOver(.failure(error)))
                        }
                    }
                    pthread_detach(thread)
                } catch {
                    continuation.resume(returning: HandOver(.failure(error)))
                }
            }.value
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}

/// A value passed to a worker thread and back while its sender waits.
/// Unchecked: the value may be of any type, and only one side touches it
/// at a time (the sender waits until the worker is done).
private final class HandOver<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
