/// Texts written one after another straight into one string's storage:
/// a string made of many short pieces (a line's words, a paragraph's runs)
/// costs one copy of each instead of an append, which grows and checks
/// the string, for each.
struct UTF8Assembly {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// Bytes written so far.
    private(set) var count = 0

    fileprivate init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// Writes `text`'s UTF-8 bytes; more than the assembly was sized for
    /// stops the program.
    mutating func append(_ text: String) {
        let utf8 = text.utf8
        let copied = utf8.withContiguousStorageIfAvailable { source in
            UnsafeMutableBufferPointer(rebasing: buffer[count...]).initialize(fromContentsOf: source)
        }
        if let copied {
            count += copied
        } else {
            for byte in utf8 { append(byte: byte) }
        }
    }

    /// Writes one byte of ASCII (a space between words).
    mutating func append(byte: UInt8) {
        precondition(count < buffer.count && byte < 0x80, "an ASCII byte past the assembly's size")
        buffer[count] = byte
        count += 1
    }
}

extension String {
    /// The string `write` assembles in at most `utf8Count` bytes.
    init(utf8Count: Int, assembling write: (inout UTF8Assembly) -> Void) {
        self.init(unsafeUninitializedCapacity: utf8Count) { buffer in
            var assembly = UTF8Assembly(buffer)
            write(&assembly)
            return assembly.count
        }
    }
}
