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
            mentionsMath = tokens.contains { $0.contains("math") }
            return
        }
        // Single-byte text: tokens are compared as bytes, no strings made.
        let bytes = Array(classes.utf8)
        for token in bytes.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C }) {
            if !marksChrome { marksChrome = Self.chrome.contains { $0.elementsEqual(token) } }
            if !marksScreenReaderText { marksScreenReaderText = Self.screenReader.contains { $0.elementsEqual(token) } }
        }
        mentionsMath = HTMLText.contains(bytes, Self.math)
    }

    private static let chrome = HTMLElements.chromeClasses.map { Array($0.utf8) }
    private static let screenReader = HTMLElements.screenReaderClasses.map { Array($0.utf8) }
    private static let math = Array("math".utf8)
}
