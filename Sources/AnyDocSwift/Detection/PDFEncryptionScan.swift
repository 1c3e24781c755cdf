/// Whether a PDF names an encryption dictionary, judged from its bytes.
///
/// The `/Encrypt` key lives in the trailer or the cross-reference stream's
/// dictionary, which is never compressed: at the end of the file, or at
/// its start in a linearized file. Scanning those two windows keeps
/// detection cheap and free of Poppler. Some such files open with an
/// empty password, so this says "may need a password", not "cannot open".
enum PDFEncryptionScan {
    static let window = 64 << 10

    static func namesEncryption(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            let head = UnsafeBufferPointer(rebasing: buffer.prefix(window))
            let tail = UnsafeBufferPointer(rebasing: buffer.suffix(window))
            return hasEncryptKey(head) || (buffer.count > window && hasEncryptKey(tail))
        }
    }

    /// `/Encrypt` as a whole name: followed by a delimiter, not by more
    /// letters (`/EncryptMetadata` is a key inside the dictionary).
    private static func hasEncryptKey(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while let offset = ByteSearch.firstOffset(of: "/Encrypt", in: buffer, from: start) {
            let next = offset + 8
            if next >= buffer.count { return false }
            let byte = buffer[next]
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            if !isLetter { return true }
            start = next
        }
        return false
    }
}
