/// The CSV reading rules as a plain loop over bytes, one at a time: what
/// `CSVReader` did before it searched for the next special byte.
enum CSVReferenceReader {
    static func records(_ bytes: [UInt8], delimiter: UInt8) -> [[String]] {
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
}
