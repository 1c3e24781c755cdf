/// What a format converter is handed: the bytes, what they are, and the
/// rules to follow.
package struct ConversionInput {
    /// The whole file.
    package let bytes: [UInt8]
    /// The format it is read as.
    package let format: DocumentFormat
    /// The caller's choices, limits included.
    package let options: ConversionOptions
    /// When to give up; converters check it in their outer loops.
    package let deadline: Deadline
    /// The file's name, for messages and for formats that need the
    /// extension (CSV versus TSV).
    package let fileName: String?
    /// The archive or compound file detection opened, if any.
    var container: OpenedContainer? = nil

    /// The safety limits of `options`.
    package var limits: Limits { options.limits }
}

/// One format's reader: parses bytes into the shared model through a sink.
/// Built-in ones are named in `FormatTable`; another module of the package
/// adds its own with `FormatRegistry.install`. Converters keep no state
/// (they are types with static functions), hence `Sendable`.
package protocol FormatConverter: Sendable {
    /// Reads `input` into `sink`, or fails with the reason.
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError)
}
