/// Subtitles and captions (WebVTT, SubRip) read as a transcript: the text
/// of each cue in order, one paragraph per cue, without cue numbers,
/// timings, styling or settings blocks. Rolling captions repeat the
/// previous cue's last line at the top of the next; the repeat is dropped.
enum SubtitleConverter: FormatConverter {
    static func convert(_ input: ConversionInput, into sink: DocumentSink) throws(ConversionError) {
        let decoded = try TextDecoder.decode(input.bytes, nul: .reject)
        sink.setMetadata(decoded.metadata(format: input.format))
        var previous: [String] = []
        var cues = 0
        for cue in SubtitleCues.texts(in: String(decoding: decoded.utf8, as: UTF8.self)) {
            cues += 1
            if cues % 512 == 0 { try input.deadline.check() }
            var lines = cue
            while let first = lines.first, previous.last == first { lines.removeFirst() }
            previous = cue
            guard !lines.isEmpty else { continue }
            var inlines: [Inline] = []
            for line in lines {
                if !inlines.isEmpty { inlines.append(.lineBreak) }
                inlines.append(.text(line))
            }
            try sink.append(.paragraph(inlines))
        }
    }
}
