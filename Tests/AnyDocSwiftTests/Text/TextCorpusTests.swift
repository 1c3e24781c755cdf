import Testing
@testable import AnyDocSwift

/// Every text and Markdown file of the shared corpus.
@Suite struct TextCorpusTests {
    struct Expectation: CustomTestStringConvertible, Sendable {
        let path: String
        /// The encoding the converter must report.
        let encoding: String
        /// The iconv name that decodes the file for reference.
        let reference: String
        /// Text the decoded file must contain, checked by hand with iconv.
        let phrases: [String]
        var testDescription: String { path }
    }

    /// The corpus files that are not UTF-8.
    static let legacyFiles: [Expectation] = [
        Expectation(path: "txt/chardet_big5_ude_1.txt", encoding: "Big5", reference: "BIG5",
                    phrases: ["維基大典（Wikipedia）者，網路為礎；集天下知、四海言、眾人志，書百科焉。"]),
        Expectation(path: "txt/chardet_bom-utf-16-le.txt", encoding: "UTF-16LE", reference: "UTF-16LE",
                    phrases: ["1\n00:00:06,500 --> 00:00:09,000\nAbout 2 months ago I found myself on"]),
        Expectation(path: "txt/chardet_bom-utf-32-le.txt", encoding: "UTF-32LE", reference: "UTF-32LE",
                    phrases: ["About 2 months ago I found myself on\nthe comment section of YouTube"]),
        Expectation(path: "txt/chardet_euc-kr_ude_euc2.txt", encoding: "EUC-KR", reference: "EUC-KR",
                    phrases: ["북조선 사람들은 흔히 자국을 조선(朝鮮)이나 공화국(共和國)이라고 부른다."]),
        Expectation(path: "txt/chardet_iso-2022-jp_ude_1.txt", encoding: "ISO-2022-JP", reference: "ISO-2022-JP",
                    phrases: ["コンソール アプリケーション : universalchardet プロジェクトの概要"]),
        Expectation(path: "txt/chardet_iso-8859-7_ude_1.txt", encoding: "ISO-8859-7", reference: "ISO-8859-7",
                    phrases: ["Ένας διαδικτυακός μας φίλος, τον οποίο θα έχουμε υποδείξει εκ των προτέρων"]),
        Expectation(path: "txt/chardet_nobom-utf16le.txt", encoding: "UTF-16LE", reference: "UTF-16LE",
                    phrases: ["DateTime,Bid,Ask\r\n07/19/2015 21:00:15.469,1.083,1.08332\r\n"]),
        // glibc's strict SHIFT_JIS reads 0x7E as an overline ("‾5%");
        // CP932, what Windows writes, reads it as a tilde.
        Expectation(path: "txt/chardet_shift_jis_ude_1.txt", encoding: "Shift_JIS", reference: "CP932",
                    phrases: ["或日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。", "only ~5% of the present"]),
        Expectation(path: "txt/chardet_windows-1251_ude_1.txt", encoding: "windows-1251", reference: "CP1251",
                    phrases: ["В гимназии он не был в числе первых учеников (исключение составляли математика и латынь)."]),
        Expectation(path: "txt/chardet_windows-1252_ude_2.txt", encoding: "windows-1252", reference: "CP1252",
                    phrases: ["Stipan Arkadiewitsch was tegenover zich zelf tamelijk oprecht.", "dat zij al…. Ach"]),
        Expectation(path: "txt/chardet_windows-1255_ude_he2.txt", encoding: "windows-1255", reference: "CP1255",
                    phrases: ["העברית היא שפה המשתייכת לקבוצת הלשונות השמיות הצפון מערביות"]),
        Expectation(path: "txt/gen_chinese_gb18030.txt", encoding: "GB18030", reference: "GB18030",
                    phrases: ["第一章　数据转换工具测试", "龘、靐、齉", "䶮", "温度２５℃"]),
        Expectation(path: "txt/gen_japanese_cp932.txt", encoding: "Shift_JIS", reference: "CP932",
                    phrases: ["・カタカナ：アイウエオ カキクケコ ﾊﾝｶｸｶﾀｶﾅ", "・記号：「」『』【】※〒～①②③"]),
        Expectation(path: "txt/gen_multilingual_utf16be_bom.txt", encoding: "UTF-16BE", reference: "UTF-16BE",
                    phrases: ["Русский: Съешь же ещё этих мягких французских булок", "Supplementary CJK: 𠀀 𪚥 𩸽"]),
        Expectation(path: "txt/gen_multilingual_utf16le_bom.txt", encoding: "UTF-16LE", reference: "UTF-16LE",
                    phrases: ["עברית: דג סקרן שט בים מאוכזב ולפתע מצא חברה.", "😀 🚀"]),
        Expectation(path: "txt/gen_western_windows-1252.txt", encoding: "windows-1252", reference: "CP1252",
                    phrases: ["The café’s naïve coördinator said: ‘Ça va?’ — and the team replied “très bien…”.", "€1,234,567.89", "Œuvre, œuvre, Š, š, Ž, ž, Ÿ, ƒ, ˆ, ˜, †, ‡"]),
        // The manifest calls this file UTF-8, but it is not valid UTF-8:
        // its accented letters are single ISO-8859-1 bytes (ã is 0xE3).
        Expectation(path: "txt/tika_multi-language.txt", encoding: "ISO-8859-1", reference: "ISO-8859-1",
                    phrases: ["Port ABC doação uno negócios", "español ABC adhoc prácticas"]),
        Expectation(path: "txt/tika_russian.cp866.txt", encoding: "IBM866", reference: "IBM866",
                    phrases: ["Однажды, в студеную зимнюю пору,\nЯ из лесу вышел; был сильный мороз."]),
        Expectation(path: "txt/tika_testTXT_win-1252.txt", encoding: "windows-1252", reference: "CP1252",
                    phrases: ["These smart quotes are the trigger for CharsetRecog_sbcs to think this is a “windows” encoding"]),
    ]

    static let textAndMarkdown = Corpus.entries(inFolder: "txt") + Corpus.entries(inFolder: "md")

    /// The rest: UTF-8, some with a BOM.
    static let utf8Files = textAndMarkdown.filter { entry in !legacyFiles.contains { $0.path == entry.path } }

    static func withoutUTF8Mark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    }

    /// Letters and digits only, lowercased: "UTF-16 LE" matches "UTF-16LE".
    static func squeezed(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    @Test func corpusIsPresent() {
        #expect(Self.textAndMarkdown.count >= 41)
    }

    @Test(arguments: utf8Files)
    func utf8FileComesOutByteForByte(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        let body = Self.withoutUTF8Mark(bytes)
        #expect(String(validating: body, as: UTF8.self) != nil)
        let output = try AnyDocConverter().markdown(bytes, fileName: entry.path)
        #expect(SHA256.hex(output.utf8) == SHA256.hex(body))
    }

    @Test func everyExpectationIsACorpusFile() {
        for expectation in Self.legacyFiles {
            #expect(Self.textAndMarkdown.contains { $0.path == expectation.path }, "\(expectation.path)")
        }
    }

    @Test(arguments: legacyFiles)
    func legacyFileDecodesToItsText(_ expectation: Expectation) throws {
        let bytes = try Corpus.bytes(at: expectation.path)
        let body = bytes[(TextDecoder.byteOrderMark(bytes)?.1 ?? 0)...]
        let reference = try #require(Iconv.decode(body, from: expectation.reference))

        let document = try AnyDocConverter().document(bytes, fileName: expectation.path)
        #expect(document.metadata.extra.first { $0.key == "encoding" }?.value == expectation.encoding)
        let output = try AnyDocConverter().markdown(bytes, fileName: expectation.path)
        #expect(Array(output.utf8) == reference)
        for phrase in expectation.phrases {
            #expect(output.contains(phrase), "\(phrase)")
        }
    }

    /// The detected encoding is the one the manifest names.
    @Test(arguments: legacyFiles.filter { $0.path != "txt/tika_multi-language.txt" })
    func detectedEncodingIsTheManifestOne(_ expectation: Expectation) throws {
        let entry = try #require(Corpus.entries.first { $0.path == expectation.path })
        #expect(Self.squeezed(entry.note).contains(Self.squeezed(expectation.encoding)), "\(entry.note)")
    }

    @Test func utf16AndUTF8CopiesOfOneTextMatch() throws {
        let utf8 = try Corpus.bytes(at: "txt/gen_multilingual_utf8.txt")
        for path in ["txt/gen_multilingual_utf16be_bom.txt", "txt/gen_multilingual_utf16le_bom.txt"] {
            let output = try AnyDocConverter().markdown(Corpus.bytes(at: path), fileName: path)
            #expect(Array(output.utf8) == utf8, "\(path)")
        }
    }
}

extension Corpus {
    /// The bytes of the manifest file at `path`, relative to the corpus.
    static func bytes(at path: String) throws -> [UInt8] {
        guard let entry = entries.first(where: { $0.path == path }) else { throw CorpusFileMissing(path: path) }
        return try entry.read()
    }

    struct CorpusFileMissing: Error {
        let path: String
    }
}
