internal import CLibXML2
#if canImport(Glibc)
import Glibc
#endif

/// Receives the events of `HTMLParser`, in document order.
protocol HTMLParserDelegate: AnyObject {
    /// An element opens; attribute names are lower case, and an attribute
    /// without a value has "". `attributes` is reused for the next
    /// element: read what is needed during the call.
    func startElement(_ tag: HTMLTag, attributes: HTMLAttributes) throws(ConversionError)
    /// The element opened last closes. libxml2 closes implied and unclosed
    /// elements itself, so starts and ends always balance.
    func endElement() throws(ConversionError)
    /// Character data with entities decoded, as UTF-8 made of whole
    /// characters; one run may arrive in pieces. The array is reused for
    /// the next piece.
    func text(_ bytes: [UInt8]) throws(ConversionError)
}

/// A streaming HTML parser over libxml2's HTML push parser in SAX mode,
/// safe for untrusted input. No tree is built: events go straight to the
/// delegate.
///
/// The input is decoded to UTF-8 here (`HTMLEncoding`) and libxml2 is told
/// so, with document encoding declarations ignored, so that one decision
/// about the encoding holds for the whole document. The parser never
/// touches the network and never loads a DTD. Elements nested deeper than
/// `Limits.maxNestingDepth` are not reported (their text still is), so
/// nothing downstream recurses without bound.
final class HTMLParser {
    private let delegate: HTMLParserDelegate
    private let limits: Limits
    private let deadline: Deadline
    @exclusivity(unchecked)
    private var context: htmlParserCtxtPtr?
    @exclusivity(unchecked)
    private var failure: ConversionError?
    @exclusivity(unchecked)
    private var depth = 0
    @exclusivity(unchecked)
    private var elements = 0
    @exclusivity(unchecked)
    private var events = 0
    /// Storage reused by every event, so that reporting one allocates nothing.
    private let attributes = HTMLAttributes()
    @exclusivity(unchecked)
    private var textBytes: [UInt8] = []

    /// How much is handed to libxml2 at a time; the deadline is checked
    /// between pieces.
    private static let chunkSize = 1 << 16

    private init(delegate: HTMLParserDelegate, limits: Limits, deadline: Deadline) {
        self.delegate = delegate
        self.limits = limits
        self.deadline = deadline
    }

    /// Parses `bytes` as HTML (or XHTML), reporting to `delegate`.
    /// `encoding` overrides detection, for callers that know it.
    static func parse(
        _ bytes: [UInt8], encoding: HTMLEncoding? = nil, limits: Limits, deadline: Deadline,
        delegate: HTMLParserDelegate
    ) throws(ConversionError) {
        let utf8 = HTMLEncoding.decodedDocument(bytes, override: encoding)
        try deadline.check()
        let parser = HTMLParser(delegate: delegate, limits: limits, deadline: deadline)
        try parser.run(utf8)
    }

    private func run(_ utf8: [UInt8]) throws(ConversionError) {
        XMLReader.installSafeDefaults()
        var handler = HTMLParser.handler()
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let context = htmlCreatePushParserCtxt(&handler, userData, nil, 0, nil, XML_CHAR_ENCODING_UTF8) else {
            throw .malformed("the HTML parser could not start")
        }
        self.context = context
        defer {
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            htmlFreeParserCtxt(context)
            self.context = nil
        }
        // The bytes are already UTF-8: a `<meta charset>` must not switch
        // the decoder half way through.
        let options = Int32(HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        htmlCtxtUseOptions(context, options)

        // The last chunk goes with the end-of-input flag: libxml2 then
        // parses it without first scanning ahead for the end of each tag
        // and text run, which it otherwise repeats as the chunk is consumed.
        var terminated = false
        try utf8.withUnsafeBufferPointer { (buffer) throws(ConversionError) in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                try deadline.check()
                let count = min(HTMLParser.chunkSize, buffer.count - offset)
                let start = UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
                let isLast = offset + count == buffer.count
                _ = htmlParseChunk(context, start, Int32(count), isLast ? 1 : 0)
                terminated = isLast
                if let failure { throw failure }
                offset += count
            }
        }
        if !terminated { _ = htmlParseChunk(context, nil, 0, 1) }
        if let failure { throw failure }
    }

    // MARK: - Events from libxml2

    fileprivate func didStart(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard failure == nil else { return }
        elements += 1
        if elements > limits.maxXMLNodes {
            fail(.resourceLimit("HTML has more than \(limits.maxXMLNodes) elements"))
            return
        }
        depth += 1
        guard depth <= limits.maxNestingDepth else { return }
        self.attributes.removeAll()
        if var cursor = attributes {
            while let attributeName = cursor.pointee {
                let value = cursor.advanced(by: 1).pointee.map(HTMLParser.bytes) ?? UnsafeBufferPointer(start: nil, count: 0)
                self.attributes.append(name: HTMLParser.bytes(attributeName), value: value)
                cursor += 2
            }
        }
        do {
            try delegate.startElement(HTMLTag(HTMLParser.bytes(name)), attributes: self.attributes)
        } catch {
            fail(error)
        }
        tick()
    }

    fileprivate func didEnd() {
        guard failure == nil, depth > 0 else { return }
        depth -= 1
        guard depth < limits.maxNestingDepth else { return }
        do {
            try delegate.endElement()
        } catch {
            fail(error)
        }
        tick()
    }

    fileprivate func didRead(_ bytes: UnsafePointer<xmlChar>, _ length: Int32) {
        guard failure == nil, length > 0 else { return }
        textBytes.removeAll(keepingCapacity: true)
        textBytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: Int(length)))
        do {
            try delegate.text(textBytes)
        } catch {
            fail(error)
        }
        tick()
    }

    /// Checks the clock now and then: one chunk of pathological markup can
    /// take a while.
    private func tick() {
        events &+= 1
        if events & 1023 == 0, let error = deadline.expiry {
            fail(error)
        }
    }

    private func fail(_ error: ConversionError) {
        if failure == nil { failure = error }
        if let context { xmlStopParser(context) }
    }

    /// A NUL-terminated string from libxml2, without its terminator.
    private static func bytes(_ string: UnsafePointer<xmlChar>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: string, count: strlen(UnsafeRawPointer(string).assumingMemoryBound(to: CChar.self)))
    }

    private static func handler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        handler.startElement = { context, name, attributes in
            guard let context, let name else { return }
            Unmanaged<HTMLParser>.fromOpaque(context).takeUnretainedValue().didStart(name, attributes)
        }
        handler.endElement = { context, name in
            guard let context, name != nil else { return }
            Unmanaged<HTMLParser>.fromOpaque(context).takeUnretainedValue().didEnd()
        }
        handler.characters = { context, bytes, length in
            guard let context, let bytes else { return }
            Unmanaged<HTMLParser>.fromOpaque(context).takeUnretainedValue().didRead(bytes, length)
        }
        // Whitespace between elements separates inline words, so it is text too.
        handler.ignorableWhitespace = handler.characters
        // libxml2 reports the content of <script> and <style> this way.
        handler.cdataBlock = { context, bytes, length in
            guard let context, let bytes else { return }
            Unmanaged<HTMLParser>.fromOpaque(context).takeUnretainedValue().didRead(bytes, length)
        }
        return handler
    }
}
