import AnyDocProjects
import AnyDocSwift
import Foundation

/// `anydoc convert FILE --chunks`: the Markdown cut into sections (by
/// heading, page, slide or sheet, and by size) as JSON Lines, for
/// retrieval pipelines. The same splitter feeds project search.
enum ChunkOutput {
    private struct Chunk: Encodable {
        let headingPath: [String]
        let page: Int?
        let slide: Int?
        let sheet: String?
        /// Start and length in Unicode scalars of the Markdown.
        let offset: Int
        let length: Int
        let text: String

        enum CodingKeys: String, CodingKey {
            case headingPath = "heading_path", page, slide, sheet, offset, length, text
        }
    }

    static func write(markdown: String, format: DocumentFormat?, maxLength: Int) throws(ConversionError) {
        let hint: SectionSplitter.DocumentFormatFamilyHint
        switch format?.family {
        case .presentation?: hint = .presentation
        case .spreadsheet?: hint = .spreadsheet
        default: hint = .other
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = ""
        for section in SectionSplitter.split(markdown, format: hint, maxLength: maxLength) {
            let location = section.location
            let chunk = Chunk(
                headingPath: section.headingPath,
                page: location?.kind == .page ? location?.number : nil,
                slide: location?.kind == .slide ? location?.number : nil,
                sheet: location?.kind == .sheet ? location?.name : nil,
                offset: section.offset, length: section.length, text: section.text)
            guard let data = try? encoder.encode(chunk) else { continue }
            output += String(decoding: data, as: UTF8.self) + "\n"
        }
        try FileDescriptorOutput(descriptor: 1).write(output)
    }
}
