@testable import AnyDocSwift

/// Runs the PPT converter on bytes, as `AnyDocConverter` does once `.ppt`
/// routes to it.
enum PPTTestSupport {
    static func input(_ bytes: [UInt8], options: ConversionOptions = ConversionOptions(), fileName: String? = nil) -> ConversionInput {
        ConversionInput(
            bytes: bytes, format: .ppt, options: options,
            deadline: Deadline(secondsFromNow: options.limits.timeLimitSeconds), fileName: fileName)
    }

    static func markdown(
        _ bytes: [UInt8], options: ConversionOptions = ConversionOptions(), markdown markdownOptions: MarkdownOptions = .default
    ) throws(ConversionError) -> String {
        let output = StringOutput()
        let writer = MarkdownWriter(output: output, options: markdownOptions, limits: options.limits)
        try PPTConverter.convert(input(bytes, options: options), into: writer)
        try writer.finish()
        return output.text
    }

    static func document(_ bytes: [UInt8], options: ConversionOptions = ConversionOptions()) throws(ConversionError) -> Document {
        let collector = DocumentCollector()
        try PPTConverter.convert(input(bytes, options: options), into: collector)
        return collector.document
    }
}

/// Writes PowerPoint Document streams record by record, so tests can
/// build exactly the structure they need (or break exactly one thing),
/// and wraps them in a compound file with a Current User stream.
enum PPTStreamBuilder {
    static func record(_ type: UInt16, instance: UInt16 = 0, body: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        LittleEndian.append(instance << 4, to: &bytes)
        LittleEndian.append(type, to: &bytes)
        LittleEndian.append(UInt32(body.count), to: &bytes)
        return bytes + body
    }

    static func container(_ type: UInt16, instance: UInt16 = 0, _ children: [[UInt8]]) -> [UInt8] {
        var bytes = record(type, instance: instance, body: children.flatMap { $0 })
        bytes[0] |= 0xF
        return bytes
    }

    static func words(_ values: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in values { LittleEndian.append(value, to: &bytes) }
        return bytes
    }

    /// A TextHeaderAtom and TextCharsAtom: one text of `type`.
    static func text(_ string: String, type: UInt32) -> [[UInt8]] {
        var units: [UInt8] = []
        for unit in string.utf16 { LittleEndian.append(unit, to: &units) }
        return [record(PPTRecordType.textHeaderAtom, body: words([type])), record(PPTRecordType.textCharsAtom, body: units)]
    }

    /// A text from raw UTF-16 units, for characters a Swift string cannot hold.
    static func text(units: [UInt16], type: UInt32) -> [[UInt8]] {
        var bytes: [UInt8] = []
        for unit in units { LittleEndian.append(unit, to: &bytes) }
        return [record(PPTRecordType.textHeaderAtom, body: words([type])), record(PPTRecordType.textCharsAtom, body: bytes)]
    }

    /// A document container whose slide list names `slideCount` slides
    /// (persist ids 2…), each followed by its texts' records.
    static func document(slideTexts: [[[UInt8]]]) -> [UInt8] {
        var list: [[UInt8]] = []
        for (index, texts) in slideTexts.enumerated() {
            list.append(record(PPTRecordType.slidePersistAtom, body: words([UInt32(2 + index), 0, UInt32(texts.count), UInt32(256 + index), 0])))
            list += texts
        }
        return container(PPTRecordType.document, [container(PPTRecordType.slideListWithText, list)])
    }

    /// A slide container with a SlideAtom, when hidden the show flag, and
    /// a drawing when there are shapes.
    static func slide(hidden: Bool = false, shapes: [[UInt8]] = []) -> [UInt8] {
        var children = [record(PPTRecordType.slideAtom, body: [UInt8](repeating: 0, count: 24))]
        if hidden {
            children.append(record(PPTRecordType.slideShowSlideInfoAtom, body: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x04, 0, 0, 0, 0, 0]))
        }
        if !shapes.isEmpty {
            let canvas = container(PPTRecordType.drawingContainer, [group(shapes)])
            children.append(container(PPTRecordType.drawing, [canvas]))
        }
        return container(PPTRecordType.slide, children)
    }

    /// A group: its own shape (flagged as a group) first, then members.
    static func group(_ members: [[UInt8]]) -> [UInt8] {
        let own = container(PPTRecordType.shapeContainer, [record(PPTRecordType.shapeAtom, body: words([1, 0x0000_0005]))])
        return container(PPTRecordType.groupContainer, [own] + members)
    }

    /// A text box at (left, top) in master units; `text` is the records
    /// of its ClientTextbox, `placeholder` an OEPlaceholderAtom placement.
    static func textBox(left: Int16, top: Int16, placeholder: UInt8? = nil, text: [[UInt8]]) -> [UInt8] {
        var anchor: [UInt8] = []
        for value in [top, left, left + 100, top + 50] { LittleEndian.append(UInt16(bitPattern: value), to: &anchor) }
        var children = [record(PPTRecordType.shapeAtom, instance: 202, body: words([2, 0x0A00])), record(PPTRecordType.clientAnchor, body: anchor)]
        if let placeholder {
            let atom = record(PPTRecordType.placeholderAtom, body: words([0]) + [placeholder, 0, 0, 0])
            children.append(container(PPTRecordType.clientData, [atom]))
        }
        children.append(container(PPTRecordType.clientTextbox, text))
        return container(PPTRecordType.shapeContainer, children)
    }

    /// An OutlineTextRefAtom: the slide list's n-th text of this slide.
    static func listedText(_ index: UInt32) -> [[UInt8]] {
        [record(PPTRecordType.outlineTextReferenceAtom, body: words([index]))]
    }

    /// A persist directory atom for consecutive ids from `firstID`.
    static func persistDirectory(firstID: UInt32, offsets: [Int]) -> [UInt8] {
        record(PPTRecordType.persistDirectoryAtom, body: words([firstID | UInt32(offsets.count) << 20] + offsets.map { UInt32($0) }))
    }

    static func userEdit(previous: Int, directory: Int, documentID: UInt32 = 1) -> [UInt8] {
        record(PPTRecordType.userEditAtom, body: words([0, 0x0300_03F4, UInt32(previous), UInt32(directory), documentID, 100, 1]))
    }

    /// A whole stream: the document, then its slides, the persist
    /// directory and one user edit. Returns the stream and the edit's offset.
    static func stream(slideTexts: [[[UInt8]]], hidden: Set<Int> = [], shapes: [[[UInt8]]] = []) -> (bytes: [UInt8], edit: Int) {
        var bytes = document(slideTexts: slideTexts)
        var offsets = [0]
        for index in slideTexts.indices {
            offsets.append(bytes.count)
            bytes += slide(hidden: hidden.contains(index), shapes: shapes.indices.contains(index) ? shapes[index] : [])
        }
        let directory = bytes.count
        bytes += persistDirectory(firstID: 1, offsets: offsets)
        let edit = bytes.count
        bytes += userEdit(previous: 0, directory: directory)
        return (bytes, edit)
    }

    static func currentUser(editOffset: Int, token: UInt32 = 0xE391_C05F) -> [UInt8] {
        record(PPTRecordType.currentUserAtom, body: words([20, token, UInt32(editOffset)]) + [0, 0, 0xF4, 0x03, 3, 0, 0, 0])
    }

    static func file(stream: [UInt8], currentUser: [UInt8]) -> [UInt8] {
        CompoundFileFixture(streams: [("Current User", currentUser), ("PowerPoint Document", stream)]).build().bytes
    }
}
