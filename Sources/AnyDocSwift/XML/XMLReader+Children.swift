extension XMLReader {
    /// Visits the child elements of the element the reader is on, with the
    /// reader on each child's start. `visit` may read the child's
    /// attributes, or the whole child up to its end; a child it leaves on
    /// its start is skipped. Ends on the element's end. Lets a converter
    /// take a few attributes from a subtree without building it as an
    /// `XMLElement` (styles are read this way, hundreds per document).
    func forEachChildElement(_ visit: () throws(ConversionError) -> Void) throws(ConversionError) {
        guard kind == .startElement, !isEmptyElement else { return }
        let parent = depth
        let name = localName
        while try read() {
            switch kind {
            case .endElement where depth == parent:
                return
            case .startElement where depth == parent + 1:
                try visit()
                if kind == .startElement, depth == parent + 1 { try skipElement() }
            default:
                continue
            }
        }
        throw .malformed("XML ended inside <\(name)>")
    }
}
