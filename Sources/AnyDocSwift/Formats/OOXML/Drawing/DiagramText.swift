/// The text of a SmartArt diagram as a nested list, from its data model:
/// the points a user typed, arranged by their parent–child connections.
/// When the model holds no text, the laid-out drawing's shapes are listed
/// instead.
enum DiagramText {
    private static let maxLevels = 9

    /// What a data model holds besides points, text and connections: each
    /// point's presentation settings and shape properties, text body
    /// settings, fonts and fills. Cut before parsing. Extension lists stay:
    /// the drawing's relationship id sits in one.
    static let unreadDataElements = XMLLocalNames([
        "prSet", "spPr", "bodyPr", "lstStyle", "bg", "whole",
        "latin", "ea", "cs", "solidFill", "defRPr", "endParaRPr",
    ])

    private struct Point {
        var type: String
        var text: [Inline]
    }

    private struct Connection {
        var source: String
        var destination: String
        var order: Int
    }

    /// The diagram whose data model is `dataPart`; `hostRelationships`
    /// are those of the slide or document part that shows it, which name
    /// its laid-out drawing.
    static func blocks(dataPart: String, hostRelationships: [String: Relationship], package: OPCPackage) -> [Block] {
        guard package.contains(dataPart) else { return [] }
        let relationships = (try? package.relationshipsByID(of: dataPart)) ?? [:]
        let text = DrawingText(relationships: relationships)
        var points: [(id: String, point: Point)] = []
        var connections: [Connection] = []
        var drawingID: String?
        do {
            let reader = try package.xmlReader(for: dataPart, cutting: .named(unreadDataElements))
            while try reader.read() {
                guard reader.kind == .startElement else { continue }
                let namespace = reader.namespace
                if PPTXNamespace.diagram.contains(namespace) {
                    switch reader.localName {
                    case "pt":
                        let element = try reader.readElement(maxNodes: 50_000)
                        guard let id = element.attribute("modelId") else { continue }
                        let type = element.attribute("type") ?? "node"
                        guard type == "node" || type == "asst" || type == "doc" else { continue }
                        let paragraphs = element.firstElement("t", in: namespace).map(text.paragraphs(inBody:)) ?? []
                        points.append((id, Point(type: type, text: joined(paragraphs))))
                    case "cxn":
                        let type = reader.attribute("type") ?? "parOf"
                        guard type == "parOf", let source = reader.attribute("srcId"), let destination = reader.attribute("destId") else { continue }
                        let order = reader.attribute("srcOrd").flatMap { Int($0) } ?? 0
                        connections.append(Connection(source: source, destination: destination, order: order))
                    default:
                        break
                    }
                } else if namespace == PPTXNamespace.diagramDrawing, reader.localName == "dataModelExt" {
                    drawingID = reader.attribute("relId")
                }
            }
        } catch {
            return []
        }
        let items = tree(points: points, connections: connections)
        if !items.isEmpty { return [.list(List(kind: .bullet, items: items))] }
        guard let drawingID, let drawing = hostRelationships[drawingID], !drawing.isExternal else { return [] }
        let texts = drawingText(drawing.target, package: package)
        return texts.isEmpty ? [] : [.list(List(kind: .bullet, items: texts.map { ListItem($0) }))]
    }

    /// Items from the document point down; a point without text passes
    /// its children up to its own level.
    private static func tree(points: [(id: String, point: Point)], connections: [Connection]) -> [ListItem] {
        var byID: [String: Point] = [:]
        for (id, point) in points where byID[id] == nil { byID[id] = point }
        var children: [String: [Connection]] = [:]
        for connection in connections { children[connection.source, default: []].append(connection) }
        var visited: Set<String> = []

        func items(below id: String, level: Int) -> [ListItem] {
            guard level < maxLevels, let links = children[id] else { return [] }
            var result: [ListItem] = []
            for link in links.sorted(by: { $0.order < $1.order }) {
                guard let point = byID[link.destination], visited.insert(link.destination).inserted else { continue }
                let nested = items(below: link.destination, level: level + 1)
                if point.text.isEmpty {
                    result += nested
                    continue
                }
                var item = ListItem(point.text)
                if !nested.isEmpty { item.blocks.append(.list(List(kind: .bullet, items: nested))) }
                result.append(item)
            }
            return result
        }

        var result: [ListItem] = []
        for (id, point) in points where point.type == "doc" && visited.insert(id).inserted {
            result += items(below: id, level: 0)
        }
        return result
    }

    /// A point's paragraphs on separate lines.
    private static func joined(_ paragraphs: [DrawingParagraph]) -> [Inline] {
        var result: [Inline] = []
        for paragraph in paragraphs {
            let content = paragraph.displayMath.map { [Inline.math($0)] } ?? paragraph.content
            guard !content.isEmpty else { continue }
            if !result.isEmpty { result.append(.lineBreak) }
            result += content
        }
        return result
    }

    /// The text of each shape of the drawing part, in document order.
    private static func drawingText(_ part: String, package: OPCPackage) -> [[Inline]] {
        guard package.contains(part) else { return [] }
        let text = DrawingText(relationships: (try? package.relationshipsByID(of: part)) ?? [:])
        var result: [[Inline]] = []
        do {
            let reader = try package.xmlReader(for: part)
            while try reader.read() {
                guard reader.kind == .startElement, reader.namespace == PPTXNamespace.diagramDrawing,
                      reader.localName == "txBody" else { continue }
                let content = joined(text.paragraphs(inBody: try reader.readElement(maxNodes: 50_000)))
                if !content.isEmpty { result.append(content) }
            }
        } catch {
            return result
        }
        return result
    }
}
