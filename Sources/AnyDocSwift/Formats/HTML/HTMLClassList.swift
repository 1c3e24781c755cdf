/// What the converter asks of an element's `class` attribute, answered in
/// one pass over its tokens when the element starts.
struct HTMLClassList {
    /// A class that marks page chrome (`HTMLElements.chromeClasses`).
    private(set) var marksChrome = false
    /// A class of text meant only for screen readers.
    private(set) var marksScreenReaderText = false
    /// A class whose name contains "math".
    private(set) var mentionsMath = false

    /// No `class` attribute.
    init() {}

    init(_ classes: String) {
        guard classes.hasSingleByteCharacters else {
            let tokens = HTMLElements.classTokens(classes)
            marksChrome = tokens.contains(where: HTMLElements.chromeClasses.contains)
            marksScreenReaderText = tokens.contains(where: HTMLElements.screenReaderClasses.contains)
            mentionsMath = tokens.contains { $0.containsUTF8("math") }
            return
        }
        // Single-byte text: tokens are compared as bytes, no strings made.
        let bytes = Array(classes.utf8)
        var start = 0
        while start < bytes.count {
            guard !Self.isSeparator(bytes[start]) else {
                start += 1
                continue
            }
            var end = start + 1
            while end < bytes.count, !Self.isSeparator(bytes[end]) { end += 1 }
            let token = bytes[start..<end]
            if !marksChrome { marksChrome = Self.isListed(token, in: Self.chrome) }
            if !marksScreenReaderText { marksScreenReaderText = Self.isListed(token, in: Self.screenReader) }
            start = end
        }
        mentionsMath = HTMLText.contains(bytes, Self.math)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C
    }

    /// Whole-token equality; the length test first rules out nearly all.
    private static func isListed(_ token: ArraySlice<UInt8>, in names: [[UInt8]]) -> Bool {
        names.contains { $0.count == token.count && $0.elementsEqual(token) }
    }

    private static let chrome = HTMLElements.chromeClasses.map { Array($0.utf8) }
    private static let screenReader = HTMLElements.screenReaderClasses.map { Array($0.utf8) }
    private static let math = Array("math".utf8)
}
