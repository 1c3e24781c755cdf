internal import AnyDocSwift
internal import CTesseract

/// The pages of a multi-page TIFF, decoded one at a time so memory holds
/// one page, not the whole file.
final class TIFFPages {
    private let bytes: [UInt8]
    private var offset = 0
    private var finished = false
    /// Pages handed out so far.
    private(set) var count = 0
    /// Stops a file whose directory chain loops or is absurdly long.
    private let maxPages: Int

    init(bytes: [UInt8], maxPages: Int = 10_000) {
        self.bytes = bytes
        self.maxPages = maxPages
    }

    /// The next page, or nil after the last.
    func next() throws(ConversionError) -> PageImage? {
        guard !finished else { return nil }
        if count >= maxPages { throw .resourceLimit("the TIFF has more than \(maxPages) pages") }
        try TesseractLibrary.load()
        var position = offset
        let pix = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { pixReadMemFromMultipageTiff($0, buffer.count, &position) }
        }
        guard let page = PageImage.adopt(pix) else {
            if count == 0 { throw .malformed("the TIFF image cannot be decoded") }
            throw .malformed("page \(count + 1) of the TIFF cannot be decoded")
        }
        try PageImage.checkSize(width: page.width, height: page.height)
        // Leptonica reports the next directory's offset, 0 after the last;
        // an offset that does not move forward would loop.
        if position == 0 || position <= offset {
            finished = true
        } else {
            offset = position
        }
        count += 1
        return page
    }
}
