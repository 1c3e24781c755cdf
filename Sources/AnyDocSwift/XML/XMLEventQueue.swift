/// The events libxml2's SAX parser reported and the reader has not yet
/// handed out, stored flat: names as indexes into an intern table,
/// attribute values and text as ranges of one byte arena. Filling it
/// allocates nothing per event once the arrays have grown, which is what
/// makes the SAX reader cheaper than libxml2's own `xmlTextReader` (that
/// one builds and frees a tree node for every element and attribute).
struct XMLEventQueue {
    struct Event {
        var kind: XMLReader.NodeKind
        /// `<x/>` or `<x></x>`: no end event follows.
        var isEmpty = false
        /// Text with a character other than XML white space.
        var hasContent = false
        var depth: Int
        var name = 0
        var namespace = 0
        var attributes: Range<Int> = 0..<0
        var text: Range<Int> = 0..<0
    }

    struct Attribute {
        var name: Int
        var namespace: Int
        var value: Range<Int>
    }

    private(set) var events: [Event] = []
    private(set) var attributes: [Attribute] = []
    private(set) var arena: [UInt8] = []
    /// Position of the next event to hand out.
    var head = 0

    var pending: Int { events.count - head }

    subscript(index: Int) -> Event { events[index] }

    /// Where the next element's attributes will start; pass it to
    /// `appendStart` after appending them with `appendAttribute`.
    var nextAttribute: Int { attributes.count }

    mutating func appendAttribute(name: Int, namespace: Int, value: UnsafeBufferPointer<UInt8>) {
        attributes.append(Attribute(name: name, namespace: namespace, value: appendValue(value)))
    }

    mutating func appendStart(name: Int, namespace: Int, depth: Int, firstAttribute: Int) {
        events.append(Event(
            kind: .startElement, depth: depth, name: name, namespace: namespace,
            attributes: firstAttribute..<attributes.count))
    }

    /// Ends the element opened at `depth`; an element with nothing
    /// inside becomes empty instead, as `xmlTextReader` reports `<x/>`.
    mutating func appendEnd(name: Int, namespace: Int, depth: Int) {
        if let last = events.indices.last, last >= head, events[last].kind == .startElement, events[last].depth == depth {
            events[last].isEmpty = true
            return
        }
        events.append(Event(kind: .endElement, depth: depth, name: name, namespace: namespace))
    }

    /// Appends character data, joining it to text just before it (libxml2
    /// hands a text run over in pieces). Returns the length of the run.
    mutating func appendText(_ bytes: UnsafeBufferPointer<UInt8>, depth: Int) -> Int {
        let content = bytes.contains { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if let last = events.indices.last, last >= head, events[last].kind == .text, events[last].depth == depth,
            events[last].text.upperBound == arena.count
        {
            arena.append(contentsOf: bytes)
            events[last].text = events[last].text.lowerBound..<arena.count
            events[last].hasContent = events[last].hasContent || content
            return events[last].text.count
        }
        let start = arena.count
        arena.append(contentsOf: bytes)
        events.append(Event(kind: .text, hasContent: content, depth: depth, text: start..<arena.count))
        return bytes.count
    }

    /// Appends attribute value bytes to the arena, turning the `&#38;`
    /// libxml2 writes for `&` (when it does not substitute entities)
    /// back into `&`.
    private mutating func appendValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let start = arena.count
        guard bytes.contains(0x26) else {
            arena.append(contentsOf: bytes)
            return start..<arena.count
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x26, index + 4 < bytes.count, bytes[index + 1] == 0x23, bytes[index + 2] == 0x33,
                bytes[index + 3] == 0x38, bytes[index + 4] == 0x3B
            {
                arena.append(0x26)
                index += 5
            } else {
                arena.append(byte)
                index += 1
            }
        }
        return start..<arena.count
    }

    func bytes(_ range: Range<Int>) -> ArraySlice<UInt8> { arena[range] }

    func attributes(of event: Event) -> ArraySlice<Attribute> { attributes[event.attributes] }

    /// Drops the events already handed out, keeping the rest (at most a
    /// few) at the front so the arrays do not grow with the document.
    mutating func discardConsumed() {
        guard head > 0 else { return }
        if head >= events.count {
            events.removeAll(keepingCapacity: true)
            attributes.removeAll(keepingCapacity: true)
            arena.removeAll(keepingCapacity: true)
            head = 0
            return
        }
        let kept = Array(events[head...])
        let keptAttributes = kept.map { Array(attributes[$0.attributes]) }
        let keptText = kept.map { Array(arena[$0.text]) }
        let keptValues = keptAttributes.map { $0.map { Array(arena[$0.value]) } }
        events.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        arena.removeAll(keepingCapacity: true)
        head = 0
        for (position, var event) in kept.enumerated() {
            let textStart = arena.count
            arena.append(contentsOf: keptText[position])
            event.text = textStart..<arena.count
            let attributeStart = attributes.count
            for (attribute, value) in zip(keptAttributes[position], keptValues[position]) {
                let valueStart = arena.count
                arena.append(contentsOf: value)
                attributes.append(Attribute(name: attribute.name, namespace: attribute.namespace, value: valueStart..<arena.count))
            }
            event.attributes = attributeStart..<attributes.count
            events.append(event)
        }
    }
}
