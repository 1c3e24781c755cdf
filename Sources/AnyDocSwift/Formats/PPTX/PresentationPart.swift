/// The presentation part: which slides the deck has, in show order.
enum PresentationPart {
    /// The main part, by the package's `officeDocument` relationship.
    static func locate(in package: OPCPackage) throws(ConversionError) -> String {
        if let part = try package.rootPart(ofType: "officeDocument"), package.contains(part) { return part }
        guard package.contains("ppt/presentation.xml") else { throw .missingPart("ppt/presentation.xml") }
        return "ppt/presentation.xml"
    }

    /// The slide parts in `p:sldIdLst` order, each once. A deck without
    /// that list falls back to its slide relationships in name order.
    static func slideParts(of part: String, in package: OPCPackage) throws(ConversionError) -> [String] {
        let relationships = try package.relationshipsByID(of: part)
        // Slide ids sit in the slide list (and in custom shows); the rest,
        // mostly the default text style, goes unparsed.
        let reader = try package.xmlReader(for: part, droppingRootChildren: { $0 != "sldIdLst" && $0 != "custShowLst" })
        var slides: [String] = []
        var seen: Set<String> = []
        while try reader.read() {
            guard reader.kind == .startElement, reader.isElement("sldId", in: PPTXNamespace.presentation),
                  let id = reader.attribute("id", namespace: PPTXNamespace.relationships),
                  let relationship = relationships[id], relationship.hasType("slide"), !relationship.isExternal,
                  package.contains(relationship.target), seen.insert(relationship.target).inserted else { continue }
            slides.append(relationship.target)
        }
        if !slides.isEmpty { return slides }
        let fallback = try package.relationships(of: part).filter { $0.hasType("slide") && !$0.isExternal && package.contains($0.target) }
        return fallback.map { $0.target }.sorted(by: naturalOrder).reduce(into: []) { result, target in
            if !result.contains(target) { result.append(target) }
        }
    }

    /// `slide2.xml` before `slide10.xml`.
    private static func naturalOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = number(in: lhs)
        let right = number(in: rhs)
        if left != right { return left < right }
        return lhs < rhs
    }

    private static func number(in name: String) -> Int {
        let digits = name.reversed().drop(while: { !$0.isNumber }).prefix(while: { $0.isNumber })
        return Int(String(digits.reversed()).prefix(9)) ?? 0
    }
}
