/// Names a file's format from its content; the file name is only a
/// hint. Detection never throws: what it cannot name is nil.
///
/// Order: containers first (OLE2, ZIP), whose magic is exact; then PDF
/// (also behind up to 1 KiB of junk), the registry's signatures (RTF, images) and bare BIFF workbooks; then HTML by
/// its first markup; then text versus binary. The hint settles only what
/// content cannot: which text format (see `FileNameHint.textFormat`),
/// the format sealed inside an encrypted OOXML package, and which
/// container format a container too damaged to open was meant to be (so
/// that converter reports the damage).
enum FormatDetector {
    static func detect(_ bytes: [UInt8], fileName: String?) -> DetectedFormat {
        detectKeepingContainer(bytes, fileName: fileName).format
    }

    /// Detects, and hands back the archive or compound file it opened on
    /// the way, for the converter to reuse.
    static func detectKeepingContainer(_ bytes: [UInt8], fileName: String?) -> (format: DetectedFormat, container: OpenedContainer?) {
        let hint = FileNameHint.format(for: fileName)
        if bytes.isEmpty {
            // Nothing to judge: an empty text file is still a text file.
            return (DetectedFormat(format: isTextFamily(hint) ? hint : nil), nil)
        }
        if Signatures.isCompoundFile(bytes) {
            guard let file = try? CompoundFile(bytes) else {
                return (DetectedFormat(format: isCompoundFamily(hint) || isPackageFamily(hint) ? hint : nil), nil)
            }
            return (CompoundDocumentDetector.detect(file, hint: hint) ?? DetectedFormat(format: nil), .compound(file))
        }
        if Signatures.isZip(bytes) {
            guard let archive = try? ZipArchive.recovering(bytes, limits: PackageDetector.limits) else {
                return (DetectedFormat(format: isPackageFamily(hint) ? hint : nil), nil)
            }
            return (PackageDetector.detect(archive) ?? DetectedFormat(format: nil), .zip(archive))
        }
        return (detectSignature(bytes, hint: hint), nil)
    }

    /// Formats known by their first bytes or their text.
    private static func detectSignature(_ bytes: [UInt8], hint: DocumentFormat?) -> DetectedFormat {
        if let pdf = detectPDF(bytes, hint: hint) { return pdf }
        if let format = FormatRegistry.format(signature: bytes) { return DetectedFormat(format: format) }
        if BIFFScan.isBareWorkbook(bytes) {
            return DetectedFormat(format: .xls, isEncrypted: BIFFScan.hasFilePass(Array(bytes.prefix(1 << 20))))
        }
        let pdfFallback: DocumentFormat? = Signatures.pdfHeaderOffset(bytes) != nil ? .pdf : nil
        guard let text = detectText(bytes, hint: hint) else { return DetectedFormat(format: pdfFallback) }
        return DetectedFormat(format: text, fallback: pdfFallback)
    }

    /// A PDF header at the start, on a line of its own, after binary junk
    /// or in front of a PDF body (`startxref`, `%%EOF`) is a PDF, whatever
    /// text comes before it (an HTML error page saved with the file), as
    /// PDF readers accept. What that text reads as is the fallback.
    private static func detectPDF(_ bytes: [UInt8], hint: DocumentFormat?) -> DetectedFormat? {
        guard let offset = Signatures.pdfHeaderOffset(bytes) else { return nil }
        let encrypted = PDFEncryptionScan.namesEncryption(bytes)
        if offset == 0 { return DetectedFormat(format: .pdf, isEncrypted: encrypted) }
        guard Signatures.isPDF(bytes) || Signatures.hasPDFTrailer(bytes) else { return nil }
        return DetectedFormat(format: .pdf, isEncrypted: encrypted, fallback: detectText(Array(bytes.prefix(offset)), hint: hint))
    }

    /// HTML by its markup, then text versus binary.
    private static func detectText(_ bytes: [UInt8], hint: DocumentFormat?) -> DocumentFormat? {
        if HTMLSniffer.looksLikeHTML(bytes, hint: hint) { return .html }
        if TextSniffer.looksLikeText(bytes) { return FileNameHint.textFormat(hint: hint) }
        return nil
    }

    private static func isTextFamily(_ format: DocumentFormat?) -> Bool {
        recognised(format, by: .plainText)
    }

    private static func isCompoundFamily(_ format: DocumentFormat?) -> Bool {
        recognised(format, by: .compoundFile)
    }

    private static func isPackageFamily(_ format: DocumentFormat?) -> Bool {
        recognised(format, by: .officePackage) || recognised(format, by: .mimetypePackage)
    }

    private static func recognised(_ format: DocumentFormat?, by evidence: FormatEntry.Evidence) -> Bool {
        format.map { FormatRegistry.entry(for: $0).evidence == evidence } ?? false
    }
}
