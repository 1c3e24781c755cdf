import Testing
@testable import AnyDocSwift

/// Text encoded into each supported encoding by iconv must decode back to
/// the same text, under the expected name.
@Suite struct TextEncodingDetectionTests {
    struct Sample: CustomTestStringConvertible, Sendable {
        let language: String
        let text: String
        /// The iconv name to encode with.
        let iconvName: String
        let expected: TextEncoding
        var testDescription: String { "\(language) in \(iconvName)" }
    }

    static let german = "Die Größe der Straße überrascht jeden Besucher. Müller und Schäfer wohnen seit Jahren in der Nähe des Bahnhofs, wo täglich viele Züge ankommen."
    static let french = "Le garçon a répondu à sa mère qu’il préférait étudier à la bibliothèque. Où êtes-vous allés pendant les fêtes de Noël ? Nous étions très contents."
    static let spanish = "El niño español comió pequeñas galletas en la mañana. ¿Dónde está la estación? Había también una canción muy bonita."
    static let portuguese = "A educação é fundamental para o desenvolvimento da nação. As crianças estão aprendendo português e matemática na escola."
    static let italian = "La città è più bella di quanto pensassi. Perché non andiamo là domani? Così potrò vedere il museo, già famoso in tutta Italia."
    static let swedish = "Sverige är ett land i norra Europa. Huvudstaden Stockholm ligger vid Mälaren och Östersjön, och många människor bor där året runt."
    static let danish = "Danmark er et lille land i Nordeuropa. Københavns gader er fulde af cykler, og på søerne ser man både ænder og svaner om foråret."
    static let dutch = "Het café aan de overkant was geopend; de coördinator zei dat het een naïeve vraag was, maar hij antwoordde toch beleefd."
    static let polish = "Wczoraj poszliśmy do sklepu, żeby kupić chleb i mleko. Pogoda była piękna, więc spacerowaliśmy długo po mieście."
    static let czech = "Včera jsme šli do města a koupili jsme několik knih pro děti. Řekl mi, že přijde zítra ráno, ale nepřišel."
    static let hungarian = "Árvíztűrő tükörfúrógép. A magyar nyelv különleges hangzása miatt sokan szeretnék megtanulni, de nem könnyű."
    static let russian = "Однажды весною, в час небывало жаркого заката, в Москве, на Патриарших прудах, появились два гражданина. Первый из них был одет в летнюю серенькую пару."
    static let ukrainian = "Україна — держава у Східній Європі. Столиця та найбільше місто — Київ. Українська мова є державною мовою країни."
    static let bulgarian = "България е държава в Югоизточна Европа. Столицата на страната е София, която е и най-големият град."
    static let greek = "Η Ελλάδα είναι χώρα της νοτιοανατολικής Ευρώπης. Η πρωτεύουσα και μεγαλύτερη πόλη της χώρας είναι η Αθήνα."
    static let greekWithAlphaTonos = "Το Άργος είναι μία από τις αρχαιότερες πόλεις της Ελλάδας. Άνθρωποι ζουν εκεί εδώ και επτά χιλιάδες χρόνια."
    static let hebrew = "ירושלים היא עיר הבירה של מדינת ישראל והעיר הגדולה ביותר בה. העיר נמצאת בהרי יהודה, בין הים התיכון לים המלח."
    static let arabic = "اللغة العربية هي أكثر اللغات السامية تحدثا، وإحدى أكثر اللغات انتشارا في العالم، يتحدثها أكثر من أربعمائة مليون نسمة."
    static let simplifiedChinese = "北京是中华人民共和国的首都，也是全国的政治中心和文化中心。这座城市有三千多年的历史，每年都有很多游客来这里参观。"
    static let traditionalChinese = "臺灣位於東亞，是一個島嶼國家。臺北是最大的城市，也是政治與經濟的中心。這裡的夜市非常有名，吸引了許多觀光客。"
    static let japanese = "東京は日本の首都であり、世界で最も人口の多い都市圏の一つです。毎年たくさんの観光客が訪れます。"
    /// GB18030 beyond GBK: four-byte sequences for emoji, accented Latin,
    /// Greek, and the scripts of China's other languages.
    static let gb18030FourByte = "Emoji 😀🎉 and café in Ålesund, Tibetan བོད་ཡིག and Uyghur ئۇيغۇرچە; 中文也可以。Ελληνικά ÅÄÖ 𠀀 too"
    static let gb18030Mixed = "中文测试 😀 emoji and Ελληνικά ÅÄÖ and 𠀀 ok"
    static let english = "The quarterly report was sent to the head office on Monday, and the figures (all 42 of them) were checked twice."
    static let korean = "서울은 대한민국의 수도이며 가장 큰 도시이다. 한강이 도시의 중심을 가로질러 흐르고 있으며 많은 관광객이 찾아온다."

    static let samples: [Sample] = [
        Sample(language: "German", text: german, iconvName: "CP1252", expected: .iso8859_1),
        Sample(language: "French", text: french, iconvName: "CP1252", expected: .windows1252),
        Sample(language: "Spanish", text: spanish, iconvName: "ISO-8859-1", expected: .iso8859_1),
        Sample(language: "Portuguese", text: portuguese, iconvName: "CP1252", expected: .iso8859_1),
        Sample(language: "Italian", text: italian, iconvName: "CP1252", expected: .iso8859_1),
        Sample(language: "Swedish", text: swedish, iconvName: "CP1252", expected: .iso8859_1),
        Sample(language: "Danish", text: danish, iconvName: "CP1252", expected: .iso8859_1),
        Sample(language: "Dutch", text: dutch, iconvName: "CP1252", expected: .iso8859_1),
        Sample(language: "Polish", text: polish, iconvName: "CP1250", expected: .windows1250),
        Sample(language: "Czech", text: czech, iconvName: "CP1250", expected: .windows1250),
        Sample(language: "Hungarian", text: hungarian, iconvName: "CP1250", expected: .windows1250),
        Sample(language: "Russian", text: russian, iconvName: "CP1251", expected: .windows1251),
        Sample(language: "Russian", text: russian, iconvName: "KOI8-R", expected: .koi8R),
        Sample(language: "Russian", text: russian, iconvName: "IBM866", expected: .ibm866),
        Sample(language: "Ukrainian", text: ukrainian, iconvName: "CP1251", expected: .windows1251),
        Sample(language: "Bulgarian", text: bulgarian, iconvName: "CP1251", expected: .windows1251),
        Sample(language: "Bulgarian", text: bulgarian, iconvName: "IBM866", expected: .ibm866),
        Sample(language: "Greek", text: greek, iconvName: "ISO-8859-7", expected: .iso8859_7),
        Sample(language: "Greek", text: greekWithAlphaTonos, iconvName: "ISO-8859-7", expected: .iso8859_7),
        Sample(language: "Greek", text: greekWithAlphaTonos, iconvName: "CP1253", expected: .windows1253),
        Sample(language: "Hebrew", text: hebrew, iconvName: "CP1255", expected: .windows1255),
        Sample(language: "Arabic", text: arabic, iconvName: "CP1256", expected: .windows1256),
        Sample(language: "Simplified Chinese", text: simplifiedChinese, iconvName: "GB18030", expected: .gbk),
        Sample(language: "Simplified Chinese", text: simplifiedChinese + "生僻字：𠀀䶮。", iconvName: "GB18030", expected: .gb18030),
        Sample(language: "Mixed scripts", text: gb18030FourByte, iconvName: "GB18030", expected: .gb18030),
        Sample(language: "Chinese and emoji", text: gb18030Mixed, iconvName: "GB18030", expected: .gb18030),
        Sample(language: "Traditional Chinese", text: traditionalChinese, iconvName: "BIG5", expected: .big5),
        Sample(language: "Japanese", text: japanese, iconvName: "CP932", expected: .shiftJIS),
        Sample(language: "Japanese", text: japanese, iconvName: "EUC-JP", expected: .eucJP),
        Sample(language: "Japanese", text: japanese, iconvName: "ISO-2022-JP", expected: .iso2022JP),
        Sample(language: "Korean", text: korean, iconvName: "EUC-KR", expected: .eucKR),
        Sample(language: "Korean", text: korean + " 햏자.", iconvName: "CP949", expected: .cp949),
        Sample(language: "English", text: english, iconvName: "IBM037", expected: .ibm037),
    ]

    static func encode(_ text: String, as iconvName: String) -> [UInt8] {
        Iconv(from: "UTF-8", to: iconvName)!.convert(Array(text.utf8)[...])!
    }

    @Test(arguments: samples)
    func decodesParagraph(_ sample: Sample) throws {
        let decoded = try TextDecoder.decode(Self.encode(sample.text, as: sample.iconvName), nul: .reject)
        #expect(decoded.encoding == sample.expected)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == sample.text)
    }

    /// One sentence is enough for every sample.
    @Test(arguments: samples)
    func decodesFirstSentence(_ sample: Sample) throws {
        let sentence = String(sample.text.prefix { $0 != "." && $0 != "。" && $0 != "?" })
        let decoded = try TextDecoder.decode(Self.encode(sentence, as: sample.iconvName), nul: .reject)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == sentence)
    }

    @Test func keepsLineEndingsOfLegacyText() throws {
        let text = "Первая строка\r\nвторая строка\rтретья строка\n"
        let decoded = try TextDecoder.decode(Self.encode(text, as: "KOI8-R"), nul: .reject)
        #expect(Array(decoded.utf8) == Array(text.utf8))
    }

    @Test(arguments: [
        ("UTF-16LE", [0xFF, 0xFE], TextEncoding.utf16LE), ("UTF-16BE", [0xFE, 0xFF], .utf16BE),
        ("UTF-32LE", [0xFF, 0xFE, 0x00, 0x00], .utf32LE), ("UTF-32BE", [0x00, 0x00, 0xFE, 0xFF], .utf32BE),
    ] as [(String, [UInt8], TextEncoding)])
    func transcodesTextWithByteOrderMark(_ iconvName: String, _ mark: [UInt8], _ expected: TextEncoding) throws {
        let text = "Grüße, Привет, 你好, 😀\r\nend\n"
        let decoded = try TextDecoder.decode(mark + Self.encode(text, as: iconvName), nul: .reject)
        #expect(decoded.encoding == expected)
        #expect(Array(decoded.utf8) == Array(text.utf8))
    }

    @Test(arguments: [("UTF-16LE", TextEncoding.utf16LE), ("UTF-16BE", .utf16BE)])
    func recognisesUTF16WithoutByteOrderMark(_ iconvName: String, _ expected: TextEncoding) throws {
        let text = "DateTime,Bid,Ask\r\n07/19/2015 21:00:15.469,1.083,1.08332\r\nZürich – Ünïcödé\r\n"
        let decoded = try TextDecoder.decode(Self.encode(text, as: iconvName), nul: .reject)
        #expect(decoded.encoding == expected)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == text)
    }

    @Test func dropsOnlyTheLeadingUTF8ByteOrderMark() throws {
        let decoded = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array("a\u{FEFF}b".utf8), nul: .reject)
        #expect(decoded.encoding == .utf8)
        #expect(Array(decoded.utf8) == Array("a\u{FEFF}b".utf8))
    }

    @Test func rejectsInvalidUTF8AfterAUTF8ByteOrderMark() {
        #expect(throws: ConversionError(.malformed, "the text starts with a UTF-8 byte order mark but is not valid UTF-8")) {
            try TextDecoder.decode([0xEF, 0xBB, 0xBF, 0x61, 0xFF], nul: .reject)
        }
    }

    @Test func rejectsBrokenUTF16AfterItsByteOrderMark() {
        // An unpaired high surrogate.
        let error = #expect(throws: ConversionError.self) {
            try TextDecoder.decode([0xFF, 0xFE, 0x41, 0x00, 0x3D, 0xD8, 0x42, 0x00], nul: .reject)
        }
        #expect(error?.kind == .malformed)
    }

    @Test func rejectsNULBytesAsBinaryUnlessDropped() throws {
        let bytes = Array("a,b\n".utf8) + [0] + Array("1,2\n".utf8)
        let error = #expect(throws: ConversionError.self) { try TextDecoder.decode(bytes, nul: .reject) }
        #expect(error?.kind == .unsupported)
        #expect(error?.reason.contains("NUL") == true)
        #expect(Array(try TextDecoder.decode(bytes, nul: .drop).utf8) == Array("a,b\n1,2\n".utf8))
    }

    @Test func dropsNULBytesBeforeDetectingLegacyText() throws {
        let bytes = Self.encode("Größe;Menge\n", as: "CP1252") + [0] + Self.encode("Straße;1\n", as: "CP1252")
        let decoded = try TextDecoder.decode(bytes, nul: .drop)
        #expect(String(decoding: decoded.utf8, as: UTF8.self) == "Größe;Menge\nStraße;1\n")
    }

    @Test func rejectsBinaryContent() {
        var bytes: [UInt8] = []
        for index in 0..<512 { bytes.append(UInt8(truncatingIfNeeded: index &* 37 &+ 11)) }
        let error = #expect(throws: ConversionError.self) { try TextDecoder.decode(bytes, nul: .drop) }
        #expect(error?.kind == .unsupported)
    }

    /// UTF-32 needs its byte order mark: without one its zero bytes make it binary.
    @Test func rejectsUTF32WithoutByteOrderMark() {
        let error = #expect(throws: ConversionError.self) {
            try TextDecoder.decode(Self.encode("plain text", as: "UTF-32LE"), nul: .reject)
        }
        #expect(error?.kind == .unsupported)
    }

    /// Mixed or damaged text would decode to mojibake in every legacy
    /// encoding; it is refused instead.
    @Test(arguments: [
        Array("Привет, мир! Это обычный текст в UTF-8.".utf8) + [0xFF],
        Array("北京是中华人民共和国的首都，也是全国的政治中心。".utf8) + [0xC0],
        Array("A naïve UTF-8 sentence, then a caf".utf8) + [0xE9] + Array(" in Latin-1.".utf8),
    ] as [[UInt8]])
    func refusesTextNoEncodingFits(_ bytes: [UInt8]) {
        let error = #expect(throws: ConversionError.self) { try TextDecoder.decode(bytes, nul: .reject) }
        #expect(error?.kind == .unsupported)
    }

    @Test func iso2022JPNeedsAValidDesignation() {
        let error = #expect(throws: ConversionError.self) {
            try TextDecoder.decode(Array("\u{1B}$B!\u{1B}(B".utf8), nul: .reject)
        }
        #expect(error?.kind == .malformed)
    }

    @Test func plainASCIIWithEscapesIsUTF8() throws {
        let text = "\u{1B}[31mred\u{1B}[0m\n"
        let decoded = try TextDecoder.decode(Array(text.utf8), nul: .reject)
        #expect(decoded.encoding == .utf8)
        #expect(Array(decoded.utf8) == Array(text.utf8))
    }

    @Test func cutsTheScoringSampleAfterALineFeed() {
        let line = Array("abc\n".utf8)
        var bytes: [UInt8] = []
        while bytes.count <= EncodingDetector.sampleSize { bytes += line }
        let sample = EncodingDetector.sampleOf(bytes)
        #expect(sample.last == 0x0A)
        #expect(sample.count <= EncodingDetector.sampleSize)
        #expect(EncodingDetector.sampleOf(Array(bytes.prefix(100))).count == 100)
    }
}
