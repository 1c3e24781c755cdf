/// Links to headings by name. Writers link a heading as
/// `#<number and text>|outline` rather than through a bookmark; such a
/// link is pointed at the heading whose text it names, and anchor cleanup
/// then turns it into the heading's GitHub anchor.
enum ODFLinkTargets {
    static func resolvingOutlineLinks(in blocks: [Block]) -> [Block] {
        var targets: [String] = []
        for block in blocks {
            block.forEachInlineRun { inlines in
                _ = inlines.rewritingEach { inline in
                    if case .link(let link) = inline, link.destination.hasPrefix("#"), link.destination.hasSuffix("|outline"),
                       !targets.contains(link.destination) {
                        targets.append(link.destination)
                    }
                    return [inline]
                }
            }
        }
        guard !targets.isEmpty else { return blocks }
        var claimed: Set<String> = []
        return blocks.map { block in
            guard case .heading(var heading) = block else { return block }
            let text = ODFText.trimmed(heading.content.plainText)
            var anchors: [Inline] = []
            for target in targets where !claimed.contains(target) {
                let name = ODFText.trimmed(String(target.dropFirst().dropLast("|outline".count)))
                if name == text || withoutNumbering(name) == withoutNumbering(text) {
                    anchors.append(.anchor(String(target.dropFirst())))
                    claimed.insert(target)
                }
            }
            guard !anchors.isEmpty else { return block }
            heading.content = anchors + heading.content
            return .heading(heading)
        }
    }

    /// `1.2.A chapter` → `A chapter`: the outline number written before
    /// the heading text.
    private static func withoutNumbering(_ name: String) -> String {
        let rest = name.drop { $0.isNumber || $0 == "." }
        return ODFText.trimmed(String(rest))
    }
}
