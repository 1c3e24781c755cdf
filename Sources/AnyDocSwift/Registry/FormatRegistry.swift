import Synchronization

/// Looks formats up in `FormatTable` and hands out their converters.
///
/// A converter that lives in another module of the package (one that
/// links libraries the core does not) is installed at start-up with
/// `install(_:for:)`; until then its formats fail as unsupported.
package enum FormatRegistry {
    /// Every format's entry, in `DocumentFormat` order.
    package static var entries: [FormatEntry] { FormatTable.entries }

    /// Converters installed by other modules, which take precedence over
    /// the built-in ones. Written at start-up, read on every conversion.
    private static let installed = Mutex<[(format: DocumentFormat, converter: any FormatConverter.Type)]>([])

    /// The entry of `format`; every case has one (a test checks it).
    package static func entry(for format: DocumentFormat) -> FormatEntry {
        for entry in FormatTable.entries where entry.format == format { return entry }
        preconditionFailure("no registry entry for \(format.rawValue)")
    }

    /// The entry whose extensions include `fileExtension` (without the dot, any case).
    static func entry(forExtension fileExtension: String) -> FormatEntry? {
        let lowered = fileExtension.lowercased()
        return FormatTable.entries.first { $0.extensions.contains(lowered) }
    }

    /// The format whose `mediaTypes` include `mediaType` (normalized), among
    /// formats recognised by `evidence`.
    static func format(mediaType: String, evidence: FormatEntry.Evidence) -> DocumentFormat? {
        FormatTable.entries.first { $0.evidence == evidence && $0.mediaTypes.contains(mediaType) }?.format
    }

    /// The first format whose signature matches the start of `bytes`.
    static func format(signature bytes: [UInt8]) -> DocumentFormat? {
        FormatTable.entries.first { $0.signature?(bytes) == true }?.format
    }

    /// Makes `converter` read `formats` in this process, in place of any
    /// converter they had. Call it at start-up, before converting.
    package static func install(_ converter: any FormatConverter.Type, for formats: [DocumentFormat]) {
        installed.withLock { installed in
            installed.removeAll { entry in formats.contains(entry.format) }
            installed += formats.map { (format: $0, converter: converter) }
        }
    }

    /// The converter that reads `format`: an installed one, else the built-in one.
    package static func converter(for format: DocumentFormat) throws(ConversionError) -> any FormatConverter.Type {
        try converter(of: entry(for: format))
    }

    /// The converter for `entry`'s format: an installed one, else the entry's
    /// own; a format with neither is unsupported in this build.
    static func converter(of entry: FormatEntry) throws(ConversionError) -> any FormatConverter.Type {
        let installed = installed.withLock { installed in installed.first { $0.format == entry.format }?.converter }
        if let installed { return installed }
        guard let converter = entry.builtInConverter else {
            throw .unsupported("\(entry.name) support is not installed in this build")
        }
        return converter
    }
}
