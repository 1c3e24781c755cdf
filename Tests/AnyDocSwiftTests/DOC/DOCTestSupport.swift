import Testing
@testable import AnyDocSwift

/// Runs the Word binary converter directly on bytes, as the library's
/// entry point does once it has recognised a `.doc` file.
enum DOCTestSupport {
    static func markdown(_ bytes: [UInt8], options: ConversionOptions = ConversionOptions()) throws(ConversionError) -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, limits: options.limits)
        writer.limitOutput(forInputBytes: bytes.count)
        let input = ConversionInput(
            bytes: bytes, format: .doc, options: options,
            deadline: Deadline(secondsFromNow: options.limits.timeLimitSeconds), fileName: nil)
        try DOCConverter.convert(input, into: writer)
        try writer.finish()
        return output.text
    }

    static func document(_ bytes: [UInt8], options: ConversionOptions = ConversionOptions()) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        let input = ConversionInput(
            bytes: bytes, format: .doc, options: options,
            deadline: Deadline(secondsFromNow: options.limits.timeLimitSeconds), fileName: nil)
        try DOCConverter.convert(input, into: collector)
        return collector.document
    }

    /// xorshift64*: the same damage on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
    }
}
