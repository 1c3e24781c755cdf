@testable import AnyDocSwift

/// Converts RTF written in a test, skipping detection.
enum RTFFixture {
    static func converter(limits: Limits = .default) -> AnyDocConverter {
        var options = ConversionOptions()
        options.format = .rtf
        options.limits = limits
        return AnyDocConverter(options: options)
    }

    static func markdown(_ rtf: String, limits: Limits = .default) throws(ConversionError) -> String {
        try converter(limits: limits).markdown(Array(rtf.utf8), fileName: "test.rtf")
    }

    static func markdown(bytes: [UInt8], limits: Limits = .default) throws(ConversionError) -> String {
        try converter(limits: limits).markdown(bytes, fileName: "test.rtf")
    }

    static func document(_ rtf: String) throws(ConversionError) -> Document {
        try converter().document(Array(rtf.utf8), fileName: "test.rtf")
    }
}
