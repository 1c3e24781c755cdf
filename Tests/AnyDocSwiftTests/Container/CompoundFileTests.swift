import Testing
@testable import AnyDocSwift

@Suite struct CompoundFileTests {
    private static let big = [UInt8]((0..<5000).map { UInt8($0 % 253) })
    /// Two mini sectors long, so a damaged mini chain is noticed.
    private static let small = Array(String(repeating: "a small stream in the mini stream. ", count: 3).utf8)

    private func fixture() -> (bytes: [UInt8], layout: CompoundFileFixture.Layout) {
        CompoundFileFixture(streams: [("Big", Self.big), ("Small", Self.small)]).build()
    }

    private func kind(of body: () throws -> Void) -> ConversionError.Kind? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ConversionError)?.kind
        }
    }

    @Test func readsRegularAndMiniStreams() throws {
        let file = try CompoundFile(fixture().bytes)
        #expect(file.children(of: file.root).map(\.name) == ["Big", "Small"])
        #expect(try file.read(path: "big") == Self.big)
        #expect(try file.read(path: "/Small") == Self.small)
        let bigEntry = try #require(file.entry(named: "BIG"))
        #expect(try file.read(bigEntry, maxBytes: 10) == Array(Self.big.prefix(10)))
        #expect(kind { _ = try file.read(path: "Absent") } == .missingPart)
    }

    @Test func refusesBadHeaders() {
        let good = fixture().bytes
        var badSignature = good
        badSignature[0] = 0
        #expect(kind { _ = try CompoundFile(badSignature) } == .malformed)
        var badShift = good
        CompoundFileFixture.put16(&badShift, 0x1E, 13)
        #expect(kind { _ = try CompoundFile(badShift) } == .malformed)
        var hugeShift = good
        CompoundFileFixture.put16(&hugeShift, 0x1E, 0xFFFF)
        #expect(kind { _ = try CompoundFile(hugeShift) } == .malformed)
        var badVersion = good
        CompoundFileFixture.put16(&badVersion, 0x1A, 7)
        #expect(kind { _ = try CompoundFile(badVersion) } == .malformed)
        #expect(kind { _ = try CompoundFile(Array(good.prefix(300))) } == .malformed)
        var tooManyFATSectors = good
        CompoundFileFixture.put32(&tooManyFATSectors, 0x2C, 0xFFFF_FFF0)
        #expect(kind { _ = try CompoundFile(tooManyFATSectors) } == .malformed)
        var fatBeyondEnd = good
        CompoundFileFixture.put32(&fatBeyondEnd, 0x4C, 0x00FF_FFFF)
        #expect(kind { _ = try CompoundFile(fatBeyondEnd) } == .malformed)
    }

    @Test func refusesAFATCycle() throws {
        let (good, layout) = fixture()
        var bytes = good
        // The big stream's second sector links back to its first.
        let first = Int(layout.startSectors[0])
        CompoundFileFixture.put32(&bytes, layout.fatOffset + 4 * (first + 1), UInt32(first))
        let file = try CompoundFile(bytes)
        #expect(kind { _ = try file.read(path: "Big") } == .malformed)
        #expect(try file.read(path: "Small") == Self.small)
    }

    @Test func refusesADirectoryChainCycle() {
        var bytes = fixture().bytes
        // The directory sector (1) links to itself.
        CompoundFileFixture.put32(&bytes, 512 + 4, 1)
        #expect(kind { _ = try CompoundFile(bytes) } == .malformed)
    }

    @Test func refusesAMiniFATCycle() throws {
        let (good, layout) = fixture()
        var bytes = good
        let miniFAT = try #require(layout.miniFATSector)
        // The small stream's first mini sector links to itself instead of
        // to its second.
        CompoundFileFixture.put32(&bytes, (Int(miniFAT) + 1) * 512 + 4 * Int(layout.startSectors[1]), layout.startSectors[1])
        let file = try CompoundFile(bytes)
        #expect(kind { _ = try file.read(path: "Small") } == .malformed)
    }

    @Test func refusesADirectoryTreeCycle() {
        var bytes = fixture().bytes
        // Entry 2's right sibling points back at entry 1.
        CompoundFileFixture.put32(&bytes, 1024 + 2 * 128 + 0x48, 1)
        #expect(kind { _ = try CompoundFile(bytes) } == .malformed)
        var selfChild = fixture().bytes
        CompoundFileFixture.put32(&selfChild, 1024 + 0x4C, 0)
        #expect(kind { _ = try CompoundFile(selfChild) } == .malformed)
        var outOfRange = fixture().bytes
        CompoundFileFixture.put32(&outOfRange, 1024 + 1 * 128 + 0x44, 4000)
        #expect(kind { _ = try CompoundFile(outOfRange) } == .malformed)
    }

    @Test func refusesStreamsLongerThanTheirChains() throws {
        var bytes = fixture().bytes
        CompoundFileFixture.put32(&bytes, 1024 + 1 * 128 + 0x78, 50_000)
        let file = try CompoundFile(bytes)
        #expect(kind { _ = try file.read(path: "Big") } == .malformed)
        var mini = fixture().bytes
        CompoundFileFixture.put32(&mini, 1024 + 2 * 128 + 0x78, 4000)
        #expect(kind { _ = try CompoundFile(mini).read(path: "Small") } == .malformed)
    }

    @Test func refusesStreamsOverTheEntryLimit() throws {
        var bytes = fixture().bytes
        CompoundFileFixture.put32(&bytes, 1024 + 1 * 128 + 0x78, 0xFFFF_FFF0)
        #expect(kind { _ = try CompoundFile(bytes).read(path: "Big") } == .resourceLimit)
        var limits = Limits()
        limits.maxEntryBytes = 1000
        #expect(kind { _ = try CompoundFile(fixture().bytes, limits: limits).read(path: "Big") } == .resourceLimit)
    }

    @Test func toleratesAShortLastSector() throws {
        let bytes = fixture().bytes
        let file = try CompoundFile(Array(bytes.dropLast(100)))
        #expect(try file.read(path: "Big") == Self.big)
    }

    /// Random damage anywhere must end in an error or a result, never a
    /// trap or a hang.
    @Test func survivesMutations() {
        let good = fixture().bytes
        var random = SeededMutator(seed: 0x5EED)
        for _ in 0..<2_000 {
            var bytes = good
            for _ in 0..<(1 + random.next() % 8) {
                let offset = Int(random.next() % UInt64(bytes.count))
                bytes[offset] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.next() % 4 == 0 { bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count)))) }
            guard let file = try? CompoundFile(bytes) else { continue }
            for entry in file.entries where entry.kind != .storage { _ = try? file.read(entry) }
        }
    }

    // MARK: - Corpus

    @Test(arguments: Corpus.entries.filter { ["doc", "xls", "ppt"].contains($0.format) })
    func corpusLegacyFilesParse(_ entry: Corpus.Entry) throws {
        let bytes = try entry.read()
        guard CompoundFileHeader.hasSignature(bytes) else { return }  // bare BIFF4
        let file = try CompoundFile(bytes)
        let names = Set(file.children(of: file.root).map { $0.name.lowercased() })
        let expected: Set<String> = switch entry.format {
        case "doc": ["worddocument"]
        case "ppt": ["powerpoint document"]
        default: names.contains("book") ? ["book"] : ["workbook"]
        }
        #expect(expected.isSubset(of: names), "\(names)")
        for stream in file.streams {
            let data = try file.read(stream)
            #expect(data.count == Int(stream.declaredSize))
        }
    }

    @Test func corpusHostileCompoundFilesNeverTrap() throws {
        for entry in Corpus.entries(inFolder: "hostile") {
            let bytes = try entry.read()
            guard CompoundFileHeader.hasSignature(bytes), let file = try? CompoundFile(bytes) else { continue }
            for stream in file.streams { _ = try? file.read(stream) }
        }
    }

    @Test func corpusNestedStoragesHavePaths() throws {
        guard let entry = Corpus.entries.first(where: { $0.path == "doc/poi_equation.doc" }) else { return }
        let file = try CompoundFile(try entry.read())
        let pool = try #require(file.entry(atPath: "ObjectPool"))
        #expect(pool.kind == .storage)
        let nested = file.entries.filter { $0.path.hasPrefix("ObjectPool/") && $0.kind == .stream }
        #expect(!nested.isEmpty)
        for stream in nested { #expect(file.entry(atPath: stream.path.uppercased())?.index == stream.index) }
    }
}

/// xorshift64*: a fixed-seed generator, so mutation runs are repeatable.
struct SeededMutator {
    private var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
