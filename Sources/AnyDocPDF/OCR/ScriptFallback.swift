internal import AnyDocSwift
internal import CTesseract
#if canImport(Glibc)
import Glibc
#endif

/// Reads again, with the model for its script, a page that the default
/// model read with low confidence.
///
/// The default model is English: a Chinese, Japanese or Korean page read
/// with it comes back as confident-looking Latin noise of low word
/// confidence (a mean near 30 where clean English scores above 90). Such a
/// page has its script detected by Tesseract's orientation-and-script
/// detection (the `osd` model), and is read again with the installed
/// model for that script, together with English for the Latin words
/// around it; the reading with the most confident text is kept. Pages that
/// read well, which is most of them, pay nothing.
///
/// Tesseract's layout analysis drops whole lines of some Korean and
/// Traditional Chinese pages that it reads in full as one block, so the
/// page is read both ways; the block reading wins only when it holds
/// clearly more confident text, since the layout reading keeps columns
/// apart.
///
/// One per engine, so used by one thread at a time.
final class ScriptFallback {
    /// Below this mean word confidence a default reading is doubted.
    static let doubtfulConfidence = 70.0

    private var detector: OpaquePointer?
    private var detectorFailed = false
    private var readers: [String: OCREngine] = [:]

    /// A reading's weight: its characters, each by its word's confidence.
    static func score(_ result: OCRResult) -> Double {
        result.words.reduce(0) { $0 + Double($1.text.count) * $1.confidence }
    }

    deinit {
        if let detector {
            TessBaseAPIEnd(detector)
            TessBaseAPIDelete(detector)
        }
    }

    static func isDoubtful(_ result: OCRResult) -> Bool {
        (result.meanConfidence ?? 0) < doubtfulConfidence
    }

    /// The better of `first` and a reading in the page's detected script.
    func reread(_ image: PageImage, resolution: Int, first: OCRResult, deadline: Deadline) throws(ConversionError) -> OCRResult {
        try deadline.check()
        guard let script = detectScript(image, resolution: resolution) else { return first }
        var best = first
        for language in Self.languages(forScript: script) {
            var reading = try reader(language, singleBlock: false).recognize(image, resolution: resolution, deadline: deadline)
            let block = try reader(language, singleBlock: true).recognize(image, resolution: resolution, deadline: deadline)
            if Self.score(block) > Self.score(reading) * 1.15 { reading = block }
            if Self.score(reading) > Self.score(best) {
                reading.language = language
                best = reading
            }
            // A confident reading needs no other model of the script.
            if (best.meanConfidence ?? 0) >= Self.confidentEnough { break }
        }
        return best
    }

    /// A mean word confidence past which another model is not tried. The
    /// Simplified Chinese model reads Traditional text at about 86, turning
    /// it into Simplified characters; it reads its own at about 94.
    static let confidentEnough = 90.0

    private func reader(_ language: String, singleBlock: Bool) throws(ConversionError) -> OCREngine {
        let key = language + (singleBlock ? "/block" : "")
        if let kept = readers[key] { return kept }
        let engine = try OCREngine(language: language, singleBlock: singleBlock)
        readers[key] = engine
        return engine
    }

    /// Tesseract's name for the page's script (`Han`, `Japanese`,
    /// `Hangul`, `Latin`, `Cyrillic`, …), or nil without the `osd` model
    /// or a confident answer.
    private func detectScript(_ image: PageImage, resolution: Int) -> String? {
        guard let detector = startDetector() else { return nil }
        TessBaseAPISetImage2(detector, image.pix)
        TessBaseAPISetSourceResolution(detector, Int32(clamping: resolution))
        defer { TessBaseAPIClear(detector) }
        var degrees: Int32 = 0
        var orientationConfidence: Float = 0
        var name: UnsafePointer<CChar>?
        var scriptConfidence: Float = 0
        let found = withExtendedLifetime(image) {
            TessBaseAPIDetectOrientationScript(detector, &degrees, &orientationConfidence, &name, &scriptConfidence)
        }
        guard found != 0, let name, scriptConfidence > 0 else { return nil }
        return String(cString: name)
    }

    private func startDetector() -> OpaquePointer? {
        if let detector { return detector }
        guard !detectorFailed, OCRLanguage.isInstalled("osd"), (try? TesseractLibrary.load()) != nil,
              let api = TessBaseAPICreate() else {
            detectorFailed = true
            return nil
        }
        guard TessBaseAPIInit3(api, OCRLanguage.dataPath, "osd") == 0 else {
            TessBaseAPIDelete(api)
            detectorFailed = true
            return nil
        }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        TessBaseAPISetPageSegMode(api, PSM_OSD_ONLY)
        detector = api
        return api
    }

    /// Installed models for a script, each beside English, in the order
    /// they are tried; none for Latin (the default already read it) and
    /// for scripts with no model installed. Han is tried as Simplified
    /// Chinese, then as Traditional when that reading is not confident.
    static func languages(forScript script: String) -> [String] {
        let models: [[String]] = switch script {
        case "Han": [["chi_sim"], ["chi_tra"]]
        case "Japanese", "Katakana", "Hiragana": [["jpn"]]
        case "Hangul", "Korean": [["kor"]]
        case "Cyrillic": [["rus", "ukr"]]
        case "Greek": [["ell"]]
        case "Arabic": [["ara"]]
        case "Hebrew": [["heb"]]
        case "Devanagari": [["hin"]]
        case "Thai": [["tha"]]
        default: []
        }
        let english = OCRLanguage.isInstalled("eng") ? ["eng"] : []
        return models.map { $0.filter(OCRLanguage.isInstalled) }.filter { !$0.isEmpty }.map { ($0 + english).joined(separator: "+") }
    }
}
