@testable import AnyDocSwift

/// What one fuzz run feeds its inputs to.
enum FuzzTarget: String, CaseIterable {
    case detect, zip, xml, docx, pptx, xlsx, odf, rtf, html, csv, text, pdf, epub
    case doc, xls, ppt, xlsb
    case sheetxml, csvreader

    func run(_ bytes: [UInt8]) {
        switch self {
        case .detect: Self.detect(bytes)
        case .zip: Self.zip(bytes)
        case .xml: Self.xml(bytes)
        case .docx: Self.convert(bytes, as: .docx)
        case .pptx: Self.convert(bytes, as: .pptx)
        case .xlsx: Self.convert(bytes, as: .xlsx)
        case .odf: Self.convert(bytes, as: Self.odfVariant(bytes))
        case .rtf: Self.convert(bytes, as: .rtf)
        case .html: Self.convert(bytes, as: .html)
        case .csv: Self.convert(bytes, as: bytes.count % 2 == 0 ? .csv : .tsv)
        case .text: Self.convert(bytes, as: bytes.count % 2 == 0 ? .txt : .md)
        case .pdf: Self.convert(bytes, as: .pdf)
        case .epub: Self.convert(bytes, as: .epub)
        case .doc: Self.convert(bytes, as: .doc)
        case .xls: Self.convert(bytes, as: .xls)
        case .ppt: Self.convert(bytes, as: .ppt)
        case .xlsb: Self.convert(bytes, as: .xlsb)
        case .sheetxml: SheetScanDifferential.run(bytes)
        case .csvreader:
            SheetScanDifferential.csv(bytes)
            CSVStreamDifferential.run(bytes)
            CSVScanDifferential.run(bytes)
        }
    }

    /// The format a conversion target forces; nil for the others.
    var forcedFormats: [DocumentFormat] {
        switch self {
        case .docx: [.docx]
        case .pptx: [.pptx]
        case .xlsx: [.xlsx]
        case .odf: [.odt, .ods, .odp]
        case .rtf: [.rtf]
        case .html: [.html]
        case .csv: [.csv, .tsv]
        case .text: [.txt, .md]
        case .pdf: [.pdf]
        case .epub: [.epub]
        case .doc: [.doc]
        case .xls: [.xls]
        case .ppt: [.ppt]
        case .xlsb: [.xlsb]
        case .detect, .zip, .xml, .sheetxml, .csvreader: []
        }
    }

    /// The forced formats that have no converter in this process: a
    /// format whose module is not linked fails every input at once, and
    /// would be "fuzzed" without a line of its parser running.
    var formatsWithoutConverter: [DocumentFormat] {
        forcedFormats.filter { (try? FormatRegistry.converter(for: $0)) == nil }
    }

    /// Converts to Markdown so the serializer runs on whatever the parser
    /// produced.
    private static func convert(_ bytes: [UInt8], as format: DocumentFormat) {
        let converter = AnyDocConverter(options: FuzzLimits.options(format: format))
        _ = try? converter.markdown(bytes, fileName: "input.\(format.rawValue)")
    }

    /// Detection with no name, then with names that change its tie-breaks.
    private static func detect(_ bytes: [UInt8]) {
        for name in [nil, "input.csv", "input.md", "input.docx"] {
            _ = FormatDetector.detect(bytes, fileName: name)
        }
    }

    /// Opens the archive (rebuilding a damaged directory as conversion
    /// does), reads every entry, and walks the OPC relationships.
    private static func zip(_ bytes: [UInt8]) {
        let limits = FuzzLimits.limits
        guard let archive = try? ZipArchive.recovering(bytes, limits: limits) else { return }
        for entry in archive.entries.prefix(64) {
            _ = try? archive.read(entry)
        }
        let package = OPCPackage(archive: archive, limits: limits)
        _ = try? package.rootPart(ofType: "officeDocument")
        for part in archive.names.prefix(16) {
            _ = try? package.relationships(of: part)
        }
    }

    /// Reads every node, touching names, namespaces, attributes and text,
    /// skipping or collecting some elements whole. The bytes arrive in
    /// small pieces, as they do from an inflating archive entry, so that
    /// every node also straddles a chunk boundary somewhere.
    private static func xml(_ bytes: [UInt8]) {
        let source = DribbleByteSource(bytes, pieceSize: Int(bytes.first ?? 0) % 61 + 1)
        let aliases = XMLNamespaceAliases(
            ["http://purl.oclc.org/ooxml/wordprocessingml/main": "http://schemas.openxmlformats.org/wordprocessingml/2006/main"])
        guard let reader = try? XMLReader(source: source, limits: FuzzLimits.limits, namespaceAliases: aliases) else { return }
        var step = 0
        while (try? reader.read()) == true {
            step += 1
            switch reader.kind {
            case .startElement:
                _ = reader.isElement(reader.localName, in: reader.namespace)
                _ = reader.attribute("val", namespace: aliases.variants.keys.first)
                _ = reader.attributes()
                _ = (reader.depth, reader.isEmptyElement)
                if step % 3 == 0, (try? reader.readElementText()) == nil { return }
                if step % 5 == 0, (try? reader.skipElement()) == nil { return }
            case .text, .whitespace:
                _ = reader.text
            default:
                break
            }
        }
    }

    /// ODT, ODS or ODP as the package says, else by input length so each
    /// reader sees damaged packages too.
    private static func odfVariant(_ bytes: [UInt8]) -> DocumentFormat {
        if let format = FormatDetector.detect(bytes, fileName: nil).format, [.odt, .ods, .odp].contains(format) {
            return format
        }
        return [.odt, .ods, .odp][bytes.count % 3]
    }
}
