/// The magic bytes of the image formats OCR reads, one test per format
/// for the registry's entries.
enum ImageSignatures {
    static func isPNG(_ bytes: [UInt8]) -> Bool {
        Signatures.hasPrefix(bytes, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    static func isJPEG(_ bytes: [UInt8]) -> Bool { Signatures.hasPrefix(bytes, [0xFF, 0xD8, 0xFF]) }

    static func isTIFF(_ bytes: [UInt8]) -> Bool {
        Signatures.hasPrefix(bytes, [0x49, 0x49, 0x2A, 0x00]) || Signatures.hasPrefix(bytes, [0x4D, 0x4D, 0x00, 0x2A])
    }

    static func isWebP(_ bytes: [UInt8]) -> Bool {
        Signatures.hasPrefix(bytes, Array("RIFF".utf8)) && Signatures.hasPrefix(bytes, Array("WEBP".utf8), at: 8)
    }

    static func isGIF(_ bytes: [UInt8]) -> Bool {
        Signatures.hasPrefix(bytes, Array("GIF87a".utf8)) || Signatures.hasPrefix(bytes, Array("GIF89a".utf8))
    }

    /// `BM` alone starts plenty of text, so the DIB header size must be
    /// one of the known ones too.
    static func isBMP(_ bytes: [UInt8]) -> Bool {
        guard Signatures.hasPrefix(bytes, Array("BM".utf8)), let headerSize = LittleEndian.uint32(bytes, at: 14) else { return false }
        return [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize)
    }
}
