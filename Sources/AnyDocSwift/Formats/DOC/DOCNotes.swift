/// Footnotes, endnotes and comments: the CP of each reference mark in the
/// main text, paired by order with the range of its text in the note's
/// own story.
struct DOCNotes {
    struct Note {
        let label: String
        /// Absolute CPs of the note's text.
        let range: Range<Int>
        let author: String?
    }

    private(set) var notes: [Note] = []
    /// Labels by the CP of their reference mark in the main text.
    private(set) var referenceLabels: [Int: String] = [:]

    init(document: DOCDocument, includeComments: Bool) {
        let fib = document.fib
        let lengths = fib.lengths
        let footnoteStart = lengths.main
        let commentStart = footnoteStart + lengths.footnotes + lengths.headers + lengths.macros
        let endnoteStart = commentStart + lengths.comments
        add(document, references: .footnoteReferences, texts: .footnoteTexts, referenceSize: 2,
            story: footnoteStart..<(footnoteStart + lengths.footnotes), prefix: "fn", authors: [])
        guard fib.version == .word97 else { return }
        add(document, references: .endnoteReferences, texts: .endnoteTexts, referenceSize: 2,
            story: endnoteStart..<(endnoteStart + lengths.endnotes), prefix: "en", authors: [])
        if includeComments {
            add(document, references: .commentReferences, texts: .commentTexts, referenceSize: 30,
                story: commentStart..<(commentStart + lengths.comments), prefix: "cm", authors: Self.commentAuthors(document))
        }
    }

    private mutating func add(
        _ document: DOCDocument, references: DOCFileInformationBlock.Structure, texts: DOCFileInformationBlock.Structure,
        referenceSize: Int, story: Range<Int>, prefix: String, authors: [String]
    ) {
        guard !story.isEmpty else { return }
        let referencePlc = DOCPlc(table: document.table, location: document.fib.location(references), elementSize: referenceSize)
        let textPlc = DOCPlc(table: document.table, location: document.fib.location(texts), elementSize: 0)
        for index in 0..<referencePlc.count {
            guard let relative = textPlc.range(index) else { break }
            let start = story.lowerBound + relative.lowerBound
            let end = min(story.lowerBound + relative.upperBound, story.upperBound)
            guard start < end else { continue }
            let label = prefix + String(index + 1)
            let referenceCP = referencePlc.positions[index]
            guard referenceCP >= 0, referenceCP < document.fib.lengths.main, referenceLabels[referenceCP] == nil else { continue }
            var author: String?
            if !authors.isEmpty, let owner = LittleEndian.uint16(Array(referencePlc.elements[index]), at: 20), Int(owner) < authors.count {
                author = authors[Int(owner)]
            }
            notes.append(Note(label: label, range: start..<end, author: author))
            referenceLabels[referenceCP] = label
        }
    }

    /// `GrpXstAtnOwners`: the comment authors' names, each a counted
    /// UTF-16 string, in the order comments index them.
    private static func commentAuthors(_ document: DOCDocument) -> [String] {
        let location = document.fib.location(.commentAuthors)
        let table = document.table
        guard !location.isEmpty, location.offset <= table.count, location.length <= table.count - location.offset else { return [] }
        var names: [String] = []
        var offset = location.offset
        let end = location.offset + location.length
        while offset + 2 <= end, let count = LittleEndian.uint16(table, at: offset) {
            let start = offset + 2
            let stop = start + 2 * Int(count)
            guard stop <= end else { break }
            var units: [UInt16] = []
            units.reserveCapacity(Int(count))
            for index in 0..<Int(count) { units.append(LittleEndian.uint16(table, at: start + 2 * index) ?? 0) }
            names.append(String(decoding: units, as: UTF16.self))
            offset = stop
        }
        return names
    }
}
