@testable import AnyDocSwift

/// Converts HTML written in a test, skipping detection.
enum HTMLFixture {
    static func converter(limits: Limits = .default) -> AnyDocConverter {
        var options = ConversionOptions()
        options.format = .html
        options.limits = limits
        return AnyDocConverter(options: options)
    }

    static func markdown(_ html: String, options: MarkdownOptions = .default) throws(ConversionError) -> String {
        try converter().markdown(Array(html.utf8), fileName: "test.html", options: options)
    }

    static func markdown(bytes: [UInt8]) throws(ConversionError) -> String {
        try converter().markdown(bytes, fileName: "test.html")
    }

    static func document(_ html: String) throws(ConversionError) -> Document {
        try converter().document(Array(html.utf8), fileName: "test.html")
    }

    /// The model as the builder makes it, before internal links are tidied.
    static func model(_ html: String, context: HTMLReadingContext = HTMLReadingContext()) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        try HTMLConverter.convert(Array(html.utf8), limits: .default, deadline: Deadline(secondsFromNow: 30),
                                  context: context, into: collector)
        return collector.document
    }
}
