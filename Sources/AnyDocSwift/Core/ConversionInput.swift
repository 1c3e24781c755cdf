/// What a format converter is handed: the bytes, what they are, and the
/// rules to follow.
struct ConversionInput {
    let bytes: [UInt8]
    let format: DocumentFormat
    let options: ConversionOptions
    let deadline: Deadline
    /// The file's name, for messages and for formats that need the
    /// extension (CSV versus TSV).
    let fileName: String?
    /// The archive or compound file detection opened, if any.
    var container: OpenedContainer? = nil

    var limits: Limits { options.limits }
}

/// One format's reader: parses bytes into the shared model through a sink.
protocol FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError)
}
