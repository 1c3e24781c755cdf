/// Magic numbers at the start of a file.
enum Signatures {
    static func hasPrefix(_ bytes: [UInt8], _ prefix: [UInt8], at offset: Int = 0) -> Bool {
        guard offset >= 0, bytes.count - offset >= prefix.count else { return false }
        for (index, byte) in prefix.enumerated() where bytes[offset + index] != byte { return false }
        return true
    }

    /// A local file header, an empty archive's end record, or the marker
    /// of a single-segment spanned archive.
    static func isZip(_ bytes: [UInt8]) -> Bool {
        hasPrefix(bytes, [0x50, 0x4B, 0x03, 0x04]) || hasPrefix(bytes, [0x50, 0x4B, 0x05, 0x06])
            || (hasPrefix(bytes, [0x50, 0x4B, 0x07, 0x08]) || hasPrefix(bytes, [0x50, 0x4B, 0x30, 0x30]))
                && hasPrefix(bytes, [0x50, 0x4B, 0x03, 0x04], at: 4)
    }

    static func isCompoundFile(_ bytes: [UInt8]) -> Bool {
        CompoundFileHeader.hasSignature(bytes)
    }

    /// `%PDF-` in the first 1024 bytes, as PDF readers accept. Away from
    /// the start it must begin a line or follow binary junk, so prose that
    /// quotes a PDF header ("the `%PDF-1.7` line") stays text.
    static func isPDF(_ bytes: [UInt8]) -> Bool {
        guard let offset = pdfHeaderOffset(bytes) else { return false }
        if offset == 0 { return true }
        let before = bytes[offset - 1]
        return before == 0x0A || before == 0x0D || before < 0x20 || before >= 0x80
    }

    /// Where `%PDF-` first occurs in the first 1024 bytes, where PDF
    /// readers look for the header; away from the start a version digit
    /// must follow.
    static func pdfHeaderOffset(_ bytes: [UInt8]) -> Int? {
        let marker: [UInt8] = Array("%PDF-".utf8)
        if hasPrefix(bytes, marker) { return 0 }
        let end = min(bytes.count, 1024) - marker.count - 1
        guard end >= 0 else { return nil }
        for offset in 0...end where bytes[offset] == 0x25 && hasPrefix(bytes, marker, at: offset) {
            if (0x30...0x39).contains(bytes[offset + marker.count]) { return offset }
        }
        return nil
    }

    /// The end of a PDF body (`startxref` or `%%EOF`) in the last 2 KiB:
    /// a header quoted in prose has none after it.
    static func hasPDFTrailer(_ bytes: [UInt8]) -> Bool {
        let tail = bytes.suffix(2048)
        return ByteSearch.contains(Array("%%EOF".utf8), in: tail) || ByteSearch.contains(Array("startxref".utf8), in: tail)
    }

    /// `{\rtf`, after a byte-order mark or whitespace some writers leave.
    static func isRTF(_ bytes: [UInt8]) -> Bool {
        var offset = hasPrefix(bytes, [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while offset < min(bytes.count, 64), [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        return hasPrefix(bytes, Array("{\\rtf".utf8), at: offset)
    }
}
