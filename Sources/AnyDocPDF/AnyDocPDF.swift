internal import AnyDocSwift

/// PDF (Poppler's text layer, Tesseract OCR for scanned pages) and images
/// (OCR): the formats whose libraries the core does not need.
///
/// Linking this product installs its converters into the core's format
/// registry when the process starts; nothing else is needed. Poppler and
/// Tesseract themselves are loaded the first time a PDF or an image is read.
public enum AnyDocPDF {
    /// Installs the PDF and image converters; done at start-up already, and
    /// harmless to repeat.
    public static func install() {
        FormatRegistry.install(PDFConverter.self, for: [.pdf])
        FormatRegistry.install(ImageConverter.self, for: DocumentFormat.allCases.filter { $0.family == .image })
    }
}

/// Called by the start-up constructor of CAnyDocPDFStartup.
@_cdecl("anydoc_pdf_install")
func installAtStartup() {
    AnyDocPDF.install()
}
