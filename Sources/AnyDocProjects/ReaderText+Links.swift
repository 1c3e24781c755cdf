extension ReaderText.Inline {
    /// The parts of `[text](destination "title")` opening at `open`: the
    /// range of its text and where it ends. Nil when it is no link.
    func link(at open: Int, _ state: inout State) -> (text: Range<Int>, end: Int)? {
        if state.closers == nil { state.closers = Self.bracketPairs(bytes) }
        guard let close = state.closers?[open], close + 1 < bytes.endIndex, bytes[close + 1] == UInt8(ascii: "(") else { return nil }
        let limit = min(bytes.endIndex, close + 2 + ReaderText.reach)
        var index = skipSpaces(from: close + 2, limit: limit)
        guard let destinationEnd = destination(from: index, limit: limit) else { return nil }
        index = skipSpaces(from: destinationEnd, limit: limit)
        if index < limit, let closing = titleClosing(bytes[index]) {
            guard let end = unescaped(closing, from: index + 1, limit: limit) else { return nil }
            index = skipSpaces(from: end + 1, limit: limit)
        }
        guard index < limit, bytes[index] == UInt8(ascii: ")") else { return nil }
        return (open + 1..<close, index + 1)
    }

    /// Matches each `[` with its `]` in one pass, escapes skipped.
    static func bracketPairs(_ bytes: ArraySlice<UInt8>) -> [Int: Int] {
        var pairs: [Int: Int] = [:]
        var open: [Int] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): open.append(index)
            case UInt8(ascii: "]"): if let start = open.popLast() { pairs[start] = index }
            default: break
            }
            index += 1
        }
        return pairs
    }

    /// Where a link destination (`<…>` or balanced parentheses) ends.
    private func destination(from start: Int, limit: Int) -> Int? {
        if start < limit, bytes[start] == UInt8(ascii: "<") {
            return unescaped(UInt8(ascii: ">"), from: start + 1, limit: limit).map { $0 + 1 }
        }
        var depth = 0
        var index = start
        while index < limit {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case 0x20, 0x09: return index
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"):
                if depth == 0 { return index }
                depth -= 1
            default: break
            }
            index += 1
        }
        return nil
    }

    private func titleClosing(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): byte
        case UInt8(ascii: "("): UInt8(ascii: ")")
        default: nil
        }
    }

    /// The first `byte` from `start` that no backslash escapes.
    func unescaped(_ byte: UInt8, from start: Int, limit: Int) -> Int? {
        var index = start
        while index < limit {
            if bytes[index] == byte { return index }
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return nil
    }

    private func skipSpaces(from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index
    }
}
