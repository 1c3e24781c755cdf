/// Reads OLE property set streams (MS-OLEPS), such as the
/// `\u{5}SummaryInformation` stream of legacy Office files: title,
/// subject, author, keywords and dates.
///
/// Only the first section is read, and only the value types those
/// properties use; every offset is checked, and a damaged stream gives
/// fewer properties, never an error.
enum PropertySetReader {
    enum Value: Equatable {
        case string(String)
        case integer(Int)
        /// ISO 8601, UTC.
        case date(String)
    }

    /// Property identifiers of the summary information set.
    enum SummaryProperty: UInt32 {
        case codePage = 1, title = 2, subject = 3, author = 4, keywords = 5
        case created = 12, modified = 13, pageCount = 14
    }

    /// One decoded property.
    struct Property {
        let id: UInt32
        let value: Value
    }

    /// The properties of the stream's first section, in stored order;
    /// only those `wanted` accepts are decoded. A list rather than a
    /// dictionary: a section holds a handful, and the first use of a
    /// dictionary keyed by a new type costs a search of every protocol
    /// conformance in the program.
    static func properties(_ bytes: [UInt8], wanted: (UInt32) -> Bool = { _ in true }) -> [Property] {
        guard LittleEndian.uint16(bytes, at: 0) == 0xFFFE, let sectionCount = LittleEndian.uint32(bytes, at: 24), sectionCount >= 1,
            let sectionOffset = LittleEndian.uint32(bytes, at: 44).map(Int.init),
            let sectionSize = LittleEndian.uint32(bytes, at: sectionOffset).map(Int.init),
            let count = LittleEndian.uint32(bytes, at: sectionOffset + 4).map(Int.init)
        else { return [] }
        let sectionEnd = min(bytes.count, sectionOffset + sectionSize)
        var locations: [(UInt32, Int)] = []
        for index in 0..<min(count, 1024) {
            guard let id = LittleEndian.uint32(bytes, at: sectionOffset + 8 + 8 * index),
                let offset = LittleEndian.uint32(bytes, at: sectionOffset + 12 + 8 * index)
            else { break }
            locations.append((id, sectionOffset + Int(offset)))
        }
        let codePage = locations.first { $0.0 == SummaryProperty.codePage.rawValue }
            .flatMap { value(bytes, at: $0.1, end: sectionEnd, codePage: 1252) }
        var codePageNumber = 1252
        if case .integer(let number)? = codePage { codePageNumber = number & 0xFFFF }
        var result: [Property] = []
        for (id, offset) in locations where wanted(id) {
            if let value = value(bytes, at: offset, end: sectionEnd, codePage: codePageNumber) {
                result.append(Property(id: id, value: value))
            }
        }
        return result
    }

    /// The summary information as document metadata.
    static func summaryMetadata(_ bytes: [UInt8], into metadata: inout Metadata) {
        // Writers store many more (template, editing time, print date):
        // decoding them would be wasted.
        let properties = properties(bytes) { SummaryProperty(rawValue: $0) != nil }
        // A repeated identifier: the last one counts.
        func stored(_ property: SummaryProperty) -> Value? {
            properties.last { $0.id == property.rawValue }?.value
        }
        func text(_ property: SummaryProperty) -> String? {
            guard case .string(let value)? = stored(property) else { return nil }
            let trimmed = value.trimmingSpaces()
            return trimmed.isEmpty ? nil : trimmed
        }
        func date(_ property: SummaryProperty) -> String? {
            guard case .date(let value)? = stored(property) else { return nil }
            return value
        }
        if let title = text(.title) { metadata.title = title }
        if let subject = text(.subject) { metadata.subject = subject }
        if let author = text(.author) { metadata.authors = [author] }
        if let keywords = text(.keywords) {
            metadata.keywords = keywords.split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        }
        if let created = date(.created) { metadata.created = created }
        if let modified = date(.modified) { metadata.modified = modified }
        if case .integer(let pages)? = stored(.pageCount), pages > 0 { metadata.pageCount = pages }
    }

    /// One TypedPropertyValue: a 16-bit type, padding, then the value.
    private static func value(_ bytes: [UInt8], at offset: Int, end: Int, codePage: Int) -> Value? {
        guard offset >= 0, offset + 4 <= end, let type = LittleEndian.uint16(bytes, at: offset) else { return nil }
        let data = offset + 4
        switch type {
        case 0x02:  // VT_I2
            return LittleEndian.uint16(bytes, at: data).map { .integer(Int(Int16(bitPattern: $0))) }
        case 0x03:  // VT_I4
            return LittleEndian.uint32(bytes, at: data).map { .integer(Int(Int32(bitPattern: $0))) }
        case 0x1E:  // VT_LPSTR: a byte count including the terminator
            guard let size = LittleEndian.uint32(bytes, at: data).map(Int.init), size <= end - data - 4 else { return nil }
            var text = bytes[(data + 4)..<(data + 4 + size)]
            if codePage == 1200 {
                return .string(utf16(Array(text)))
            }
            while text.last == 0 { text.removeLast() }
            return .string(decode(text, codePage: codePage))
        case 0x1F:  // VT_LPWSTR: a character count including the terminator
            guard let count = LittleEndian.uint32(bytes, at: data).map(Int.init), count <= (end - data - 4) / 2 else { return nil }
            return .string(utf16(Array(bytes[(data + 4)..<(data + 4 + 2 * count)])))
        case 0x40:  // VT_FILETIME: 100 ns intervals since 1601
            guard let ticks = LittleEndian.uint64(bytes, at: data), ticks > 0 else { return nil }
            return isoDate(fileTime: ticks).map { .date($0) }
        default:
            return nil
        }
    }

    private static func utf16(_ bytes: [UInt8]) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let unit = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, codePage: Int) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if codePage == 65001 { return String(decoding: bytes, as: UTF8.self) }
        if let utf8 = Iconv.decode(bytes, from: "CP\(codePage)") ?? Iconv.decode(bytes, from: "CP1252") {
            return String(decoding: utf8, as: UTF8.self)
        }
        // Latin-1 as the last resort: every byte is a character.
        return String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
    }

    /// A FILETIME as `YYYY-MM-DDTHH:MM:SSZ`.
    static func isoDate(fileTime: UInt64) -> String? {
        let seconds = Int(fileTime / 10_000_000)
        // Seconds from 1601-01-01 to 1970-01-01.
        let unix = seconds - 11_644_473_600
        guard unix > -62_135_596_800, unix < 253_402_300_800 else { return nil }
        var days = unix / 86_400
        var remainder = unix % 86_400
        if remainder < 0 {
            remainder += 86_400
            days -= 1
        }
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // The range above keeps the year within 1...9999.
        var text: [UInt8] = []
        text.reserveCapacity(20)
        func append(_ value: Int, digits: Int, then separator: Unicode.Scalar) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
            text.append(UInt8(ascii: separator))
        }
        append(year, digits: 4, then: "-")
        append(month, digits: 2, then: "-")
        append(day, digits: 2, then: "T")
        append(remainder / 3600, digits: 2, then: ":")
        append(remainder % 3600 / 60, digits: 2, then: ":")
        append(remainder % 60, digits: 2, then: "Z")
        return String(decoding: text, as: UTF8.self)
    }
}
