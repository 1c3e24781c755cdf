import Synchronization

/// Looks formats up in `FormatTable` and hands out their converters.
///
/// A converter that lives in another module of the package (one that
/// links libraries the core does not) is installed at start-up with
/// `install(_:for:)`; until then its formats fail as unsupported.
package enum FormatRegistry {
    /// Every format's entry, in `DocumentFormat` order.
    package static var entries: [FormatEntry] { FormatTable.entries }

    /// What an installed converter reads: named formats, or every format of
    /// a family, matched when a format is looked up.
    private enum Installed: Equatable {
        case format(DocumentFormat)
        case family(DocumentFormat.Family)
    }

    /// Converters installed by other modules, which take precedence over
    /// the built-in ones; the latest install wins. Written at start-up,
    /// read on every conversion.
    private static let installed = Mutex<[(reads: Installed, converter: any FormatConverter.Type)]>([])

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
        install(converter, reading: formats.map { .format($0) })
    }

    /// Makes `converter` read every format of `family` in this process.
    /// Unlike listing the formats, this leaves `FormatTable` unbuilt, so a
    /// process that installs at start-up and then converts nothing (such as
    /// `anydoc --version`) never pays for building it.
    package static func install(_ converter: any FormatConverter.Type, forFamily family: DocumentFormat.Family) {
        install(converter, reading: [.family(family)])
    }

    private static func install(_ converter: any FormatConverter.Type, reading selections: [Installed]) {
        installed.withLock { installed in
            installed.removeAll { selections.contains($0.reads) }
            installed += selections.map { (reads: $0, converter: converter) }
        }
    }

    /// The converter that reads `format`: an installed one, else the built-in one.
    package static func converter(for format: DocumentFormat) throws(ConversionError) -> any FormatConverter.Type {
        try converter(of: entry(for: format))
    }

    /// The converter for `entry`'s format: an installed one, else the entry's
    /// own; a format with neither is unsupported in this build.
    static func converter(of entry: FormatEntry) throws(ConversionError) -> any FormatConverter.Type {
        let installed = installed.withLock { installed in
            installed.last { $0.reads == .format(entry.format) || $0.reads == .family(entry.family) }?.converter
        }
        if let installed { return installed }
        guard let converter = entry.builtInConverter else {
            throw .unsupported("\(entry.name) support is not installed in this build")
        }
        return converter
    }
}
