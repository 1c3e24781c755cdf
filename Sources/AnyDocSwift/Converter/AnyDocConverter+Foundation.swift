#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `URL` and `Data` forms of the conversions, for callers whose files and
/// bytes are Foundation values. A URL must be a file URL.
extension AnyDocConverter {
    /// What the bytes are, judged from their content.
    public func detect(_ data: Data, fileName: String? = nil) -> DetectedFormat {
        detect([UInt8](data), fileName: fileName)
    }

    /// Converts `data` into a `Document`.
    public func document(_ data: Data, fileName: String? = nil) throws(ConversionError) -> Document {
        try document([UInt8](data), fileName: fileName)
    }

    /// Converts `data` to Markdown.
    public func markdown(_ data: Data, fileName: String? = nil, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        try markdown([UInt8](data), fileName: fileName, options: markdownOptions)
    }

    /// Reads the file at `url` and converts it into a `Document`.
    public func document(contentsOf url: URL) throws(ConversionError) -> Document {
        try document(fileAt: Self.path(of: url))
    }

    /// Reads the file at `url` and converts it to Markdown.
    public func markdown(contentsOf url: URL, options markdownOptions: MarkdownOptions = .default) throws(ConversionError) -> String {
        try markdown(fileAt: Self.path(of: url), options: markdownOptions)
    }

    /// Reads the file at `url` and converts it into a `Document`.
    public func document(contentsOf url: URL) async throws(ConversionError) -> Document {
        try await document(fileAt: Self.path(of: url))
    }

    /// Reads the file at `url` and converts it to Markdown.
    public func markdown(contentsOf url: URL, options markdownOptions: MarkdownOptions = .default) async throws(ConversionError) -> String {
        try await markdown(fileAt: Self.path(of: url), options: markdownOptions)
    }

    private static func path(of url: URL) throws(ConversionError) -> String {
        guard url.isFileURL else { throw .io("\(url) is not a file URL") }
        return url.path
    }
}
