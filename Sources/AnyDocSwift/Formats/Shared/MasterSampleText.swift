/// Text on a slide master or layout that stands for a per-slide field:
/// PowerPoint's `‹#›` slide number, LibreOffice's `<number>`,
/// `<date/time>`, `<footer>`, `<header>`. It says nothing once per deck.
enum MasterSampleText {
    /// Whether `block` holds only such sample text.
    static func isFieldOnly(_ block: Block) -> Bool {
        guard case .paragraph(let content) = block else { return false }
        let text = content.plainText.trimmingWhitespace
        if text == "‹#›" || text == "<#>" { return true }
        guard text.hasPrefix("<"), text.hasSuffix(">"), text.count > 2 else { return false }
        return !text.dropFirst().dropLast().contains { $0 == "<" || $0 == ">" }
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(self[first...last])
    }
}
