internal import CLibXML2
import Glibc

/// A streaming, pull-style XML reader over libxml2's SAX2 push parser,
/// safe for untrusted input.
///
/// Bytes are pushed to libxml2 a chunk at a time; its callbacks append
/// compact events to an `XMLEventQueue` that `read()` hands out, so
/// memory follows the chunk and the element path, not the part size, and
/// no tree node is ever built. It never touches the network, never loads
/// a DTD, never substitutes entities (an external-entity loader that
/// refuses everything is installed), and stops with `resource limit` past
/// the nesting depth or node count in `Limits`.
///
/// Names are matched by namespace URI, not prefix: documents use odd
/// prefixes. Local names and namespaces are interned by libxml2, so the
/// reader keeps one Swift string per distinct name and allocates per
/// node only for text that is asked for.
final class XMLReader {
    enum NodeKind: Equatable {
        case startElement
        case endElement
        case text
        /// Whitespace between elements (or inside `xml:space="preserve"`).
        case whitespace
        case other
    }

    /// How much is pushed to libxml2 at a time.
    private static let chunkSize = 1 << 15

    private let source: ByteSource
    private let limits: Limits
    @exclusivity(unchecked)
    private var context: xmlParserCtxtPtr?
    /// Everything the SAX callbacks write, in one value so that a
    /// callback costs one exclusivity check, not one per field.
    @exclusivity(unchecked)
    private var state: ParseState
    @exclusivity(unchecked)
    private var current = -1
    @exclusivity(unchecked)
    private var finished = false
    @exclusivity(unchecked)
    private var nodes = 0
    @exclusivity(unchecked)
    private var chunk: [UInt8]
    /// The other URIs of each aliased namespace, for attribute look-ups.
    private let aliases: XMLNamespaceAliases

    @exclusivity(unchecked)
    private(set) var kind: NodeKind = .other
    /// Whether well-formedness errors are read past (libxml2's recovery
    /// mode) instead of ending the parse with `malformed`.
    private let recovering: Bool
    /// The first well-formedness error a recovering reader read past;
    /// nil while the XML is well formed.
    @exclusivity(unchecked)
    private(set) var recoveredError: ConversionError?

    /// Reads from bytes in memory.
    convenience init(
        bytes: [UInt8], limits: Limits, namespaceAliases: XMLNamespaceAliases = .none, recovering: Bool = false
    ) throws(ConversionError) {
        try self.init(source: MemoryByteSource(bytes), limits: limits, namespaceAliases: namespaceAliases, recovering: recovering)
    }

    /// Reads from a source that produces bytes on demand, such as an
    /// entry inflating from a ZIP archive. A `recovering` reader reads
    /// damaged XML (mismatched or unclosed tags) as far as libxml2's
    /// recovery mode makes sense of it and notes the damage in
    /// `recoveredError`; safety limits still stop it.
    init(
        source: ByteSource, limits: Limits, namespaceAliases: XMLNamespaceAliases = .none, recovering: Bool = false
    ) throws(ConversionError) {
        XMLReader.installSafeDefaults()
        self.source = source
        self.limits = limits
        self.recovering = recovering
        state = ParseState(namespaces: XMLNameTable(aliases: namespaceAliases.interned))
        aliases = namespaceAliases
        chunk = Array(unsafeUninitializedCapacity: XMLReader.chunkSize) { _, count in count = XMLReader.chunkSize }
        // libxml2 detects the encoding from the first four bytes it is
        // given; a source may hand out fewer at a time. A part that fits
        // in one chunk (most do) is pushed whole and marked as the end,
        // which spares libxml2 looking ahead for the end of every tag.
        var count = 0
        var ended = false
        while count < chunk.count {
            let more = try fill(from: count)
            if more == 0 { ended = true; break }
            count += more
        }
        var handler = XMLReader.handler()
        let created = chunk.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: count) {
                xmlCreatePushParserCtxt(&handler, nil, $0, Int32(min(count, 4)), nil)
            }
        }
        guard let created else { throw .malformed("the XML parser could not start") }
        context = created
        created.pointee._private = Unmanaged.passUnretained(self).toOpaque()
        xmlCtxtUseOptions(created, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
            | (recovering ? XML_PARSE_RECOVER.rawValue : 0)))
        if count > 4 || ended {
            push(from: min(count, 4), to: count, terminate: ended)
        }
    }

    deinit {
        if let context {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
        }
    }

    /// Moves to the next node; false at the end of the document.
    func read() throws(ConversionError) -> Bool {
        if current >= 0 { state.queue.head = current + 1 }
        current = -1
        // An event is handed out once the one after it is known: only
        // then is it clear whether an element is empty or a text run is
        // complete.
        while state.queue.pending < 2 && !finished {
            try feed()
        }
        guard state.queue.pending > 0 else {
            kind = .other
            if let failure = state.failure { throw failure }
            return false
        }
        current = state.queue.head
        nodes += 1
        if nodes > limits.maxXMLNodes {
            throw .resourceLimit("XML part has more than \(limits.maxXMLNodes) nodes")
        }
        let event = state.queue[current]
        switch event.kind {
        case .startElement:
            kind = .startElement
            if event.depth > limits.maxNestingDepth {
                throw .resourceLimit("XML nests deeper than \(limits.maxNestingDepth) levels")
            }
        case .text:
            kind = event.hasContent ? .text : .whitespace
        default:
            kind = event.kind
        }
        return true
    }

    /// The element's name without prefix.
    var localName: String { current >= 0 ? state.names[state.queue[current].name] : "" }

    /// The element's namespace URI, or "" when it has none.
    var namespace: String { current >= 0 ? state.namespaces[state.queue[current].namespace] : "" }

    /// True when the current element is `name` in `namespace`.
    func isElement(_ name: String, in namespace: String) -> Bool {
        guard current >= 0 else { return false }
        let event = state.queue[current]
        return state.names[event.name] == name && state.namespaces[event.namespace] == namespace
    }

    /// Nesting depth of the current node; the root element is 0.
    var depth: Int { current >= 0 ? state.queue[current].depth : 0 }

    /// True for `<x/>` (and `<x></x>`), which gets no end-element node.
    var isEmptyElement: Bool { current >= 0 && state.queue[current].isEmpty }

    /// The text of a text or whitespace node.
    var text: String {
        guard current >= 0 else { return "" }
        return String(decoding: state.queue.bytes(state.queue[current].text), as: UTF8.self)
    }

    /// An attribute of the current element by local name and namespace
    /// URI (nil or "" for an unprefixed attribute).
    func attribute(_ name: String, namespace: String? = nil) -> String? {
        guard current >= 0 else { return nil }
        let event = state.queue[current]
        guard event.kind == .startElement, !event.attributes.isEmpty else { return nil }
        let wanted = namespace ?? ""
        for attribute in state.queue.attributes(of: event) where state.names[attribute.name] == name {
            let uri = state.namespaces[attribute.namespace]
            if uri == wanted || (!wanted.isEmpty && aliases.variants[wanted]?.contains(uri) == true) {
                return String(decoding: state.queue.bytes(attribute.value), as: UTF8.self)
            }
        }
        return nil
    }

    /// All attributes of the current element as (namespace, local name,
    /// value), for elements whose attributes are read by pattern.
    func attributes() -> [(namespace: String, name: String, value: String)] {
        guard current >= 0 else { return [] }
        let event = state.queue[current]
        guard event.kind == .startElement else { return [] }
        return state.queue.attributes(of: event).map {
            (state.namespaces[$0.namespace], state.names[$0.name], String(decoding: state.queue.bytes($0.value), as: UTF8.self))
        }
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

    // MARK: - Feeding libxml2

    /// Reads the next piece of the source into `chunk` from `start`;
    /// returns its length.
    private func fill(from start: Int = 0) throws(ConversionError) -> Int {
        var failure: ConversionError?
        let count = chunk.withUnsafeMutableBytes { buffer -> Int in
            do throws(ConversionError) {
                return try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return count
    }

    /// Pushes one more chunk, or the end of input, to the parser.
    private func feed() throws(ConversionError) {
        state.queue.discardConsumed()
        let count = try fill()
        push(from: 0, to: count, terminate: count == 0)
    }

    private func push(from start: Int, to end: Int, terminate: Bool = false) {
        guard let context else { return }
        let status = chunk.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlParseChunk(context, $0 + start, Int32(end - start), terminate ? 1 : 0)
            }
        }
        if state.failure == nil, context.pointee.wellFormed == 0 {
            let failure = Self.failure(code: context.pointee.errNo, message: state.firstMessage)
            if recovering, failure.kind == .malformed, context.pointee.instate != XML_PARSER_EOF {
                // Read past: libxml2 goes on with the events it can still make.
                if recoveredError == nil { recoveredError = failure }
            } else if recovering, failure.kind == .malformed {
                // The parser gave up: what it read so far is what there is.
                if recoveredError == nil { recoveredError = failure }
                finished = true
            } else {
                state.failure = failure
            }
        }
        _ = status
        if terminate || state.failure != nil { finished = true }
    }

    /// Why libxml2 stopped. Its refusal to expand entities further (a
    /// billion-laughs bomb, an entity that refers to itself) is a safety
    /// limit; anything else is damage.
    private static func failure(code: Int32, message: String?) -> ConversionError {
        let detail = message.map { ": \($0)" } ?? ""
        if code == Int32(XML_ERR_ENTITY_LOOP.rawValue) {
            return .resourceLimit("XML entities expand in a loop or too far" + detail)
        }
        return .malformed("XML is not well formed" + detail)
    }

    private static func reader(_ context: UnsafeMutableRawPointer?) -> XMLReader? {
        guard let context else { return nil }
        let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
        guard let owner = parser.pointee._private else { return nil }
        return Unmanaged<XMLReader>.fromOpaque(owner).takeUnretainedValue()
    }

    /// The SAX2 callbacks. Entity declarations go to libxml2's own
    /// handlers (into a document that holds nothing else) so that an
    /// internal subset parses as before; entities are still never
    /// substituted and nothing external is ever loaded.
    private static func handler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startDocument = xmlSAX2StartDocument
        handler.internalSubset = xmlSAX2InternalSubset
        handler.entityDecl = xmlSAX2EntityDecl
        handler.getEntity = xmlSAX2GetEntity
        handler.getParameterEntity = xmlSAX2GetParameterEntity
        handler.startElementNs = { context, name, _, uri, _, _, count, _, attributes in
            XMLReader.reader(context)?.state.didStart(name, uri, Int(count), attributes)
        }
        handler.endElementNs = { context, name, _, uri in
            XMLReader.reader(context)?.state.didEnd(name, uri)
        }
        handler.characters = { context, bytes, length in
            guard let reader = XMLReader.reader(context) else { return }
            if !reader.state.didRead(bytes, length), let context {
                xmlStopParser(context.assumingMemoryBound(to: xmlParserCtxt.self))
            }
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.serror = { context, error in
            guard let error, let message = error.pointee.message else { return }
            var text = String(cString: message)
            while text.last == "\n" { text.removeLast() }
            guard let reader = XMLReader.reader(context), reader.state.firstMessage == nil else { return }
            reader.state.firstMessage = "line \(error.pointee.line): \(text)"
        }
        return handler
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

/// What the SAX callbacks of one parse build: the event queue, the name
/// tables and the depth of the next event.
private struct ParseState {
    var queue = XMLEventQueue()
    var names = XMLNameTable()
    var namespaces: XMLNameTable
    /// Depth of the next event libxml2 reports.
    var depth = 0
    /// An error met while parsing, thrown once the events before it are read.
    var failure: ConversionError?
    var firstMessage: String?

    /// The longest text run kept, as libxml2's own tree builder allows.
    static let maxTextBytes = 10_000_000

    init(namespaces: XMLNameTable) {
        self.namespaces = namespaces
    }

    mutating func didStart(
        _ name: UnsafePointer<UInt8>?, _ uri: UnsafePointer<UInt8>?, _ count: Int,
        _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        guard failure == nil else { return }
        let first = queue.nextAttribute
        if let attributes {
            for index in 0..<count {
                let fields = attributes + index * 5
                guard let valueStart = fields[3], let valueEnd = fields[4] else { continue }
                queue.appendAttribute(
                    name: names.index(of: fields[0]), namespace: namespaces.index(of: fields[2]),
                    value: UnsafeBufferPointer(start: valueStart, count: max(0, valueEnd - valueStart)))
            }
        }
        queue.appendStart(name: names.index(of: name), namespace: namespaces.index(of: uri), depth: depth, firstAttribute: first)
        depth += 1
    }

    mutating func didEnd(_ name: UnsafePointer<UInt8>?, _ uri: UnsafePointer<UInt8>?) {
        guard failure == nil else { return }
        depth = max(0, depth - 1)
        queue.appendEnd(name: names.index(of: name), namespace: namespaces.index(of: uri), depth: depth)
    }

    /// Returns false when the parse must stop.
    mutating func didRead(_ bytes: UnsafePointer<UInt8>?, _ length: Int32) -> Bool {
        guard failure == nil else { return false }
        guard let bytes, length > 0 else { return true }
        let run = queue.appendText(UnsafeBufferPointer(start: bytes, count: Int(length)), depth: depth)
        if run > Self.maxTextBytes {
            failure = .resourceLimit("an XML text run is longer than \(Self.maxTextBytes) bytes")
            return false
        }
        return true
    }
}
