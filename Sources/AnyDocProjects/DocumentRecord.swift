import AnyDocSwift
import Foundation

/// One input's result in the worker protocol (`anydoc convert
/// --files-from - --jsonl`): what an engine such as Ray gets back per
/// path, and what `anydoc ingest --records` stores. Versioned by `schema`.
public struct DocumentRecord: Codable, Sendable, Equatable {
    public static let schemaName = "anydoc.record/1"

    public struct Failure: Codable, Sendable, Equatable {
        public var code: String
        public var message: String
    }

    public struct Units: Codable, Sendable, Equatable {
        public var count: Int
        public var kind: String
    }

    public struct Properties: Codable, Sendable, Equatable {
        public var title: String?
        public var authors: [String]?
        public var subject: String?
        public var keywords: [String]?
        public var created: String?
        public var modified: String?
        public var language: String?
        public var pageCount: Int?

        enum CodingKeys: String, CodingKey {
            case title, authors, subject, keywords, created, modified, language, pageCount = "page_count"
        }
    }

    public struct Timings: Codable, Sendable, Equatable {
        public var readMs: Double
        public var convertMs: Double
        public var chunkMs: Double?

        enum CodingKeys: String, CodingKey { case readMs = "read_ms", convertMs = "convert_ms", chunkMs = "chunk_ms" }
    }

    public var schema = schemaName
    /// The path as it was given.
    public var path: String
    /// `ok` or `failed`.
    public var status: String
    public var error: Failure?
    public var format: String?
    public var sourceSha256: String?
    public var sourceBytes: Int?
    public var markdownSha256: String?
    /// The Markdown, as an ingest stores it; absent when chunks were asked for.
    public var markdown: String?
    public var chunks: [ChunkRecord]?
    public var units: Units?
    public var metadata: Properties?
    public var warnings: [String]
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
        let clock = ContinuousClock()
        var timings = Timings(readMs: 0, convertMs: 0)
        var bytes: [UInt8] = []
        var record = DocumentRecord(path: path, status: "failed", warnings: [], timings: timings, host: host)
        do {
            timings.readMs = milliseconds(try clock.measure { bytes = try converter.readRegularFile(at: path) })
            let hash = SHA256.hex(bytes)
            record.sourceSha256 = hash
            record.sourceBytes = bytes.count
            var converted: Ingestion.ConvertedDocument?
            timings.convertMs = milliseconds(try clock.measure {
                converted = try Ingestion.convert(bytes, converter: converter, sourceHash: hash, path: path, fileName: path)
            })
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
                timings.chunkMs = milliseconds(clock.measure {
                    record.chunks = ChunkRecord.records(markdown: markdown, format: format, options: options, document: path, sourceSha256: hash)
                })
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

    private static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1_000 + Double(attoseconds) / 1e15).rounded(toPlaces: 3)
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
