import AnyDocSwift
import FoundationEssentials
import Glibc

/// What became of one input of a batch: a line of `--report` and an entry
/// of the incremental manifest.
struct BatchItem: Codable, Sendable {
    enum Status: String, Codable, Sendable {
        case ok, failed, skipped, unchanged
    }

    var path: String
    /// The Markdown file, relative to the output folder.
    var output: String?
    var format: String?
    var status: Status
    var errorKind: String?
    var error: String?
    var milliseconds: Double = 0
    var bytesIn: Int = 0
    var bytesOut: Int = 0
    /// For `unchanged`: what the run that converted it found (ok, failed, skipped).
    var previousStatus: Status?
    /// What the converter noted without failing, such as pages left blank.
    var warnings: [String]?

    enum CodingKeys: String, CodingKey {
        case path, output, format, status, error, milliseconds, warnings
        case errorKind = "error_kind"
        case bytesIn = "bytes_in"
        case bytesOut = "bytes_out"
        case previousStatus = "previous_status"
    }

    /// The line `--report` writes for it.
    var jsonLine: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// True when the input still does not convert, now or as last seen.
    var hasFailed: Bool { status == .failed || (status == .unchanged && previousStatus == .failed) }
}
