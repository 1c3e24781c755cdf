/// Scores text decoded by a double-byte encoding by how ordinary its
/// characters are for that encoding's script (see `DoubleByteProfile`).
///
/// Over the non-ASCII characters, the common share counts characters in
/// the profile's common ranges fully and its half-common ones half. Three
/// quarters of the confidence come from that share; the last quarter
/// from the share of the script's most frequent characters, capped at 25 %.
/// The frequent share is what separates Korean from Chinese: KS X 1001
/// hangul bytes are GB2312 level 1 hanzi bytes too, but the hanzi they
/// spell are an unremarkable sample, not the characters Chinese uses most.
///
/// `alsoCommon` counts characters known to be ordinary by how they were
/// encoded (GB18030's four-byte sequences), whatever they are.
enum DoubleByteScorer {
    static func confidence(of utf8: [UInt8], profile: DoubleByteProfile, alsoCommon: Int = 0) -> Double {
        var total = 0, halves = 2 * alsoCommon, frequent = 0
        for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars where !scalar.isASCII {
            total += 1
            if profile.common.contains(scalar.value) {
                halves += 2
            } else if profile.halfCommon.contains(scalar.value) {
                halves += 1
            }
            if profile.frequent.contains(scalar.value) { frequent += 1 }
        }
        guard total > 0 else { return 0 }
        let commonShare = min(1, Double(halves) / Double(2 * total))
        let frequentShare = min(0.25, Double(frequent) / Double(total))
        return commonShare * (0.75 + frequentShare)
    }
}
