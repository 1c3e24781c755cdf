/// Text turned into UTF-8, with the encoding it arrived in.
struct DecodedText {
    /// The text as UTF-8, without a byte order mark.
    let utf8: ArraySlice<UInt8>
    let encoding: TextEncoding

    /// Metadata for a document read from this text: its format, and its
    /// encoding as `encoding` when that was not UTF-8.
    func metadata(format: DocumentFormat) -> Metadata {
        var metadata = Metadata(sourceFormat: format)
        if encoding != .utf8 {
            metadata.extra.append((key: "encoding", value: encoding.name))
        }
        return metadata
    }
}

/// Decodes text files of unknown encoding to UTF-8.
///
/// - A leading UTF-8 BOM is dropped; every other byte is passed through.
///   Valid UTF-8 is used as is, after one validating pass over the bytes.
/// - A UTF-16 LE/BE or UTF-32 LE/BE byte order mark selects that
///   encoding. UTF-16 without one is recognised by where its zero bytes
///   fall (see `unmarkedUTF16`).
/// - Pure ASCII with ISO-2022-JP designations (`ESC $ B`, `ESC $ @`) is
///   ISO-2022-JP.
/// - Anything else is scored against the legacy encodings
///   `EncodingDetector` knows; the most confident one at or above its
///   threshold that decodes the whole input strictly wins. Failing all,
///   text that reads as EBCDIC (IBM037) prose is EBCDIC.
/// - Binary input (a NUL byte, or more stray control bytes than 2 plus one
///   in 50) and input no encoding fits fail with `unsupported`; nothing is
///   ever decoded to mojibake or U+FFFD.
///
/// Line endings are kept as they are.
enum TextDecoder {
    enum NULHandling {
        /// A NUL byte means binary input.
        case reject
        /// NUL bytes are removed (stray NULs are common in exported CSV).
        case drop
    }

    static func decode(_ bytes: [UInt8], nul: NULHandling) throws(ConversionError) -> DecodedText {
        if let (encoding, markLength) = byteOrderMark(bytes) {
            let body = bytes[markLength...]
            if encoding == .utf8 {
                let census = body.withUnsafeBufferPointer(ByteCensus.init)
                guard census.isValidUTF8 else {
                    throw .malformed("the text starts with a UTF-8 byte order mark but is not valid UTF-8")
                }
                return try checked(DecodedText(utf8: body, encoding: .utf8), census: census, nul: nul)
            }
            guard let utf8 = Iconv.decode(body, from: encoding.iconvName) else {
                throw .malformed("the text starts with a \(encoding.name) byte order mark but is not valid \(encoding.name)")
            }
            return try transcoded(utf8, from: encoding, nul: nul)
        }
        if let encoding = unmarkedUTF16(bytes), let utf8 = Iconv.decode(bytes[...], from: encoding.iconvName) {
            return try transcoded(utf8, from: encoding, nul: nul)
        }
        let census = bytes.withUnsafeBufferPointer(ByteCensus.init)
        if census.isValidUTF8 {
            if census.isASCII && census.escapeCount > 0 && hasISO2022JPDesignation(bytes) {
                guard let utf8 = Iconv.decode(bytes[...], from: TextEncoding.iso2022JP.iconvName) else {
                    throw .malformed("the text has ISO-2022-JP escape sequences but is not valid ISO-2022-JP")
                }
                return try transcoded(utf8, from: .iso2022JP, nul: nul)
            }
            return try checked(DecodedText(utf8: bytes[...], encoding: .utf8), census: census, nul: nul)
        }
        try rejectBinary(census, nul: nul)
        let source = census.nulCount > 0 ? bytes.filter { $0 != 0 } : bytes
        for candidate in EncodingDetector.rankedCandidates(source) {
            if let utf8 = Iconv.decode(source[...], from: candidate.iconvName) {
                return DecodedText(utf8: utf8[...], encoding: EncodingDetector.reportedEncoding(candidate, for: source))
            }
        }
        if let utf8 = EBCDICText.decode(source) {
            return try transcoded(utf8, from: .ibm037, nul: nul)
        }
        throw .unsupported("the text is not UTF-8 and no supported legacy encoding fits it with enough confidence")
    }

    /// The encoding a byte order mark announces, and the mark's length.
    /// UTF-32 LE is checked before UTF-16 LE, whose mark it starts with.
    static func byteOrderMark(_ bytes: [UInt8]) -> (TextEncoding, Int)? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32LE, 4) }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32BE, 4) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LE, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BE, 2) }
        return nil
    }

    /// UTF-16 without a byte order mark, judged on the first 2048 code
    /// units: in mostly Latin text at least a quarter of the units have a
    /// zero high byte, and at most one in twenty a zero low byte. Text in
    /// other scripts has too few zero bytes to tell.
    static func unmarkedUTF16(_ bytes: [UInt8]) -> TextEncoding? {
        let units = min(bytes.count, 4096) / 2
        guard units >= 2 else { return nil }
        var evenZeros = 0, oddZeros = 0
        for unit in 0..<units {
            if bytes[2 * unit] == 0 { evenZeros += 1 }
            if bytes[2 * unit + 1] == 0 { oddZeros += 1 }
        }
        if oddZeros * 4 >= units && evenZeros * 20 <= units { return .utf16LE }
        if evenZeros * 4 >= units && oddZeros * 20 <= units { return .utf16BE }
        return nil
    }

    private static func hasISO2022JPDesignation(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while let escape = bytes[index...].firstIndex(of: 0x1B) {
            if escape + 2 < bytes.count, bytes[escape + 1] == UInt8(ascii: "$"),
               bytes[escape + 2] == UInt8(ascii: "B") || bytes[escape + 2] == UInt8(ascii: "@") {
                return true
            }
            index = escape + 1
        }
        return false
    }

    private static func transcoded(_ utf8: [UInt8], from encoding: TextEncoding, nul: NULHandling) throws(ConversionError) -> DecodedText {
        let census = utf8.withUnsafeBufferPointer(ByteCensus.init)
        return try checked(DecodedText(utf8: utf8[...], encoding: encoding), census: census, nul: nul)
    }

    private static func checked(_ text: DecodedText, census: ByteCensus, nul: NULHandling) throws(ConversionError) -> DecodedText {
        try rejectBinary(census, nul: nul)
        guard census.nulCount > 0 else { return text }
        return DecodedText(utf8: text.utf8.filter { $0 != 0 }[...], encoding: text.encoding)
    }

    static func rejectBinary(_ census: ByteCensus, nul: NULHandling) throws(ConversionError) {
        if nul == .reject && census.nulCount > 0 {
            throw .unsupported("the content is binary, not text: it contains NUL bytes")
        }
        if census.hasTooManyStrayControls {
            throw .unsupported("the content is binary, not text: it has too many control bytes")
        }
    }
}
