extension String {
    /// True when every character of the string is one ASCII byte: no byte
    /// of 0x80 and up, and no CR (CR LF is one character). Searching and
    /// splitting such text by bytes gives what searching it by characters
    /// gives, much faster; other text keeps the character-based path.
    var hasSingleByteCharacters: Bool {
        utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
    }
}
