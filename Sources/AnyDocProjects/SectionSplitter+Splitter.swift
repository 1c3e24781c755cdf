extension SectionSplitter {
    /// The splitter's state as it reads a document line by line: the
    /// piece being gathered (its Markdown bytes, where it starts, and the
    /// code fence open there, which its reader text needs to know).
    struct Splitter {
        let format: DocumentFormatFamilyHint
        let maxLength: Int
        private(set) var sections: [Section] = []
        private var headings: [(level: Int, text: String)] = []
        private var location: SourceLocation?
        private var current: [UInt8] = []
        private var currentStart = 0
        private var currentLength = 0
        private var currentFence: MarkdownLines.Fence?
        /// Where a blank line outside code starts in `current`: the best cut.
        private var lastBlank: (bytes: Int, scalars: Int)?
        private var offset = 0
        private var fence: MarkdownLines.Fence?

        init(format: DocumentFormatFamilyHint, maxLength: Int) {
            self.format = format
            self.maxLength = maxLength
        }

        /// Reads one line, its line break included.
        mutating func add(line full: ArraySlice<UInt8>) {
            let line = full.last == 0x0A ? full.dropLast() : full
            let scalars = full.count(where: { $0 & 0xC0 != 0x80 })
            let fenceBefore = fence
            var heading: (level: Int, text: String)?
            var startsSection = false
            var newLocation = location
            if let open = fence {
                if MarkdownLines.closesFence(line, open) { fence = nil }
            } else if let marker = MarkdownLines.opensFence(line) {
                fence = marker
            } else if let page = MarkdownLines.pageMarker(line) {
                startsSection = true
                newLocation = SourceLocation(kind: .page, number: page)
            } else if let found = MarkdownLines.atxHeading(line) {
                startsSection = true
                heading = (found.level, ReaderText.inline(found.text))
                newLocation = headingLocation(heading!) ?? newLocation
            }
            if startsSection {
                flush()
                location = newLocation
                if let heading {
                    while let last = headings.last, last.level >= heading.level { headings.removeLast() }
                    headings.append(heading)
                }
            } else {
                makeRoom(for: scalars, fence: fenceBefore)
                if fenceBefore == nil, MarkdownLines.isBlank(line) { lastBlank = (current.count, currentLength) }
            }
            if scalars > maxLength {
                addLong(full, fence: fenceBefore)
            } else {
                current.append(contentsOf: full)
                currentLength += scalars
            }
            offset += scalars
        }

        /// The sheet or slide a level-2 heading names, by the source's family.
        private func headingLocation(_ heading: (level: Int, text: String)) -> SourceLocation? {
            guard heading.level == 2 else { return nil }
            switch format {
            case .presentation:
                return slideNumber(heading.text).map { SourceLocation(kind: .slide, number: $0.number, name: $0.title) }
            case .spreadsheet:
                return SourceLocation(kind: .sheet, name: heading.text)
            case .other:
                return nil
            }
        }

        /// Ends pieces until a line of `scalars` fits: at the last blank
        /// line when there is one, else here.
        private mutating func makeRoom(for scalars: Int, fence: MarkdownLines.Fence?) {
            guard currentLength > 0, currentLength + scalars > maxLength else { return }
            if let blank = lastBlank, blank.scalars > 0 {
                flush(upTo: blank, tailFence: nil)
                if currentLength + scalars <= maxLength { return }
            }
            flush(upTo: (current.count, currentLength), tailFence: fence)
        }

        /// A line longer than a piece: cut into pieces after a space or a
        /// `>` in the second half of each, else at the length.
        private mutating func addLong(_ line: ArraySlice<UInt8>, fence: MarkdownLines.Fence?) {
            var rest = line
            while !rest.isEmpty {
                var end = rest.startIndex
                var scalars = 0
                var cut: (end: Int, scalars: Int)?
                while end < rest.endIndex, scalars < maxLength {
                    let byte = rest[end]
                    end += 1
                    while end < rest.endIndex, rest[end] & 0xC0 == 0x80 { end += 1 }
                    scalars += 1
                    if (byte == 0x20 || byte == UInt8(ascii: ">")) && scalars * 2 >= maxLength { cut = (end, scalars) }
                }
                if end < rest.endIndex, let cut { (end, scalars) = cut }
                current.append(contentsOf: rest[rest.startIndex..<end])
                currentLength += scalars
                rest = rest[end...]
                if !rest.isEmpty { flush(upTo: (current.count, currentLength), tailFence: fence) }
            }
        }

        /// Ends the piece being gathered.
        mutating func flush() {
            flush(upTo: (current.count, currentLength), tailFence: nil)
            currentStart = offset
        }

        /// Makes a section of the first `cut` of the piece; the rest, which
        /// starts inside `tailFence` when one is open there, goes on.
        private mutating func flush(upTo cut: (bytes: Int, scalars: Int), tailFence: MarkdownLines.Fence?) {
            let text = ReaderText.of(current[0..<cut.bytes], fence: currentFence)
            if !text.isEmpty {
                sections.append(Section(headingPath: headings.map(\.text), location: location,
                                        offset: currentStart, length: cut.scalars, text: text))
            }
            current.removeFirst(cut.bytes)
            currentStart += cut.scalars
            currentLength -= cut.scalars
            currentFence = tailFence
            lastBlank = nil
        }
    }
}
