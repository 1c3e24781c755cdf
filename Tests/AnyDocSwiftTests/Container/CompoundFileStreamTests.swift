import Testing
@testable import AnyDocSwift

/// Reading streams without copying them: windows onto the file, prefixes
/// checked like whole reads, and summary streams cut after their values.
@Suite struct CompoundFileStreamTests {
    private static let big = [UInt8]((0..<5000).map { UInt8($0 % 253) })

    private func fixture(_ streams: [(name: String, bytes: [UInt8])]) -> (bytes: [UInt8], layout: CompoundFileFixture.Layout) {
        CompoundFileFixture(streams: streams).build()
    }

    private func units(_ stream: CompoundFileStreamBytes) -> [UInt16] {
        stream.utf16Units(0..<stream.count)
    }

    @Test func windowAndCopyGiveTheStreamsBytes() throws {
        let file = try CompoundFile(fixture([("Big", Self.big)]).bytes)
        let entry = try #require(file.entry(named: "Big"))
        let stream = try file.streamBytes(entry)
        #expect(stream.count == Self.big.count)
        #expect(units(stream) == units(CompoundFileStreamBytes(Self.big)))
        #expect(stream.widenedBytes(4990..<6000) == Self.big[4990...].map { UInt16($0) })
        // Bytes 4996...4999 are 189...192 (offset modulo 253).
        #expect(stream.uint32(at: 4996) == 0xC0BF_BEBD)
        #expect(stream.uint32(at: 4997) == nil)
        #expect(stream.uint64(at: -1) == nil)
    }

    @Test func aShortLastSectorIsCopiedWithZeros() throws {
        let (bytes, _) = fixture([("Big", Self.big)])
        // The big stream ends the regular sectors; the mini stream follows
        // only when there is one, so the file ends inside the stream.
        let file = try CompoundFile(Array(bytes.dropLast(bytes.count - (512 * 2 + 512 + 4900))))
        let entry = try #require(file.entry(named: "Big"))
        let stream = try file.streamBytes(entry)
        #expect(stream.count == 5000)
        #expect(stream.widenedBytes(0..<4900) == Self.big.prefix(4900).map { UInt16($0) })
        #expect(stream.widenedBytes(4900..<5000) == [UInt16](repeating: 0, count: 100))
    }

    @Test func aBrokenChainGivesTheErrorsOfARead() throws {
        let (good, layout) = fixture([("Big", Self.big)])
        var bytes = good
        let first = Int(layout.startSectors[0])
        CompoundFileFixture.put32(&bytes, layout.fatOffset + 4 * (first + 1), UInt32(first))
        let file = try CompoundFile(bytes)
        let entry = try #require(file.entry(named: "Big"))
        #expect(throws: ConversionError.self) { _ = try file.streamBytes(entry) }
        // A prefix is only given when the whole chain is sound.
        #expect(throws: ConversionError.self) { _ = try file.read(entry, maxBytes: .max, copying: 10) }
        let sound = try CompoundFile(good)
        let soundEntry = try #require(sound.entry(named: "Big"))
        #expect(try sound.read(soundEntry, maxBytes: .max, copying: 10) == Array(Self.big.prefix(10)))
    }

    /// A summary stream: title and author, then a thumbnail of `thumbnail`
    /// bytes; `titleLast` puts the title's value after the thumbnail.
    private static func summary(thumbnail: Int, titleLast: Bool) -> [UInt8] {
        func string(_ text: String) -> [UInt8] {
            var value: [UInt8] = [0x1E, 0, 0, 0]
            let bytes = Array(text.utf8) + [0]
            LittleEndian.append(UInt32(bytes.count), to: &value)
            value += bytes
            while value.count % 4 != 0 { value.append(0) }
            return value
        }
        var picture: [UInt8] = [0x47, 0, 0, 0]
        LittleEndian.append(UInt32(thumbnail), to: &picture)
        picture += [UInt8](repeating: 0xAB, count: thumbnail)
        let title: UInt32 = 2
        let author: UInt32 = 4
        let thumbnailID: UInt32 = 17
        var values: [(UInt32, [UInt8])] = [(author, string("Ada")), (thumbnailID, picture)]
        if titleLast {
            values.append((title, string("Late title")))
        } else {
            values.insert((title, string("Early title")), at: 0)
        }
        var table: [UInt8] = []
        var body: [UInt8] = []
        let tableSize = 8 + 8 * values.count
        for (id, value) in values {
            LittleEndian.append(id, to: &table)
            LittleEndian.append(UInt32(tableSize + body.count), to: &table)
            body += value
        }
        var stream: [UInt8] = [0xFE, 0xFF, 0, 0]
        stream += [UInt8](repeating: 0, count: 20)
        LittleEndian.append(UInt32(1), to: &stream)
        stream += [UInt8](repeating: 0, count: 16)
        LittleEndian.append(UInt32(48), to: &stream)
        LittleEndian.append(UInt32(tableSize + body.count), to: &stream)
        LittleEndian.append(UInt32(values.count), to: &stream)
        return stream + table + body
    }

    private func metadata(_ bytes: [UInt8]) -> Metadata {
        var metadata = Metadata()
        PropertySetReader.summaryMetadata(bytes, into: &metadata)
        return metadata
    }

    @Test func summaryStreamsStopBeforeTheThumbnail() throws {
        let stream = Self.summary(thumbnail: 9000, titleLast: false)
        let file = try CompoundFile(fixture([("\u{5}SummaryInformation", stream)]).bytes)
        let entry = try #require(file.entry(named: "\u{5}SummaryInformation"))
        let bytes = try file.summaryBytes(entry, maxBytes: 1 << 20)
        #expect(bytes == Array(stream.prefix(CompoundFile.summaryPrefixBytes)))
        #expect(metadata(bytes).title == "Early title")
        #expect(metadata(bytes).authors == ["Ada"])
    }

    @Test func summaryValuesPastThePrefixAreReadWhole() throws {
        let stream = Self.summary(thumbnail: 9000, titleLast: true)
        let file = try CompoundFile(fixture([("\u{5}SummaryInformation", stream)]).bytes)
        let entry = try #require(file.entry(named: "\u{5}SummaryInformation"))
        let bytes = try file.summaryBytes(entry, maxBytes: 1 << 20)
        #expect(bytes == stream)
        #expect(metadata(bytes).title == "Late title")
    }
}
