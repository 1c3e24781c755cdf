/// Reads the shapes of a slide's or notes page's drawing: PPDrawing →
/// OfficeArtDgContainer → the patriarch group, whose members are shape
/// containers and nested groups. Each shape gives its placeholder, its
/// anchor and its text box (inline text or a reference into the slide
/// list); a group flagged as a table gives its cells.
struct PPTDrawingReader {
    let reader: PPTRecordReader
    let hyperlinks: [Int: String]

    /// MS-ODRAW shape type of straight lines: table borders, never cells.
    private static let lineShapeType: UInt16 = 20
    /// MS-ODRAW `tableProperties`, set on a group that is a table.
    private static let tablePropertiesID: UInt16 = 0x039F

    /// The shapes of a slide or notes container, in drawing order.
    func shapes(in container: PPTRecord) throws(ConversionError) -> [PPTShape] {
        guard let drawing = try reader.child(of: container, type: PPTRecordType.drawing),
              let canvas = try reader.child(of: drawing, type: PPTRecordType.drawingContainer),
              let patriarch = try reader.child(of: canvas, type: PPTRecordType.groupContainer) else { return [] }
        var members = Members(keepsCells: false)
        try read(patriarch, depth: 1, map: .identity, into: &members)
        return members.shapes
    }

    /// A group's members as read: its shapes, or for a table its cells
    /// (any text box may be one). Every member is read either way, so the
    /// records visited do not depend on what is kept.
    private struct Members {
        let keepsCells: Bool
        var shapes: [PPTShape] = []
        var cells: [PPTTableCell] = []
    }

    /// `map` takes the group's own coordinates to the slide's.
    private func read(_ group: PPTRecord, depth: Int, map: PPTCoordinateMap, into members: inout Members) throws(ConversionError) {
        guard depth <= reader.maxDepth else {
            throw .resourceLimit("drawing groups nest deeper than \(reader.maxDepth) levels")
        }
        var children = reader.children(of: group)
        while let child = try children.next() {
            switch child.type {
            case PPTRecordType.shapeContainer:
                try shape(child, map: map, into: &members)
            case PPTRecordType.groupContainer:
                if let shape = try nestedGroup(child, depth: depth + 1, map: map), !members.keepsCells {
                    members.shapes.append(shape)
                }
            default:
                break
            }
        }
    }

    /// A nested group: its first shape container describes the group
    /// itself (anchor in the parent's coordinates, its own coordinate
    /// space, table flag), the rest are its members.
    private func nestedGroup(_ group: PPTRecord, depth: Int, map: PPTCoordinateMap) throws(ConversionError) -> PPTShape? {
        var anchor: PPTRect?
        var space: PPTRect?
        var isTable = false
        if let header = try reader.child(of: group, type: PPTRecordType.shapeContainer), try isGroupHeader(header) {
            var records = reader.children(of: header)
            while let record = try records.next() {
                if let rect = self.anchor(record) { anchor = rect }
                if record.type == PPTRecordType.groupShapeAtom { space = rectangle(record) }
                if record.type == PPTRecordType.tertiaryProperties, try hasTableFlag(record) { isTable = true }
            }
        }
        var inner = map
        if let anchor, let space { inner = PPTCoordinateMap(from: space, to: anchor).followed(by: map) }
        var members = Members(keepsCells: isTable)
        try read(group, depth: depth, map: inner, into: &members)
        anchor = anchor.map(map.apply)
        if isTable {
            return PPTShape(anchor: anchor, content: .table(members.cells))
        }
        return members.shapes.isEmpty ? nil : PPTShape(anchor: anchor, content: .group(members.shapes))
    }

    private func isGroupHeader(_ container: PPTRecord) throws(ConversionError) -> Bool {
        guard let atom = try reader.child(of: container, type: PPTRecordType.shapeAtom),
              let flags = reader.uint32(atom, at: 4) else { return false }
        return flags & 0x1 != 0
    }

    /// Reads a shape container into `members`: as a shape when it shows
    /// anything, as a cell when it is a text box other than a line.
    private func shape(_ container: PPTRecord, map: PPTCoordinateMap, into members: inout Members) throws(ConversionError) {
        var placeholder: UInt8?
        var placeholderPosition = 0
        var anchor: PPTRect?
        var content = PPTShape.Content.none
        var shapeType: UInt16 = 0
        var hasTextBox = false
        var autoNumbers: [Int?] = []
        var records = reader.children(of: container)
        while let record = try records.next() {
            if Self.isAnchor(record), let rect = self.anchor(record) {
                anchor = map.apply(rect)
                continue
            }
            switch record.type {
            case PPTRecordType.shapeAtom:
                // A group's own shape: its group reads it.
                if let flags = reader.uint32(record, at: 4), flags & 0x1 != 0 { return }
                shapeType = record.instance
            case PPTRecordType.clientData:
                if let atom = try reader.child(of: record, type: PPTRecordType.placeholderAtom),
                   let placement = reader.uint8(atom, at: 4) {
                    placeholder = placement
                    placeholderPosition = reader.int32(atom, at: 0) ?? 0
                }
                autoNumbers = try PPTAutoNumbering.entries(inClientData: record, reader: reader)
            case PPTRecordType.clientTextbox:
                hasTextBox = true
                content = try textContent(record)
            default:
                break
            }
        }
        if !autoNumbers.isEmpty, case .text(var text) = content {
            content = .none
            text.autoNumbers = autoNumbers
            content = .text(text)
        }
        if members.keepsCells {
            // Any text box may be a table cell, even an empty one; lines are borders.
            guard hasTextBox, shapeType != Self.lineShapeType, let rect = anchor else { return }
            var text: PPTTextBody?
            if case .text(let body) = content { text = body }
            members.cells.append(PPTTableCell(rect: rect, text: text))
            return
        }
        if case .none = content { return }
        members.shapes.append(PPTShape(
            placeholder: placeholder, placeholderPosition: placeholderPosition, anchor: anchor, content: content))
    }

    private func textContent(_ box: PPTRecord) throws(ConversionError) -> PPTShape.Content {
        var collector = PPTTextCollector(reader: reader, hyperlinks: hyperlinks)
        var records = reader.children(of: box)
        while let record = try records.next() {
            if record.type == PPTRecordType.outlineTextReferenceAtom, let index = reader.uint32(record, at: 0) {
                return .listedText(Int(index))
            }
            try collector.add(record)
        }
        return collector.texts.first.map { .text($0) } ?? .none
    }

    /// Whether `anchor` reads the record: most records of a shape are not anchors.
    @inline(__always)
    private static func isAnchor(_ record: PPTRecord) -> Bool {
        record.type == PPTRecordType.clientAnchor || record.type == PPTRecordType.childAnchor
    }

    /// A ClientAnchor (top, left, right, bottom; 16-bit or 32-bit) or a
    /// ChildAnchor (left, top, right, bottom; 32-bit).
    private func anchor(_ record: PPTRecord) -> PPTRect? {
        switch record.type {
        case PPTRecordType.clientAnchor where record.length >= 16:
            guard let top = reader.int32(record, at: 0), let left = reader.int32(record, at: 4),
                  let right = reader.int32(record, at: 8), let bottom = reader.int32(record, at: 12) else { return nil }
            return PPTRect(left: left, top: top, right: right, bottom: bottom)
        case PPTRecordType.clientAnchor:
            guard let top = reader.int16(record, at: 0), let left = reader.int16(record, at: 2),
                  let right = reader.int16(record, at: 4), let bottom = reader.int16(record, at: 6) else { return nil }
            return PPTRect(left: left, top: top, right: right, bottom: bottom)
        case PPTRecordType.childAnchor:
            return rectangle(record)
        default:
            return nil
        }
    }

    /// Four 32-bit values: left, top, right, bottom.
    private func rectangle(_ record: PPTRecord) -> PPTRect? {
        guard let left = reader.int32(record, at: 0), let top = reader.int32(record, at: 4),
              let right = reader.int32(record, at: 8), let bottom = reader.int32(record, at: 12) else { return nil }
        return PPTRect(left: left, top: top, right: right, bottom: bottom)
    }

    /// Properties are 6 bytes each (id with flags, value); the count is
    /// the record's instance.
    private func hasTableFlag(_ properties: PPTRecord) throws(ConversionError) -> Bool {
        for index in 0..<Int(properties.instance) {
            guard let id = reader.uint16(properties, at: 6 * index), let value = reader.uint32(properties, at: 6 * index + 2) else {
                return false
            }
            try reader.countVisit()
            if id & 0x3FFF == Self.tablePropertiesID { return value & 0x1 != 0 }
        }
        return false
    }
}
