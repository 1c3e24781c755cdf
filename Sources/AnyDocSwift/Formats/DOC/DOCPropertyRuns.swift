/// Paragraph or character formatting as stored: runs of stream offsets
/// (FCs) that share one list of sprms, gathered from the 512-byte
/// formatted disk pages (FKPs) a bin table (`PlcBtePapx`/`PlcBteChpx`)
/// points to.
struct DOCPropertyRuns {
    struct Run {
        let startFC: Int
        let endFC: Int
        /// The paragraph style (istd) of a paragraph run; 0 for characters.
        let style: Int
        let sprms: ArraySlice<UInt8>
    }

    enum Kind { case paragraph, character }

    private static let pageSize = 512

    /// Sorted by `startFC`.
    let runs: [Run]

    init(runs: [Run]) {
        self.runs = runs.sorted { $0.startFC < $1.startFC }
    }

    /// Reads the bin table at `location` in `table` and every page it names
    /// in `stream` (each page once, however often it is named).
    init(
        kind: Kind, location: DOCFileInformationBlock.Location, table: [UInt8], stream: [UInt8],
        fib: DOCFileInformationBlock
    ) throws(ConversionError) {
        guard !location.isEmpty else {
            self.init(runs: [])
            return
        }
        guard location.offset <= table.count, location.length <= table.count - location.offset else {
            throw .malformed("Word formatting table lies outside its stream")
        }
        let pageNumberSize = fib.version == .word6 ? 2 : 4
        let count = (location.length - 4) / (4 + pageNumberSize)
        var pageNumbers: [Int] = []
        let numbersStart = location.offset + 4 * (count + 1)
        for index in 0..<max(count, 0) {
            let at = numbersStart + pageNumberSize * index
            let number = pageNumberSize == 2 ? LittleEndian.uint16(table, at: at).map(Int.init) : LittleEndian.uint32(table, at: at).map(Int.init)
            if let number { pageNumbers.append(number) }
        }
        if fib.version == .word6 {
            // Word 6 may list fewer pages than it has; the rest follow on.
            let declared = kind == .paragraph ? fib.word6ParagraphPages.count : fib.word6CharacterPages.count
            var next = (pageNumbers.last ?? 0) + 1
            while pageNumbers.count < declared, next < stream.count / Self.pageSize {
                pageNumbers.append(next)
                next += 1
            }
        }
        var seen = Set<Int>()
        var runs: [Run] = []
        for number in pageNumbers where seen.insert(number).inserted {
            let start = number * Self.pageSize
            guard number >= 0, start <= stream.count - Self.pageSize else { continue }
            Self.readPage(stream[start..<(start + Self.pageSize)], kind: kind, version: fib.version, into: &runs)
        }
        self.init(runs: runs)
    }

    /// The run whose range holds `fc`.
    func run(containing fc: Int) -> Run? {
        var low = 0
        var high = runs.count - 1
        var candidate: Int?
        while low <= high {
            let middle = (low + high) / 2
            if runs[middle].startFC <= fc {
                candidate = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        guard let candidate, fc < runs[candidate].endFC else { return nil }
        return runs[candidate]
    }

    /// The start of the first run after `fc`, for skipping unformatted gaps.
    func nextStart(after fc: Int) -> Int? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].startFC <= fc { low = middle + 1 } else { high = middle }
        }
        return low < runs.count ? runs[low].startFC : nil
    }

    /// One FKP: `crun` in its last byte, `crun + 1` FCs, then one entry per
    /// run (a byte offset in words, plus 12 or 6 bytes of paragraph height
    /// for paragraphs) pointing at the run's properties within the page.
    private static func readPage(_ page: ArraySlice<UInt8>, kind: Kind, version: DOCFileInformationBlock.Version, into runs: inout [Run]) {
        let base = page.startIndex
        let runCount = Int(page[base + pageSize - 1])
        let entrySize = kind == .character ? 1 : (version == .word6 ? 7 : 13)
        let entriesStart = 4 * (runCount + 1)
        guard entriesStart + runCount * entrySize <= pageSize - 1 else { return }
        func fc(_ index: Int) -> Int {
            let at = base + 4 * index
            return Int(page[at]) | Int(page[at + 1]) << 8 | Int(page[at + 2]) << 16 | Int(page[at + 3]) << 24
        }
        for index in 0..<runCount {
            let start = fc(index)
            let end = fc(index + 1)
            guard start < end else { continue }
            let offset = 2 * Int(page[base + entriesStart + entrySize * index])
            var style = 0
            var sprms = page[base..<base]
            if offset > 0, offset < pageSize - 1 {
                let at = base + offset
                let limit = base + pageSize - 1
                switch kind {
                case .character:
                    let length = Int(page[at])
                    if at + 1 + length <= limit { sprms = page[(at + 1)..<(at + 1 + length)] }
                case .paragraph:
                    var length = 2 * Int(page[at]) - 1
                    var dataStart = at + 1
                    if page[at] == 0 {
                        guard version == .word97 else { break }
                        length = 2 * Int(page[at + 1])
                        dataStart = at + 2
                    }
                    guard length >= 2, dataStart + length <= limit else { break }
                    style = Int(page[dataStart]) | Int(page[dataStart + 1]) << 8
                    sprms = page[(dataStart + 2)..<(dataStart + length)]
                }
            }
            runs.append(Run(startFC: start, endFC: end, style: style, sprms: sprms))
        }
    }
}
