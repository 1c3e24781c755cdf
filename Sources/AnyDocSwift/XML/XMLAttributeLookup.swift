/// Something whose attributes are looked up by local name and namespace
/// URI: an element read whole, or the element a reader stands on. Code
/// that only needs attributes takes either, so a streaming reader need not
/// build an element for them.
protocol XMLAttributeLookup {
    func attribute(_ name: String, namespace: String?) -> String?
}

extension XMLElement: XMLAttributeLookup {}
extension XMLReader: XMLAttributeLookup {}
