/// OpenDocument text, spreadsheets and presentations (ODT, ODS, ODP and
/// their templates). The package's own `mimetype` decides which reader
/// runs, so a file forced to the wrong ODF format still reads right.
enum ODFConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = try ODFPackage(archive: input.zipArchive(recovering: true), limits: input.limits)
        let format = kind(of: package, stated: input.format)
        switch format {
        case .ods: try ODSConverter.convert(input, package: package, format: format, into: sink)
        case .odp: try ODPConverter.convert(input, package: package, format: format, into: sink)
        default: try ODTConverter.convert(input, package: package, format: format, into: sink)
        }
    }

    /// `.odt`, `.ods` or `.odp`, as the package's `mimetype` says.
    private static func kind(of package: ODFPackage, stated: DocumentFormat) -> DocumentFormat {
        let fallback: DocumentFormat = [.ods, .odp].contains(stated) ? stated : .odt
        guard package.contains("mimetype"), let bytes = try? package.read("mimetype"), bytes.count < 256 else { return fallback }
        let mimetype = String(decoding: bytes, as: UTF8.self)
        if mimetype.hasPrefix("application/vnd.oasis.opendocument.spreadsheet") { return .ods }
        if mimetype.hasPrefix("application/vnd.oasis.opendocument.presentation")
            || mimetype.hasPrefix("application/vnd.oasis.opendocument.graphics") { return .odp }
        if mimetype.hasPrefix("application/vnd.oasis.opendocument.text") { return .odt }
        return fallback
    }

    /// Loads `styles.xml`; a damaged one costs the styles, not the document.
    /// Reads `styles.xml` when the first look-up needs it. A failure
    /// other than damage is kept in `failure` for the converter to throw.
    static func loadStylesOnDemand(_ package: ODFPackage, into styles: ODFStyles, sink: DocumentSink, failure: DeferredFailure) {
        styles.loadNamedStylesOnDemand { [unowned styles] in
            do throws(ConversionError) {
                try loadStyles(package, into: styles, sink: sink)
            } catch {
                failure.error = failure.error ?? error
            }
        }
    }

    static func loadStyles(_ package: ODFPackage, into styles: ODFStyles, sink: DocumentSink) throws(ConversionError) {
        guard package.contains("styles.xml") else { return }
        do {
            // Master pages, fonts and scripts are read elsewhere or not at
            // all; they are worth cutting only from a large part.
            let reader = try package.xmlReader(
                for: "styles.xml", droppingRootChildren: { $0 == "master-styles" || $0 == "font-face-decls" || $0 == "scripts" },
                minimumBytes: 64 << 10)
            try styles.load(from: reader, scope: .styles, stopAtBody: false)
        } catch where error.kind == .malformed {
            sink.addWarning("styles.xml could not be read: \(error.reason)")
        }
    }

    /// The metadata of `meta.xml` for a document of `format`.
    static func metadata(_ package: ODFPackage, format: DocumentFormat) -> Metadata {
        var metadata = Metadata(sourceFormat: format)
        ODFMetadata.read(from: package, into: &metadata)
        return metadata
    }
}

/// An error met where it cannot be thrown (inside a look-up), thrown by
/// the converter once the work is done.
final class DeferredFailure {
    var error: ConversionError?

    func check() throws(ConversionError) {
        if let error { throw error }
    }
}
