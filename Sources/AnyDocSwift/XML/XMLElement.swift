/// A small in-memory XML element, for the few subtrees that are easier
/// to interpret whole (an equation, a drawing's properties). Whole parts
/// are always streamed; only one element at a time is built like this.
struct XMLElement: Sendable {
    enum Child: Sendable {
        case element(XMLElement)
        case text(String)
    }

    var name: String
    var namespace: String
    var attributes: [(namespace: String, name: String, value: String)]
    var children: [Child]

    /// The first attribute with this local name (in `namespace` when given).
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }?.value
    }

    /// Child elements, optionally only those named `name` in `namespace`.
    func elements(_ name: String? = nil, in namespace: String? = nil) -> [XMLElement] {
        children.compactMap { child in
            guard case .element(let element) = child else { return nil }
            if let name, element.name != name { return nil }
            if let namespace, element.namespace != namespace { return nil }
            return element
        }
    }

    func firstElement(_ name: String, in namespace: String? = nil) -> XMLElement? {
        for child in children {
            if case .element(let element) = child, element.name == name, namespace == nil || element.namespace == namespace {
                return element
            }
        }
        return nil
    }

    /// All text below this element, in document order.
    var textContent: String {
        var result = ""
        func collect(_ element: XMLElement) {
            for child in element.children {
                switch child {
                case .text(let text): result += text
                case .element(let inner): collect(inner)
                }
            }
        }
        collect(self)
        return result
    }
}

extension XMLReader {
    /// Reads the current element and everything inside it into an
    /// `XMLElement`, leaving the reader on its end. `maxNodes` bounds the
    /// subtree so one hostile element cannot take all memory.
    func readElement(maxNodes: Int = 200_000) throws(ConversionError) -> XMLElement {
        var root = XMLElement(name: localName, namespace: namespace, attributes: attributes(), children: [])
        guard kind == .startElement, !isEmptyElement else { return root }
        var stack: [XMLElement] = [root]
        var count = 0
        let baseDepth = depth
        while try read() {
            count += 1
            if count > maxNodes { throw .resourceLimit("an XML element has more than \(maxNodes) nodes") }
            switch kind {
            case .startElement:
                let element = XMLElement(name: localName, namespace: namespace, attributes: attributes(), children: [])
                if isEmptyElement {
                    stack[stack.count - 1].children.append(.element(element))
                } else {
                    stack.append(element)
                }
            case .endElement:
                let finished = stack.removeLast()
                if depth == baseDepth || stack.isEmpty {
                    root = finished
                    return root
                }
                stack[stack.count - 1].children.append(.element(finished))
            case .text, .whitespace:
                stack[stack.count - 1].children.append(.text(text))
            case .other:
                break
            }
        }
        throw .malformed("XML ended inside <\(root.name)>")
    }
}
