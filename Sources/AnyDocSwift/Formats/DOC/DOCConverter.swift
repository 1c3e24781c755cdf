/// Legacy Word documents (.doc): Word 97–2003 binary files and the Word
/// 6.0/95 files before them.
///
/// The text comes through the piece table; paragraph and character
/// formatting from the FKPs and the style sheet; tables from cell and row
/// marks; lists from the list tables; footnotes, endnotes and comments
/// from their subdocuments; headers and footers when asked for. Text
/// boxes are not read.
enum DOCConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let file = try input.compoundFile()
        let document = try DOCDocument(file: file, input: input)
        try input.deadline.check()

        var metadata = Metadata(sourceFormat: input.format)
        if sink.needsMetadata { file.readSummary(into: &metadata) }

        let notes = DOCNotes(document: document, includeComments: input.options.includeComments)
        var reader = DOCStoryReader(document: document, input: input, lists: document.lists, noteReferences: notes.referenceLabels)
        var blocks = try reader.blocks(0..<document.fib.lengths.main)
        if input.options.includeHeadersAndFooters {
            // All header and footer stories are one range; each distinct
            // block is kept once (the same footer repeats per section).
            let lengths = document.fib.lengths
            let start = lengths.main + lengths.footnotes
            var headerReader = DOCStoryReader(
                document: document, input: input, lists: reader.lists, noteReferences: [:], cellCount: reader.cellCount)
            var seen: [Block] = []
            for block in try headerReader.blocks(start..<(start + lengths.headers)) where !seen.contains(block) {
                seen.append(block)
            }
            blocks += seen
        }

        var footnotes: [FootnoteDefinition] = []
        for note in notes.notes {
            try input.deadline.check()
            var noteReader = DOCStoryReader(
                document: document, input: input, lists: reader.lists, noteReferences: [:], cellCount: reader.cellCount)
            var noteBlocks = try noteReader.blocks(note.range)
            if let author = note.author, !author.isEmpty {
                if case .paragraph(let content)? = noteBlocks.first {
                    noteBlocks[0] = .paragraph([.strong([.text(author + ":")]), .text(" ")] + content)
                } else {
                    noteBlocks.insert(.paragraph([.strong([.text(author + ":")])]), at: 0)
                }
            }
            footnotes.append(FootnoteDefinition(label: note.label, blocks: noteBlocks))
        }
        let converted = Document(metadata: metadata, blocks: blocks, footnotes: footnotes)
        try sink.append(contentsOf: AnchorCleanup.apply(to: converted))
    }
}
