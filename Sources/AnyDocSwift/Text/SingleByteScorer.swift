/// Scores how plausibly bytes read as text in one single-byte code page.
///
/// The text is cut into words: runs of letters and marks, held together
/// by a joiner (apostrophe, middle dot, Hebrew geresh) between letters.
/// A word is implausible when it mixes scripts (ASCII letters are Latin),
/// mixes case other than as `lower`, `Capitalized` or `ALL CAPS`, has a
/// final letter form (ς ך ם ן ף ץ) before its end, or, in Latin script,
/// has three non-ASCII letters in a row. Each non-ASCII character scores:
///
/// - a letter or mark in an implausible word: −1;
/// - a letter or mark in a plausible word: 1 when it is among the most
///   frequent letters of the code page's languages, else ½; halved in
///   one-letter and all-capital words. Cased languages are mostly
///   lowercase, and reading Windows-1251, KOI8-R or IBM866 text with the
///   wrong one of them turns lowercase letters into capitals;
/// - punctuation, currency and common symbols: ½, but −1 between two
///   letters unless it is a joiner;
/// - rare symbols: 0; anything else (box drawing, maths): −1.
///
/// The confidence is the mean over the non-ASCII characters. A byte the
/// code page leaves unassigned, or maps to a C1 control, rules it out.
enum SingleByteScorer {
    static func confidence(of bytes: ArraySlice<UInt8>, table: SingleByteTable) -> Double? {
        var quarters = 0, nonASCII = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            let entry = table[byte]
            switch entry.role {
            case .impossible:
                return nil
            case .letter, .mark:
                guard let word = Word(bytes, from: index, table: table) else { return nil }
                quarters += word.quarters
                nonASCII += word.nonASCIICount
                index = word.end
                continue
            case .punctuation, .joiner:
                if byte >= 0x80 {
                    nonASCII += 1
                    let betweenLetters = index > bytes.startIndex && index + 1 < bytes.endIndex
                        && table[bytes[index - 1]].isWordPart && table[bytes[index + 1]].isWordPart
                    quarters += betweenLetters ? -4 : 2
                }
            case .foreign:
                nonASCII += 1
                quarters -= 4
            case .rareSymbol:
                nonASCII += 1
            case .asciiOther:
                break
            }
            index += 1
        }
        return nonASCII == 0 ? 0 : Double(quarters) / Double(4 * nonASCII)
    }

    /// One word and what its non-ASCII characters score, in quarters.
    private struct Word {
        private(set) var end: Int
        private(set) var quarters = 0
        private(set) var nonASCIICount = 0

        /// Nil when the word holds a byte the code page rules out.
        init?(_ bytes: ArraySlice<UInt8>, from start: Int, table: SingleByteTable) {
            // The word's script, and whether a second one turned up: a set
            // would hash on every letter.
            var script = SingleByteTable.Script.none, mixesScripts = false
            var letters = 0, uppercase = 0, lowercase = 0
            var startsUppercase: Bool?
            var frequent = 0, other = 0, joinerQuarters = 0
            var nonASCIIRun = 0, longestNonASCIIRun = 0
            var finalFormSeen = false, finalFormInside = false
            var index = start
            while index < bytes.endIndex {
                let byte = bytes[index]
                let entry = table[byte]
                if entry.role == .impossible { return nil }
                if entry.role == .joiner, index > start, index + 1 < bytes.endIndex, table[bytes[index + 1]].isWordPart {
                    if byte >= 0x80 {
                        nonASCIICount += 1
                        joinerQuarters += 2
                    }
                    nonASCIIRun = 0
                    index += 1
                    continue
                }
                guard entry.isWordPart else { break }
                if entry.script != .none {
                    if script == .none { script = entry.script } else if entry.script != script { mixesScripts = true }
                }
                if entry.role == .letter {
                    letters += 1
                    if finalFormSeen { finalFormInside = true }
                    finalFormSeen = entry.isFinalForm
                    if entry.isUppercase { uppercase += 1 }
                    if entry.isLowercase { lowercase += 1 }
                    if startsUppercase == nil && (entry.isUppercase || entry.isLowercase) {
                        startsUppercase = entry.isUppercase
                    }
                }
                if byte >= 0x80 {
                    nonASCIICount += 1
                    if entry.isFrequent { frequent += 1 } else { other += 1 }
                    if entry.role == .letter {
                        nonASCIIRun += 1
                        longestNonASCIIRun = max(longestNonASCIIRun, nonASCIIRun)
                    }
                } else {
                    nonASCIIRun = 0
                }
                index += 1
            }
            end = index
            let allCapitals = uppercase >= 2 && lowercase == 0
            let mixedCase = uppercase > 0 && lowercase > 0 && !(uppercase == 1 && startsUppercase == true)
            let implausible = mixesScripts || mixedCase || finalFormInside
                || (script == .latin && longestNonASCIIRun >= 3)
            if implausible {
                quarters = -4 * (frequent + other) + joinerQuarters
            } else {
                let weak = letters == 1 || allCapitals
                quarters = (4 * frequent + 2 * other) / (weak ? 2 : 1) + joinerQuarters
            }
        }
    }
}

extension SingleByteTable.Entry {
    /// Letters and marks make up words.
    var isWordPart: Bool { role == .letter || role == .mark }
}
