internal import AnyDocSwift
internal import CTesseract
#if canImport(Glibc)
import Glibc
#endif

/// One Tesseract instance, loaded with a language, that recognises page
/// images. The class owns its `TessBaseAPI` and ends and deletes it when it
/// goes away; what it returns are Swift values.
///
/// One engine per thread: a Tesseract instance must never be used from two
/// threads at once, so the class is not Sendable. Instances in parallel
/// are safe as long as nobody changes their classify or textord settings.
/// Starting one loads the language model (a fraction of a second for
/// `eng`, more for `chi_sim`), so keep an engine for many pages.
///
/// A combination that includes a Chinese, Japanese or Korean model gets
/// one Tesseract instance per language instead of one for all: each reads
/// the whole page and `LineLanguageChoice` keeps, line by line, the
/// most confident reading.
final class OCREngine {
    /// One instance for the whole language string, or one per language.
    private let handles: [OpaquePointer]
    let language: String
    /// Whether pages are turned upright before recognition.
    private let correctsOrientation: Bool
    /// Set when pages read poorly are read again in their detected script.
    private let fallback: ScriptFallback?
    var detectsScript: Bool { fallback != nil }

    /// Starts Tesseract with `language`, such as `eng` or `chi_sim+eng`.
    /// A language whose model is not installed fails with `unsupported`,
    /// naming the Debian package that provides it. With `detectsScript`,
    /// a page read with low confidence is read again with the model of
    /// its script (`ScriptFallback`).
    /// `singleBlock` reads the page as one block of text instead of
    /// analysing its layout first.
    init(language: String = "eng", detectsScript: Bool = false, singleBlock: Bool = false) throws(ConversionError) {
        try OCRLanguage.validate(language)
        OCREngine.limitLibraryThreads()
        var handles: [OpaquePointer] = []
        for model in OCRLanguage.separateReadings(of: language) ?? [language] {
            do throws(ConversionError) {
                handles.append(try OCREngine.start(model, singleBlock: singleBlock))
            } catch {
                OCREngine.stop(handles)
                throw error
            }
        }
        self.handles = handles
        self.language = language
        correctsOrientation = OCRLanguage.usesLatinScript(language)
        fallback = detectsScript ? ScriptFallback() : nil
    }

    deinit {
        OCREngine.stop(handles)
    }

    private static func start(_ language: String, singleBlock: Bool) throws(ConversionError) -> OpaquePointer {
        try TesseractLibrary.load()
        guard let api = TessBaseAPICreate() else { throw .resourceLimit("Tesseract could not be started") }
        guard TessBaseAPIInit3(api, OCRLanguage.dataPath, language) == 0 else {
            TessBaseAPIDelete(api)
            throw .unsupported("Tesseract cannot load OCR language '\(language)' from \(OCRLanguage.dataPath)")
        }
        // Tesseract's notes ("Estimating resolution as …") would go to
        // standard error for every page.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        TessBaseAPISetPageSegMode(api, singleBlock ? PSM_SINGLE_BLOCK : PSM_AUTO)
        return api
    }

    private static func stop(_ handles: [OpaquePointer]) {
        for handle in handles {
            TessBaseAPIEnd(handle)
            TessBaseAPIDelete(handle)
        }
    }

    /// Recognises gray pixels.
    func recognize(_ image: GrayImage, deadline: Deadline) throws(ConversionError) -> OCRResult {
        try recognize(PageImage(image), resolution: image.resolution, deadline: deadline)
    }

    /// Recognises a decoded image at `resolution` pixels per inch. Gives up
    /// with `resource limit` once `deadline` passes, even mid-page.
    func recognize(_ page: PageImage, resolution: Int, deadline: Deadline) throws(ConversionError) -> OCRResult {
        try deadline.check()
        OCREngine.limitLibraryThreads()
        let gray = try page.grayscale()
        var image = gray
        var quarterTurns = 0
        if correctsOrientation {
            (image, quarterTurns) = image.uprighted()
        }
        var readings: [PageReading] = []
        for handle in handles {
            readings.append(try read(image, resolution: resolution, with: handle, deadline: deadline))
        }
        var result = LineLanguageChoice.merge(readings).result
        result.quarterTurns = quarterTurns
        if let fallback, ScriptFallback.isDoubtful(result) {
            // The page as given: the Latin orientation check may have turned it.
            return try fallback.reread(gray, resolution: resolution, first: result, deadline: deadline)
        }
        return result
    }

    /// One Tesseract instance's reading of `image`.
    private func read(
        _ image: PageImage, resolution: Int, with handle: OpaquePointer, deadline: Deadline
    ) throws(ConversionError) -> PageReading {
        try deadline.check()
        TessBaseAPISetImage2(handle, image.pix)
        TessBaseAPISetSourceResolution(handle, Int32(clamping: resolution))
        // Drops the image and the results however this returns.
        defer { TessBaseAPIClear(handle) }
        let status = withExtendedLifetime(image) { recognizeCurrentImage(with: handle, deadline: deadline) }
        try deadline.check()
        guard status == 0 else { throw .malformed("Tesseract could not recognise the page") }
        return readResult(of: handle)
    }

    /// Runs recognition with a monitor that cancels it at the deadline.
    private func recognizeCurrentImage(with handle: OpaquePointer, deadline: Deadline) -> Int32 {
        guard let monitor = TessMonitorCreate() else { return TessBaseAPIRecognize(handle, nil) }
        defer { TessMonitorDelete(monitor) }
        let box = Unmanaged.passRetained(DeadlineBox(deadline))
        defer { box.release() }
        TessMonitorSetCancelThis(monitor, box.toOpaque())
        TessMonitorSetCancelFunc(monitor) { context, _ in
            guard let context else { return false }
            return Unmanaged<DeadlineBox>.fromOpaque(context).takeUnretainedValue().deadline.hasPassed
        }
        return TessBaseAPIRecognize(handle, monitor)
    }

    /// Walks the result word by word, opening a block, paragraph or line
    /// wherever Tesseract's layout starts one, with its box.
    private func readResult(of handle: OpaquePointer) -> PageReading {
        var reading = PageReading()
        guard let iterator = TessBaseAPIGetIterator(handle) else { return reading }
        defer { TessResultIteratorDelete(iterator) }
        let layout = TessResultIteratorGetPageIterator(iterator)
        func box(_ level: TessPageIteratorLevel) -> PageReading.Box {
            var left: Int32 = 0, top: Int32 = 0, right: Int32 = 0, bottom: Int32 = 0
            guard TessPageIteratorBoundingBox(layout, level, &left, &top, &right, &bottom) != 0 else {
                return PageReading.Box(left: 0, top: 0, right: 0, bottom: 0)
            }
            return PageReading.Box(left: Int(left), top: Int(top), right: Int(right), bottom: Int(bottom))
        }
        var block = 0
        var paragraph: PageReading.Paragraph?
        var line: PageReading.Line?
        var previousRight: Int?
        func closeLine() {
            if let finished = line, !finished.words.isEmpty { paragraph?.lines.append(finished) }
            line = nil
            previousRight = nil
        }
        func closeParagraph() {
            closeLine()
            if let finished = paragraph, !finished.lines.isEmpty { reading.paragraphs.append(finished) }
            paragraph = nil
        }
        repeat {
            if TessPageIteratorIsAtBeginningOf(layout, RIL_BLOCK) != 0 {
                closeParagraph()
                block += 1
            } else if TessPageIteratorIsAtBeginningOf(layout, RIL_PARA) != 0 {
                closeParagraph()
            } else if TessPageIteratorIsAtBeginningOf(layout, RIL_TEXTLINE) != 0 {
                closeLine()
            }
            if paragraph == nil { paragraph = PageReading.Paragraph(block: block, box: box(RIL_PARA), lines: []) }
            if line == nil { line = PageReading.Line(box: box(RIL_TEXTLINE), words: []) }
            guard let text = TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let word = OCRText.trimmed(String(cString: text))
            TessDeleteText(text)
            if word.isEmpty { continue }
            let confidence = Double(TessResultIteratorConfidence(iterator, RIL_WORD))
            // A gap of a quarter of the line's height is a space.
            let wordBox = box(RIL_WORD)
            let lineHeight = line.map { $0.box.bottom - $0.box.top } ?? 0
            let spaced = previousRight.map { wordBox.left - $0 > lineHeight / 4 } ?? true
            previousRight = wordBox.right
            let clamped = confidence.isFinite ? min(max(confidence, 0), 100) : 0
            line?.words.append(.init(text: word, confidence: clamped, spaced: spaced, box: wordBox))
        } while TessResultIteratorNext(iterator, RIL_WORD) != 0
        closeParagraph()
        return reading
    }

    // MARK: - Threads

    /// Tesseract parallelises inside a page with OpenMP, asking for four
    /// threads per parallel loop; engines running side by side would then
    /// oversubscribe the cores, and OpenMP's spinning threads cost as much
    /// CPU as the recognition itself. Pages are parallelised one engine
    /// per thread instead, so each thread keeps OpenMP to itself.
    ///
    /// `TesseractLibrary.load` sets `OMP_THREAD_LIMIT=1` before libgomp
    /// loads, unless the caller set it. Setting the thread's maximum of
    /// active parallel levels to 0 as well makes every OpenMP region run on
    /// the calling thread even where libgomp was loaded earlier by someone
    /// else; that setting is per thread, so it is made on each thread that
    /// recognises. A caller who set `OMP_THREAD_LIMIT` keeps OpenMP as they
    /// configured it.
    static func limitLibraryThreads() {
        guard let serialize = ompSerializer else { return }
        serialize(0)
    }

    /// OpenMP's maximum of active parallel levels on this thread, nil when
    /// Tesseract was built without OpenMP: 0 once `limitLibraryThreads` ran.
    static func openMPActiveLevels() -> Int32? {
        guard (try? TesseractLibrary.load()) != nil,
              let symbol = anydoc_tesseract_optional("omp_get_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)()
    }

    private static let ompSerializer: (@convention(c) (Int32) -> Void)? = {
        if let limit = getenv("OMP_THREAD_LIMIT"), String(cString: limit) != "1" { return nil }
        guard (try? TesseractLibrary.load()) != nil,
              let symbol = anydoc_tesseract_optional("omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Void).self)
    }()
}

/// Carries a deadline to Tesseract's C cancel callback.
private final class DeadlineBox {
    let deadline: Deadline
    init(_ deadline: Deadline) { self.deadline = deadline }
}
