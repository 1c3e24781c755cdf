import Testing
@testable import AnyDocSwift

/// The word-at-a-time search the CSV reader skips plain runs with, and
/// the reader on inputs where runs, quotes and line ends fall on every
/// offset of an eight-byte word.
@Suite struct CSVByteScanTests {
    @Test func searchFindsTheFirstWantedByteFromEveryStart() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x00, 0x22, 0x2C, 0x0A, 0x0D, 0x61, 0x80, 0xFF, 0x7F, 0x01]
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let wanted = (alphabet.randomElement()!, alphabet.randomElement()!, alphabet.randomElement()!)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    let expected = bytes[start...].firstIndex { $0 == wanted.0 || $0 == wanted.1 || $0 == wanted.2 } ?? bytes.count
                    #expect(ByteSetSearch.firstIndex(in: buffer, from: start, of: wanted.0, wanted.1, wanted.2) == expected)
                    let two = bytes[start...].firstIndex { $0 == wanted.0 || $0 == wanted.1 } ?? bytes.count
                    #expect(ByteSetSearch.firstIndex(in: buffer, from: start, of: wanted.0, wanted.1) == two)
                }
            }
        }
    }

    /// Records as the reader read them byte by byte before the search.
    private static func referenceRecords(_ bytes: [UInt8], delimiter: UInt8) -> [[String]] {
        var records: [[String]] = []
        var position = 0
        var unclosed: Int?
        let quote = UInt8(ascii: "\""), lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        while true {
            while position < bytes.count, bytes[position] == lf || bytes[position] == cr { position += 1 }
            guard position < bytes.count else { return records }
            let recordStart = position
            var fields: [String] = [], field: [UInt8] = []
            recordLoop: while true {
                if position < bytes.count, bytes[position] == quote, position < (unclosed ?? .max) {
                    let opening = position
                    position += 1
                    var closed = false
                    while position < bytes.count {
                        let byte = bytes[position]
                        position += 1
                        if byte == quote {
                            guard position < bytes.count, bytes[position] == quote else { closed = true; break }
                            field.append(quote)
                            position += 1
                        } else if byte == cr {
                            field.append(lf)
                            if position < bytes.count, bytes[position] == lf { position += 1 }
                        } else {
                            field.append(byte)
                        }
                    }
                    if !closed {
                        unclosed = opening
                        position = recordStart
                        fields = []
                        field = []
                        continue recordLoop
                    }
                }
                while position < bytes.count, bytes[position] != delimiter, bytes[position] != lf, bytes[position] != cr {
                    field.append(bytes[position])
                    position += 1
                }
                fields.append(String(decoding: field, as: UTF8.self))
                field = []
                guard position < bytes.count else { break }
                let terminator = bytes[position]
                position += 1
                if terminator == delimiter { continue }
                if terminator == cr, position < bytes.count, bytes[position] == lf { position += 1 }
                break
            }
            records.append(fields)
        }
    }

    @Test func readerMatchesTheByteByByteReading() {
        let alphabet = Array("aaaaaaaaaaaa,,;\"\"\n\r é".utf8)
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...64)).map { _ in alphabet.randomElement()! }
            let records = bytes.withUnsafeBufferPointer { buffer in
                var reader = CSVReader(buffer, delimiter: UInt8(ascii: ","))
                var fields = CSVFieldBuffer()
                var records: [[String]] = []
                while reader.readRecord(into: &fields) { records.append((0..<fields.count).map(fields.text(at:))) }
                return records
            }
            #expect(records == Self.referenceRecords(bytes, delimiter: UInt8(ascii: ",")), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }
}
