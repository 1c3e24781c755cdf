/// Chooses the legacy encoding of text that is not UTF-8.
///
/// Every candidate scores a confidence, roughly −1 to 1, on the first
/// 64 KiB (cut after a line feed, which never occurs inside a character
/// of these encodings): single-byte code pages as `SingleByteScorer`
/// describes, double-byte ones as `DoubleByteScorer` does. A candidate
/// that cannot decode the sample strictly is out. Candidates at or above
/// `threshold` are tried best first; on equal scores the earlier one in
/// `candidates` wins, so Western European text that uses only
/// punctuation outside ASCII reads as Windows-1252.
enum EncodingDetector {
    /// The confidence a candidate needs to be used at all.
    static let threshold = 0.4

    static let candidates: [TextEncoding] = [
        .windows1252, .windows1250, .windows1251, .koi8R, .ibm866,
        .iso8859_7, .windows1253, .windows1255, .windows1256,
        .gb18030, .big5, .shiftJIS, .eucJP, .cp949,
    ]

    static let sampleSize = 64 << 10

    /// The candidates confident enough to try, best first.
    static func rankedCandidates(_ bytes: [UInt8]) -> [TextEncoding] {
        let sample = sampleOf(bytes)
        var scored: [(encoding: TextEncoding, confidence: Double, order: Int)] = []
        for (order, encoding) in candidates.enumerated() {
            guard let confidence = confidence(of: sample, as: encoding), confidence >= threshold else { continue }
            scored.append((encoding, confidence, order))
        }
        scored.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.order < $1.order }
        return scored.map { $0.encoding }
    }

    /// How well `sample` reads as `encoding`, or nil when it cannot be
    /// decoded strictly.
    static func confidence(of sample: ArraySlice<UInt8>, as encoding: TextEncoding) -> Double? {
        if let table = SingleByteTable.table(for: encoding) {
            return SingleByteScorer.confidence(of: sample, table: table)
        }
        guard let profile = DoubleByteProfile.profile(for: encoding),
              let decoded = Iconv.decode(sample, from: encoding.iconvName) else { return nil }
        let fourByte = encoding == .gb18030 ? GB18030Structure.fourByteCount(sample) : 0
        return DoubleByteScorer.confidence(of: decoded, profile: profile, alsoCommon: fourByte)
    }

    /// The encoding to report for text that decoded as `encoding`: the
    /// narrower standard when the text stays inside it. Windows-1252 text
    /// without bytes 0x80–0x9F is ISO-8859-1; GB18030 text that iconv also
    /// decodes as GBK is GBK; CP949 text it also decodes as EUC-KR is EUC-KR.
    static func reportedEncoding(_ encoding: TextEncoding, for bytes: [UInt8]) -> TextEncoding {
        switch encoding {
        case .windows1252:
            return bytes.contains(where: { $0 >= 0x80 && $0 <= 0x9F }) ? .windows1252 : .iso8859_1
        case .gb18030:
            return Iconv.decode(bytes[...], from: "GBK") == nil ? .gb18030 : .gbk
        case .cp949:
            return Iconv.decode(bytes[...], from: "EUC-KR") == nil ? .cp949 : .eucKR
        default:
            return encoding
        }
    }

    /// The first `sampleSize` bytes up to the last line feed among them,
    /// or everything when there is none.
    static func sampleOf(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard bytes.count > sampleSize, let lineFeed = bytes[..<sampleSize].lastIndex(of: 0x0A) else {
            return bytes[...]
        }
        return bytes[...lineFeed]
    }
}
