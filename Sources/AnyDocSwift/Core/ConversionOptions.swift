#if canImport(Glibc)
import Glibc
#endif

/// Choices a caller makes about a conversion.
public struct ConversionOptions: Sendable {
    /// The safety limits on input, output, nesting and time; `.default` unless raised or lowered.
    public var limits: Limits = .default
    /// Read the input as this format instead of detecting it.
    public var format: DocumentFormat?
    /// Include sheets a workbook marks hidden.
    public var includeHiddenSheets = false
    /// Include page headers and footers (DOCX, ODT).
    public var includeHeadersAndFooters = false
    /// Follow the name of each embedded OLE object (DOCX, PPTX) with its
    /// content, where it carries an Office package (an embedded workbook,
    /// document or deck). Without it objects are only named.
    public var includeEmbeddedObjects = false
    /// Render comments as footnotes.
    public var includeComments = true
    /// Tracked changes: keep insertions and drop deletions, or show both.
    public var showTrackedDeletions = false
    /// PDF password, for encrypted PDFs.
    public var password: String?
    /// Tesseract language(s) for OCR, such as `eng` or `chi_sim+eng`.
    public var ocrLanguage = "eng"
    /// Whether a page read with low confidence in `ocrLanguage` has its
    /// script detected and is read again with that script's installed
    /// model (Chinese, Japanese, Korean scans need no flag). The CLI turns
    /// it off when a language is given.
    public var ocrDetectsScript = true
    /// Resolution PDF pages are rendered at for OCR, and the one assumed
    /// for images that state none.
    public var ocrDPI = 300
    /// When PDF pages are OCRed.
    public var ocrMode: OCRMode = .auto
    /// Threads that OCR the pages of one document, each with its own
    /// Tesseract engine; nil for one per core the process may use (its
    /// CPU affinity mask and a container's CPU quota count).
    public var ocrWorkers: Int?
    /// Read the bytes of embedded images into `Document.assets`. Without
    /// them images keep their asset names (and show as their alternative
    /// text) but are never inflated: for callers that will not write them.
    public var readsImageBytes = true

    /// When PDF pages are OCRed.
    public enum OCRMode: String, Sendable, CaseIterable {
        /// Pages without a text layer.
        case auto
        /// Every page, ignoring any text layer.
        case always
        /// No page.
        case never
    }

    /// The defaults: detect the format, OCR pages without text in English at 300 DPI.
    public init() {}

    /// These options for one of `count` documents converted side by side.
    /// Unless `ocrWorkers` is set, the documents share the cores rather than
    /// each taking all of them: documents side by side keep the cores busier
    /// than one document's pages do (1.8× against 1.3× on two cores, whose
    /// scans are mostly single pages), and engines beyond the cores only
    /// cost memory.
    public func sharingCores(among count: Int) -> ConversionOptions {
        guard ocrWorkers == nil, count > 1 else { return self }
        var shared = self
        shared.ocrWorkers = max(1, ConversionOptions.defaultOCRWorkers / count)
        return shared
    }

    /// OCR threads for one document when `ocrWorkers` is not set: the
    /// cores the process may use, at most 64.
    package static var defaultOCRWorkers: Int {
        min(64, UsableProcessors.count)
    }
}
