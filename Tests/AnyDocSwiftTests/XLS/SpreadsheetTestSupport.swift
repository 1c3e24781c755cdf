import Foundation
@testable import AnyDocSwift

/// Converts workbooks with a given converter directly, so the suites do not
/// depend on how the library routes formats.
enum SpreadsheetTestSupport {
    static func options(format: DocumentFormat, hidden: Bool = false) -> ConversionOptions {
        var options = ConversionOptions()
        options.format = format
        options.includeHiddenSheets = hidden
        options.limits.timeLimitSeconds = 30
        return options
    }

    static func markdown(
        _ bytes: [UInt8], converter: FormatConverter.Type, format: DocumentFormat,
        options: ConversionOptions? = nil, fileName: String = "test"
    ) throws(ConversionError) -> String {
        let options = options ?? Self.options(format: format)
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, limits: options.limits)
        writer.limitOutput(forInputBytes: bytes.count)
        let input = ConversionInput(
            bytes: bytes, format: format, options: options,
            deadline: Deadline(secondsFromNow: options.limits.timeLimitSeconds), fileName: fileName)
        try converter.convert(input, into: writer)
        try writer.finish()
        return output.text
    }
}

extension SpreadsheetTestSupport {
    struct MutationOutcomes {
        var converted = 0
        var failed = 0

        mutating func add(_ other: MutationOutcomes) {
            converted += other.converted
            failed += other.failed
        }
    }

    /// Runs `convert` on `rounds` damaged copies of `bytes` (flipped bytes,
    /// a cut-off end, zeroed runs), drawn from a fixed seed so failures
    /// repeat. A copy converts or fails with a `ConversionError`; a trap
    /// or a hang fails the whole test run.
    static func mutate(
        _ bytes: [UInt8], seed: UInt64, rounds: Int, convert: ([UInt8]) throws(ConversionError) -> Void
    ) -> MutationOutcomes {
        var state = seed | 1
        func random(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(max(bound, 1)))
        }
        var outcomes = MutationOutcomes()
        for round in 0..<rounds {
            var damaged = bytes
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + random(16)) { damaged[random(damaged.count)] = UInt8(truncatingIfNeeded: random(256)) }
            case 1:
                damaged.removeSubrange(random(damaged.count)...)
            default:
                let start = random(damaged.count)
                let end = min(damaged.count, start + 1 + random(512))
                for index in start..<end { damaged[index] = round % 2 == 0 ? 0 : 0xFF }
            }
            do throws(ConversionError) {
                try convert(damaged)
                outcomes.converted += 1
            } catch {
                outcomes.failed += 1
            }
        }
        return outcomes
    }
}
