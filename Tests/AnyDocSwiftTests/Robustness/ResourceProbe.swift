import Foundation
@testable import AnyDocSwift

/// Converts a hostile document and records how it ended, how long it took
/// and how far the process's peak memory rose meanwhile.
///
/// The peak (VmHWM) is process-wide and tests run in parallel, so the
/// growth is an upper bound on what this conversion used: compare it with
/// a generous ceiling only.
struct ResourceProbe {
    enum Outcome {
        case markdown(String)
        case failure(ConversionError)

        var markdown: String? {
            if case .markdown(let text) = self { return text }
            return nil
        }

        var errorKind: ConversionError.Kind? {
            if case .failure(let error) = self { return error.kind }
            return nil
        }
    }

    let outcome: Outcome
    let seconds: Double
    let peakGrowthBytes: Int

    /// A ceiling no bounded conversion of these small inputs comes near.
    static let memoryCeilingBytes = 500 << 20

    static func convert(_ bytes: [UInt8], as format: DocumentFormat, limits: Limits = .default) -> ResourceProbe {
        var options = ConversionOptions()
        options.limits = limits
        options.format = format
        options.ocrMode = .never
        let converter = AnyDocConverter(options: options)
        let peakBefore = peakResidentBytes()
        let started = Date()
        let outcome: Outcome
        do {
            outcome = .markdown(try converter.markdown(bytes, fileName: "hostile.\(format.rawValue)"))
        } catch {
            outcome = .failure(error)
        }
        let seconds = Date().timeIntervalSince(started)
        return ResourceProbe(outcome: outcome, seconds: seconds, peakGrowthBytes: peakResidentBytes() - peakBefore)
    }

    /// True when the run stayed inside the time limit and the memory ceiling.
    func stayedWithin(_ limits: Limits = .default) -> Bool {
        seconds < limits.timeLimitSeconds && peakGrowthBytes < Self.memoryCeilingBytes
    }

    /// The process's peak resident set size, from `/proc/self/status`.
    static func peakResidentBytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
