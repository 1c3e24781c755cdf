/// OpenDocument text, spreadsheets and presentations (ODT, ODS, ODP and
/// their templates). The package's own `mimetype` decides which reader
/// runs, so a file forced to the wrong ODF format still reads right.
enum ODFConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let package = try ODFPackage(archive: input.zipArchive(recovering: true), limits: input.limits)
        let format = kind(of: package, stated: input.format)
        if format == .ods {
            try ODSConverter.convert(input, package: package, format: format, into: sink)
        } else if format == .odp {
            try ODPConverter.convert(input, package: package, format: format, into: sink)
        } else {
            try ODTConverter.convert(input, package: package, format: format, into: sink)
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
            let reader = try package.xmlReader(for: "styles.xml", cutting: .named(unreadStyleElements), minimumBytes: 4 << 10)
            try styles.load(from: reader, scope: .styles, stopAtBody: false)
        } catch where error.kind == .malformed {
            sink.addWarning("styles.xml could not be read: \(error.reason)")
        }
    }

    /// What reading the styles never looks at, cut from `styles.xml` (and
    /// from the automatic styles of `content.xml`) before it is parsed: master pages, fonts and scripts (read elsewhere or not
    /// at all), and inside the styles their paragraph, list-level, graphic
    /// and table layout, number formats, page layouts, drawing fills and
    /// outline and note settings, which are most of the part. Time
    /// styles stay: spreadsheet durations are shown through them.
    static let unreadStyleElements = XMLLocalNames([
        "master-styles", "font-face-decls", "scripts",
        "paragraph-properties", "list-level-properties", "graphic-properties", "table-cell-properties",
        "table-column-properties", "table-row-properties", "section-properties", "ruby-properties",
        "chart-properties", "page-layout", "presentation-page-layout", "default-style",
        "outline-style", "notes-configuration", "linenumbering-configuration", "bibliography-configuration",
        "number-style", "currency-style", "percentage-style", "date-style", "boolean-style",
        "text-style", "gradient", "linearGradient", "radialGradient", "hatch", "fill-image", "marker",
        "stroke-dash", "opacity",
    ])

    /// The metadata of `meta.xml` for a document of `format`, read only
    /// when `sink` keeps it.
    static func metadata(_ package: ODFPackage, format: DocumentFormat, for sink: DocumentSink) -> Metadata {
        var metadata = Metadata(sourceFormat: format)
        if sink.needsMetadata { ODFMetadata.read(from: package, into: &metadata) }
        return metadata
    }
}

/// An error met where it cannot be thrown (inside a look-up), thrown by
/// the converter once the work is done.
final class DeferredFailure {
    @exclusivity(unchecked)
    var error: ConversionError?

    func check() throws(ConversionError) {
        if let error { throw error }
    }
}
