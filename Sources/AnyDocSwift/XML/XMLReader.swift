internal import CLibXML2
import Glibc

/// A streaming, pull-style XML reader over libxml2's `xmlTextReader`,
/// safe for untrusted input.
///
/// It keeps only a sliding window of the document, so memory follows the
/// element path, not the part size. It never touches the network, never
/// loads a DTD, never substitutes entities (an external-entity loader that
/// refuses everything is installed), and stops with `resource limit` past
/// the nesting depth or node count in `Limits`.
///
/// Names are matched by namespace URI, not prefix: documents use odd
/// prefixes. Local names and namespaces are interned by libxml2, so the
/// reader caches their Swift strings by address and allocates per node
/// only for text.
final class XMLReader {
    enum NodeKind: Equatable {
        case startElement
        case endElement
        case text
        /// Whitespace between elements (or inside `xml:space="preserve"`).
        case whitespace
        case other
    }

    private let handle: xmlTextReaderPtr
    private let source: InputContext
    private let errors: ErrorBox
    private let limits: Limits
    private var nodes = 0
    private var names: [UnsafeRawPointer: String] = [:]
    private var namespaces: [UnsafeRawPointer: String] = [:]
    /// Namespace URIs read as another URI: Strict OOXML's names for the
    /// Transitional ones, so converters match one set.
    private let namespaceAliases: [String: String]
    /// The other URIs of each aliased namespace, for attribute look-ups.
    private lazy var strictNames: [String: [String]] = Dictionary(
        grouping: namespaceAliases.keys, by: { namespaceAliases[$0] ?? $0 })

    private(set) var kind: NodeKind = .other

    /// Reads from bytes in memory.
    convenience init(bytes: [UInt8], limits: Limits, namespaceAliases: [String: String] = [:]) throws(ConversionError) {
        try self.init(source: MemoryByteSource(bytes), limits: limits, namespaceAliases: namespaceAliases)
    }

    /// Reads from a source that produces bytes on demand, such as an
    /// entry inflating from a ZIP archive.
    init(source: ByteSource, limits: Limits, namespaceAliases: [String: String] = [:]) throws(ConversionError) {
        XMLReader.installSafeDefaults()
        self.limits = limits
        self.namespaceAliases = namespaceAliases
        self.source = InputContext(source)
        errors = ErrorBox()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
            | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue)
        let context = Unmanaged.passUnretained(self.source).toOpaque()
        guard let reader = xmlReaderForIO(xmlReadCallback, nil, context, nil, nil, options) else {
            throw .malformed("the XML parser could not start")
        }
        handle = reader
        xmlTextReaderSetStructuredErrorHandler(handle, xmlCollectError, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(handle)
    }

    /// Moves to the next node; false at the end of the document.
    func read() throws(ConversionError) -> Bool {
        let status = xmlTextReaderRead(handle)
        if let failure = source.failure { throw failure }
        if status < 0 {
            throw .malformed("XML is not well formed" + (errors.first.map { ": \($0)" } ?? ""))
        }
        if status == 0 { return false }
        nodes += 1
        if nodes > limits.maxXMLNodes {
            throw .resourceLimit("XML part has more than \(limits.maxXMLNodes) nodes")
        }
        switch xmlTextReaderNodeType(handle) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            kind = .startElement
            if depth > limits.maxNestingDepth {
                throw .resourceLimit("XML nests deeper than \(limits.maxNestingDepth) levels")
            }
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            kind = .endElement
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
            kind = .text
        case Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
            kind = .whitespace
        default:
            kind = .other
        }
        return true
    }

    /// The element's name without prefix.
    var localName: String { interned(xmlTextReaderConstLocalName(handle)) }

    /// The element's namespace URI, or "" when it has none.
    var namespace: String {
        guard let pointer = xmlTextReaderConstNamespaceUri(handle) else { return "" }
        let key = UnsafeRawPointer(pointer)
        if let uri = namespaces[key] { return uri }
        let raw = String(cString: pointer)
        let uri = namespaceAliases[raw] ?? raw
        namespaces[key] = uri
        return uri
    }

    /// True when the current element is `name` in `namespace`.
    func isElement(_ name: String, in namespace: String) -> Bool {
        localName == name && self.namespace == namespace
    }

    /// Nesting depth of the current node; the root element is 0.
    var depth: Int { Int(xmlTextReaderDepth(handle)) }

    /// True for `<x/>`, which gets no end-element node.
    var isEmptyElement: Bool { xmlTextReaderIsEmptyElement(handle) == 1 }

    /// The text of a text or whitespace node.
    var text: String {
        guard let value = xmlTextReaderConstValue(handle) else { return "" }
        return String(cString: value)
    }

    /// An attribute of the current element by local name and namespace
    /// URI (nil or "" for an unprefixed attribute).
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        var value: UnsafeMutablePointer<xmlChar>?
        if let namespace, !namespace.isEmpty {
            value = xmlTextReaderGetAttributeNs(handle, name, namespace)
            // A Strict document writes the same attribute in its own namespace.
            if value == nil, let aliases = strictNames[namespace] {
                for alias in aliases where value == nil {
                    value = xmlTextReaderGetAttributeNs(handle, name, alias)
                }
            }
        } else {
            value = xmlTextReaderGetAttribute(handle, name)
        }
        guard let value else { return nil }
        defer { free(value) }
        return String(cString: value)
    }

    /// All attributes of the current element as (namespace, local name,
    /// value), for elements whose attributes are read by pattern.
    func attributes() -> [(namespace: String, name: String, value: String)] {
        var result: [(namespace: String, name: String, value: String)] = []
        guard xmlTextReaderMoveToFirstAttribute(handle) == 1 else { return result }
        repeat {
            let value = xmlTextReaderConstValue(handle).map { String(cString: $0) } ?? ""
            result.append((namespace, localName, value))
        } while xmlTextReaderMoveToNextAttribute(handle) == 1
        xmlTextReaderMoveToElement(handle)
        return result
    }

    /// Skips the rest of the current element, children included, leaving
    /// the reader on its end (so the next `read` moves past it).
    func skipElement() throws(ConversionError) {
        guard kind == .startElement, !isEmptyElement else { return }
        let start = depth
        while try read() {
            if kind == .endElement && depth == start { return }
        }
    }

    /// The concatenated text inside the current element, leaving the
    /// reader on its end. Meant for small elements (titles, values).
    func readElementText() throws(ConversionError) -> String {
        guard kind == .startElement, !isEmptyElement else { return "" }
        let start = depth
        var result = ""
        while try read() {
            switch kind {
            case .text, .whitespace: result += text
            case .endElement where depth == start: return result
            default: break
            }
        }
        return result
    }

    private func interned(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        let key = UnsafeRawPointer(pointer)
        if let name = names[key] { return name }
        let name = String(cString: pointer)
        names[key] = name
        return name
    }

    // MARK: - Process-wide safety

    private static let safeDefaults: Void = {
        xmlInitParser()
        // Every external DTD or entity is refused, whatever the options say.
        xmlSetExternalEntityLoader { _, _, _ in nil }
    }()

    static func installSafeDefaults() {
        _ = safeDefaults
    }
}

/// Bridges a `ByteSource` to libxml2's read callback and remembers a typed
/// failure (a ZIP limit, say) so that it, not a parse error, is reported.
private final class InputContext {
    let source: ByteSource
    var failure: ConversionError?

    init(_ source: ByteSource) { self.source = source }
}

private final class ErrorBox {
    var first: String?
}

private func xmlReadCallback(_ context: UnsafeMutableRawPointer?, _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int32) -> Int32 {
    guard let context, let buffer, length > 0 else { return -1 }
    let input = Unmanaged<InputContext>.fromOpaque(context).takeUnretainedValue()
    do {
        return Int32(try input.source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(length))))
    } catch {
        input.failure = error
        return -1
    }
}

private func xmlCollectError(_ context: UnsafeMutableRawPointer?, _ error: xmlErrorPtr?) {
    guard let context, let error else { return }
    let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
    if box.first == nil, let message = error.pointee.message {
        var text = String(cString: message)
        while text.last == "\n" { text.removeLast() }
        box.first = "line \(error.pointee.line): \(text)"
    }
}
