import AnyDocSwift
import FoundationEssentials
import Glibc

/// One input's result in the worker protocol (`anydoc convert
/// --files-from - --jsonl`): what an engine such as Ray gets back per
/// path, and what `anydoc ingest --records` stores. Versioned by `schema`.
public struct DocumentRecord: Codable, Sendable, Equatable {
    /// The schema version these records are written in: the value of `schema`.
    public static let schemaName = "anydoc.record/1"

    /// Why a conversion failed (JSON `error`).
    public struct Failure: Codable, Sendable, Equatable {
        /// A stable machine-readable code such as `resource_limit`; `io` for any other error.
        public var code: String
        /// A human-readable explanation.
        public var message: String
    }

    /// How many pages, slides or sheets the source has (JSON `units`).
    public struct Units: Codable, Sendable, Equatable {
        /// The number of pages, slides or sheets.
        public var count: Int
        /// What `count` counts, a `SourceLocation.Kind` raw value: `page`, `slide` or `sheet`.
        public var kind: String
    }

    /// What the document declares about itself (JSON `metadata`); facts it lacks are nil.
    public struct Properties: Codable, Sendable, Equatable {
        /// The declared title, never a heading.
        public var title: String?
        /// The declared authors, in order; nil when it names none.
        public var authors: [String]?
        /// The declared subject or description.
        public var subject: String?
        /// The declared keywords or tags, one entry each; nil when none.
        public var keywords: [String]?
        /// When it was created, as the source wrote it (ISO 8601 where the source used it).
        public var created: String?
        /// When it was last changed, in the same form as `created`.
        public var modified: String?
        /// A BCP 47 tag such as `en-US`.
        public var language: String?
        /// Pages, slides or sheets, when the format has them (JSON `page_count`).
        public var pageCount: Int?

        enum CodingKeys: String, CodingKey {
            case title, authors, subject, keywords, created, modified, language, pageCount = "page_count"
        }
    }

    /// How long each step took, in milliseconds rounded to three decimals.
    public struct Timings: Codable, Sendable, Equatable {
        /// Reading the file (JSON `read_ms`).
        public var readMs: Double
        /// Converting it to Markdown (JSON `convert_ms`); 0 when it was not converted.
        public var convertMs: Double
        /// Cutting the chunks (JSON `chunk_ms`); nil when none were cut.
        public var chunkMs: Double?

        enum CodingKeys: String, CodingKey { case readMs = "read_ms", convertMs = "convert_ms", chunkMs = "chunk_ms" }
    }

    /// The record's schema version, `schemaName` for records made here.
    public var schema = schemaName
    /// The path as it was given.
    public var path: String
    /// `ok` or `failed`.
    public var status: String
    /// Why it failed; nil when `status` is `ok`.
    public var error: Failure?
    /// The `DocumentFormat` raw value it was read as; nil when unknown or failed.
    public var format: String?
    /// Lowercase hex SHA-256 of the file's bytes; nil when they could not be read.
    public var sourceSha256: String?
    /// The file's size in bytes; nil when it could not be read.
    public var sourceBytes: Int?
    /// Lowercase hex SHA-256 of the Markdown's UTF-8 bytes; nil when it failed.
    public var markdownSha256: String?
    /// The Markdown, as an ingest stores it; absent when chunks were asked for.
    public var markdown: String?
    /// The chunks with words, when chunks were asked for (then `markdown` is nil).
    public var chunks: [ChunkRecord]?
    /// Pages, slides or sheets, when the format has them.
    public var units: Units?
    /// What the document declares about itself; nil when it declares nothing.
    public var metadata: Properties?
    /// The conversion's warnings, in order; empty when there are none.
    public var warnings: [String]
    /// How long reading, converting and chunking took.
    public var timings: Timings
    /// The machine that converted it.
    public var host: String

    enum CodingKeys: String, CodingKey {
        case schema, path, status, error, format, sourceSha256 = "source_sha256", sourceBytes = "source_bytes"
        case markdownSha256 = "markdown_sha256", markdown, chunks, units, metadata, warnings, timings, host
    }

    /// Converts the file at `path` as an ingest does. Never throws: a file
    /// that cannot be read or converted gives a failed record.
    public static func convert(path: String, converter: AnyDocConverter, chunks: ChunkOptions?) -> DocumentRecord {
        let host = ProcessInfo.processInfo.hostName
        var timings = Timings(readMs: 0, convertMs: 0)
        var bytes: [UInt8] = []
        var record = DocumentRecord(path: path, status: "failed", warnings: [], timings: timings, host: host)
        do {
            timings.readMs = try milliseconds { bytes = try converter.readRegularFile(at: path) }
            let hash = SHA256.hex(bytes)
            record.sourceSha256 = hash
            record.sourceBytes = bytes.count
            var converted: Ingestion.ConvertedDocument?
            timings.convertMs = try milliseconds {
                converted = try Ingestion.convert(bytes, converter: converter, sourceHash: hash, path: path, fileName: path)
            }
            let document = converted!
            let markdown = String(decoding: document.markdown, as: UTF8.self)
            record.status = "ok"
            record.format = document.prepared.format
            record.markdownSha256 = document.prepared.markdownSha256
            record.units = document.prepared.unitCount.map { Units(count: $0, kind: document.prepared.unitKind ?? "page") }
            record.metadata = Properties(document.metadata)
            record.warnings = document.warnings
            if let options = chunks {
                let format = document.prepared.format.flatMap(DocumentFormat.init(rawValue:))
                timings.chunkMs = milliseconds {
                    record.chunks = ChunkRecord.records(markdown: markdown, format: format, options: options, document: path, sourceSha256: hash)
                }
            } else {
                record.markdown = markdown
            }
        } catch let error as ConversionError {
            record.error = Failure(code: error.code, message: error.reason)
        } catch {
            record.error = Failure(code: "io", message: "\(error)")
        }
        record.timings = timings
        return record
    }

    /// How long `body` took, in milliseconds on the monotonic clock.
    private static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = MonotonicClock.nanoseconds()
        try body()
        return (Double(MonotonicClock.nanoseconds() &- start) / 1e6).rounded(toPlaces: 3)
    }
}

extension DocumentRecord.Properties {
    init?(_ metadata: Metadata) {
        self.init(
            title: metadata.title, authors: metadata.authors.isEmpty ? nil : metadata.authors, subject: metadata.subject,
            keywords: metadata.keywords.isEmpty ? nil : metadata.keywords, created: metadata.created,
            modified: metadata.modified, language: metadata.language, pageCount: metadata.pageCount)
        if self == Self() { return nil }
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
