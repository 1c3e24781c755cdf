/// What a format converter is handed: the bytes, what they are, and the
/// rules to follow.
///
/// The input is either in memory (`bytes`) or an open file (`file`, with
/// `bytes` empty). A file is handed only to converters of formats in
/// `DocumentFormat.readsFromFile`; they read it piecewise, so an input
/// of any size needs memory for one piece, not for the whole.
package struct ConversionInput {
    /// The whole input; empty when it is read from `file` instead.
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
    /// The open input file, when the converter reads it piecewise.
    var file: InputFile? = nil

    /// The safety limits of `options`.
    package var limits: Limits { options.limits }

    /// The input's size in bytes, in memory or on disk.
    var byteCount: Int { file?.size ?? bytes.count }

    /// Every byte of the input, read from `file` when there is one: for
    /// a converter that can stream only some of what it is given.
    func wholeBytes() throws(ConversionError) -> [UInt8] {
        guard let file else { return bytes }
        return try file.readAll(maxBytes: limits.maxInputBytes)
    }

    /// Whether the input holds anything to convert, as
    /// `ConversionWarning.hasContent` judges bytes; a file is read in blocks.
    func hasContent() throws(ConversionError) -> Bool {
        guard let file else { return ConversionWarning.hasContent(bytes, format: format) }
        guard file.isRegular, [.txt, .md, .csv, .tsv].contains(format) else { return file.size > 0 }
        // Read only until content shows: the answer needs no more.
        return try file.firstBlock { block in ConversionWarning.hasContent(block, format: format) }
    }
}

extension DocumentFormat {
    /// Whether this format's converter reads a file-backed input
    /// (`ConversionInput.file`) instead of needing the bytes in memory:
    /// plain text and delimited values in blocks, and ZIP packages member by member. A format
    /// added here must read `input.file` when it is set (`input.bytes`
    /// is then empty); `AnyDocConverter.convert(fileAt:into:)` hands text
    /// formats a file only above 1 MiB.
    var readsFromFile: Bool {
        if self == .txt || self == .md || self == .csv || self == .tsv { return true }
        let evidence = FormatRegistry.entry(for: self).evidence
        return evidence == .officePackage || evidence == .mimetypePackage
    }
}

/// One format's reader: parses bytes into the shared model through a sink.
/// Built-in ones are named in `FormatTable`; another module of the package
/// adds its own with `FormatRegistry.install`. Converters keep no state
/// (they are types with static functions), hence `Sendable`.
package protocol FormatConverter: Sendable {
    /// Reads `input` into `sink`, or fails with the reason.
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError)
}
