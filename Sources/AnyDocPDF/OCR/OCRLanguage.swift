internal import AnyDocSwift
#if canImport(Glibc)
import Glibc
#endif

/// Where Tesseract's language models live and whether one is installed.
enum OCRLanguage {
    /// Debian's tessdata folder for Tesseract 5.
    static let debianDataPath = "/usr/share/tesseract-ocr/5/tessdata"

    /// `TESSDATA_PREFIX` when set (it names the tessdata folder itself in
    /// Tesseract 4 and later), otherwise Debian's folder.
    static var dataPath: String {
        if let prefix = getenv("TESSDATA_PREFIX").map({ String(cString: $0) }), !prefix.isEmpty {
            return prefix
        }
        return debianDataPath
    }

    /// The languages of a Tesseract language string such as `chi_sim+eng`.
    static func components(of language: String) -> [String] {
        language.split(separator: "+").map(String.init)
    }

    /// Checks that every language in `language` has a model, so a missing
    /// one is reported by name (with the package that provides it) instead
    /// of as a failed start.
    static func validate(_ language: String) throws(ConversionError) {
        let parts = components(of: language)
        guard !parts.isEmpty else { throw .unsupported("no OCR language was given") }
        for part in parts {
            // Also keeps the name from reaching outside the data folder.
            guard part.utf8.allSatisfy({ isAlnum($0) || $0 == UInt8(ascii: "_") }) else {
                throw .unsupported("'\(part)' is not an OCR language name")
            }
            let path = dataPath + "/" + part + ".traineddata"
            if access(path, R_OK) != 0 {
                throw .unsupported("OCR language '\(part)' is not installed: apt-get install \(debianPackage(for: part))")
            }
        }
    }

    /// Whether the model `name` (such as `chi_sim` or `osd`) is installed.
    static func isInstalled(_ name: String) -> Bool {
        name.utf8.allSatisfy { isAlnum($0) || $0 == UInt8(ascii: "_") }
            && access(dataPath + "/" + name + ".traineddata", R_OK) == 0
    }

    /// Debian names the package after the model with `_` as `-`:
    /// `chi_sim` → `tesseract-ocr-chi-sim`.
    static func debianPackage(for language: String) -> String {
        "tesseract-ocr-" + String(language.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Leptonica's orientation check reads Latin ascenders and descenders;
    /// it would turn pages in these scripts the wrong way.
    static func usesLatinScript(_ language: String) -> Bool {
        let nonLatin: Set<String> = [
            "chi_sim", "chi_tra", "chi_sim_vert", "chi_tra_vert", "jpn", "jpn_vert", "kor", "kor_vert",
            "ara", "heb", "hin", "tha", "rus", "ukr", "bel", "bul", "mkd", "srp", "ell", "fas", "urd",
            "ben", "tam", "tel", "kan", "mal", "guj", "pan", "mar", "nep", "sin", "khm", "lao", "mya",
            "amh", "tir", "geo", "kat", "hye", "syr", "div", "bod", "dzo", "uig", "yid", "kaz", "kir",
            "mon", "tgk", "tat", "bak", "chr", "iku", "san", "ori", "asm",
        ]
        guard let first = components(of: language).first else { return false }
        return !nonLatin.contains(first)
    }

    /// Chinese, Japanese and Korean models, by language and by script.
    static let cjkModels: Set<String> = [
        "chi_sim", "chi_tra", "jpn", "kor", "HanS", "HanT", "Japanese", "Hangul",
        "chi_sim_vert", "chi_tra_vert", "jpn_vert", "kor_vert", "HanS_vert", "HanT_vert", "Japanese_vert", "Hangul_vert",
    ]

    /// The models that read a page one at a time, to be chosen between
    /// line by line (`LineLanguageChoice`): the parts of a
    /// combination that includes a CJK model. Nil for one language, and
    /// for combinations of scripts written with spaces, whose words are
    /// long enough for Tesseract's own choice word by word; there one pass
    /// is cheaper.
    static func separateReadings(of language: String) -> [String]? {
        let parts = components(of: language)
        guard parts.count > 1, parts.contains(where: cjkModels.contains) else { return nil }
        return parts
    }

    private static func isAlnum(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
