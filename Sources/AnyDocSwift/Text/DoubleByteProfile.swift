/// What ordinary text looks like in the script of a double-byte
/// encoding: the characters it is mostly made of, and its most frequent
/// ones.
///
/// The common ranges are the first, most used levels of each national
/// standard, read from iconv: GB2312 level 1 hanzi for Simplified
/// Chinese, Big5 level 1 (frequently used) hanzi for Traditional Chinese,
/// the KS X 1001 hangul syllables for Korean, and kana with JIS X 0208
/// level 1 kanji for Japanese; CJK punctuation and full-width forms count
/// everywhere.
struct DoubleByteProfile: Sendable {
    /// Characters that count fully.
    let common: ScalarSet
    /// Characters that count half: legitimate, but also what decoding
    /// the wrong encoding yields in bulk (half-width katakana, or hanja
    /// in Korean).
    let halfCommon: ScalarSet
    /// The most frequent characters (kana for Japanese).
    let frequent: ScalarSet

    static func profile(for encoding: TextEncoding) -> DoubleByteProfile? {
        switch encoding {
        case .gb18030: simplifiedChinese
        case .big5: traditionalChinese
        case .shiftJIS, .eucJP: japanese
        case .cp949: korean
        default: nil
        }
    }

    static let simplifiedChinese = DoubleByteProfile(
        common: punctuation.union(.decoding("GB2312", leads: 0xB0...0xD7, trails: [0xA1...0xFE])),
        halfCommon: ScalarSet(),
        frequent: ScalarSet(frequentSimplifiedHanzi))

    static let traditionalChinese = DoubleByteProfile(
        common: punctuation
            .union(.decoding("BIG5", leads: 0xA4...0xC5, trails: [0x40...0x7E, 0xA1...0xFE]))
            .union(.decoding("BIG5", leads: 0xC6...0xC6, trails: [0x40...0x7E])),
        halfCommon: ScalarSet(),
        frequent: ScalarSet(frequentTraditionalHanzi))

    static let japanese = DoubleByteProfile(
        common: punctuation.union(kana).union(.decoding("EUC-JP", leads: 0xB0...0xCF, trails: [0xA1...0xFE])),
        halfCommon: ScalarSet(0xFF61...0xFF9F),
        frequent: kana)

    static let korean = DoubleByteProfile(
        common: punctuation.union(.decoding("EUC-KR", leads: 0xB0...0xC8, trails: [0xA1...0xFE])),
        halfCommon: ScalarSet(0x4E00...0x9FFF),
        frequent: ScalarSet(frequentHangul))

    /// CJK and general punctuation, full-width ASCII and currency forms.
    private static let punctuation: ScalarSet = {
        var set = ScalarSet("·")
        for range: ClosedRange<UInt32> in [0x2010...0x203B, 0x3000...0x303F, 0xFE30...0xFE4F, 0xFF01...0xFF5E, 0xFFE0...0xFFE5] {
            set.insert(range)
        }
        return set
    }()

    private static let kana = ScalarSet(0x3040...0x30FF)

    /// Roughly the 300 most frequent characters of written Chinese, in
    /// simplified and in traditional form, and about 130 of the most
    /// frequent hangul syllables.
    private static let frequentSimplifiedHanzi = "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象"
    private static let frequentTraditionalHanzi = "的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實日軍者意無力它與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很最重並物手應戰向頭文體政美相見被利什二等產或新己制身果加西斯月話合回特代內信表化老給世位次度門任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平系氣題活爾更別打女變四神總何電數安少報才結反受目太量再感建務做接必場件計管期市直德資命山金指克許統區保至隊形社便空決治展馬科司五基眼書非則聽白卻界達光放強即像難且權思王象"
    private static let frequentHangul = "이다는의에고하을가지기서로한리사대를도어자정으수나인시해아게그일국들만있와적주전라과상부여문제구원면요보장성없동히내조우니소것비연간개신께치선경공식미은화무위까러오날말물반계생학실관회법세저했었같모중할된되월년분김남북민등때및더또잘못안좀볼곳거네데야며습든던려렇럼"
}
