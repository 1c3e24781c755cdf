/// Builds the Office Math of one `{\mmath …}` zone as OMML elements, so
/// the converter Word documents use turns it into LaTeX.
///
/// RTF writes OMML one-to-one: each element is a group opened by its name
/// with an `m` in front (`{\mf{\mnum …}{\mden …}}`), a property's value
/// is the text of its group (`{\mbegChr [}`), and a run's text is the
/// text of `{\mr …}` (some writers leave the `\mr` out).
struct RTFMathBuilder {
    /// The open elements, the zone's root first.
    private var open: [XMLElement]
    /// Nodes past this many are dropped, so one hostile zone stays small.
    private let maxNodes: Int
    private var nodes = 0

    init(maxNodes: Int) {
        self.maxNodes = maxNodes
        open = [Self.element("mathZone")]
    }

    /// The control word `\mname` opened a group: `name` is an OMML element.
    mutating func begin(_ name: String) {
        nodes += 1
        open.append(Self.element(name))
    }

    /// The group of the element opened last ended.
    mutating func end() {
        guard open.count > 1 else { return }
        let element = open.removeLast()
        if nodes <= maxNodes { open[open.count - 1].children.append(.element(element)) }
    }

    mutating func appendText(_ text: String) {
        guard nodes <= maxNodes, !text.isEmpty else { return }
        let current = open[open.count - 1]
        if current.name.hasSuffix("Pr") { return }
        if open.count > 1, open[open.count - 2].name.hasSuffix("Pr") {
            // A property's value: `{\mbegChr [}` is `<m:begChr m:val="["/>`.
            let value = (current.attribute("val") ?? "") + text
            open[open.count - 1].attributes = [(namespace: OMMLConverter.namespace, name: "val", value: value)]
            return
        }
        nodes += 1
        let run = XMLElement.Child.text(text)
        if current.name == "r" {
            open[open.count - 1].children.append(.element(Self.element("t", children: [run])))
        } else {
            open[open.count - 1].children.append(.element(Self.element("r", children: [.element(Self.element("t", children: [run]))])))
        }
    }

    /// The zone's LaTeX, and whether it is a display equation (a math
    /// paragraph, on a line of its own).
    mutating func finish() -> (latex: String, isDisplay: Bool) {
        while open.count > 1 { end() }
        var zone = open[0]
        // A zone without `\moMath` is one equation.
        if !Self.contains(zone, named: "oMath") { zone.name = "oMath" }
        let isDisplay = Self.contains(zone, named: "oMathPara")
        return (OMMLConverter.latex(zone), isDisplay)
    }

    private static func contains(_ element: XMLElement, named name: String) -> Bool {
        element.elements().contains { $0.name == name || contains($0, named: name) }
    }

    private static func element(_ name: String, children: [XMLElement.Child] = []) -> XMLElement {
        XMLElement(name: name, namespace: OMMLConverter.namespace, attributes: [], children: children)
    }
}
