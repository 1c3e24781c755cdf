import Testing
@testable import AnyDocSwift

@Suite struct ZipArchiveTests {
    private func limits(_ change: (inout Limits) -> Void) -> Limits {
        var limits = Limits()
        change(&limits)
        return limits
    }

    private func kind(of body: () throws -> Void) -> ConversionError.Kind? {
        do {
            try body()
            return nil
        } catch {
            return (error as? ConversionError)?.kind
        }
    }

    @Test func listsAndReadsEntries() throws {
        let bytes = try ZipFixture.archive([("a.txt", "alpha"), ("dir/b.xml", "<b/>")])
        let archive = try ZipArchive(bytes)
        #expect(archive.names == ["a.txt", "dir/b.xml"])
        #expect(try archive.read("a.txt") == Array("alpha".utf8))
        #expect(try archive.read("dir/b.xml") == Array("<b/>".utf8))
        #expect(kind { _ = try archive.read("absent.xml") } == .missingPart)
    }

    @Test func looksUpNamesTheWayPackagesReferToThem() throws {
        let bytes = try ZipFixture.archive([("[Content_Types].xml", "t"), ("word/Media/Image 1.PNG", "p")])
        let archive = try ZipArchive(bytes)
        #expect(archive.contains("/[Content_Types].xml"))
        #expect(archive.contains("[content_types].XML"))
        #expect(archive.contains("word\\media\\image 1.png"))
        #expect(archive.contains("/word/media/Image%201.PNG"))
        #expect(!archive.contains("word/media"))
    }

    @Test func pathTraversalNamesAreOnlyNames() throws {
        let bytes = try ZipFixture.archive([("../../../../tmp/evil.txt", "evil"), ("/abs/evil.txt", "abs")])
        let archive = try ZipArchive(bytes)
        #expect(archive.names.contains("../../../../tmp/evil.txt"))
        #expect(try archive.read("../../../../tmp/evil.txt") == Array("evil".utf8))
        #expect(try archive.read("abs/evil.txt") == Array("abs".utf8))
    }

    @Test func refusesMoreEntriesThanAllowed() throws {
        let bytes = try ZipFixture.archive((0..<5).map { ("f\($0)", "x") })
        #expect(kind { _ = try ZipArchive(bytes, limits: limits { $0.maxArchiveEntries = 4 }) } == .resourceLimit)
        #expect(try ZipArchive(bytes, limits: limits { $0.maxArchiveEntries = 5 }).entries.count == 5)
    }

    @Test func stopsAnEntryAtTheSizeCap() throws {
        let big = [UInt8](repeating: 7, count: 300_000)
        let bytes = try ZipFixture.archive([.init(name: "big.bin", bytes: big, compression: .store)])
        let archive = try ZipArchive(bytes, limits: limits { $0.maxEntryBytes = 100_000 })
        #expect(kind { _ = try archive.read("big.bin") } == .resourceLimit)
        #expect(try ZipArchive(bytes).read("big.bin") == big)
    }

    @Test func stopsACompressionRatioBomb() throws {
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        let bytes = try ZipFixture.archive([.init(name: "bomb.xml", bytes: zeros)])
        let archive = try ZipArchive(bytes)
        let entry = try #require(archive.entry(named: "bomb.xml"))
        #expect(entry.declaredSize / max(entry.compressedSize, 1) > 500)
        let strict = limits {
            $0.maxCompressionRatio = 100
            $0.compressionRatioGraceBytes = 64 << 10
        }
        #expect(kind { _ = try ZipArchive(bytes, limits: strict).read("bomb.xml") } == .resourceLimit)
        // Under the grace size the same ratio is normal.
        let graceful = limits {
            $0.maxCompressionRatio = 100
            $0.compressionRatioGraceBytes = 8 << 20
        }
        #expect(try ZipArchive(bytes, limits: graceful).read("bomb.xml").count == zeros.count)
    }

    @Test func doesNotTrustDeclaredSizes() throws {
        // The archive claims 1,000 bytes for an entry that inflates to 4 MiB.
        let zeros = [UInt8](repeating: 0, count: 4 << 20)
        var bytes = try ZipFixture.archive([.init(name: "liar.xml", bytes: zeros)])
        let declared = CompoundFileFixture.le32(1_000)
        var patched = 0
        for offset in 0..<(bytes.count - 4) {
            if bytes[offset...].starts(with: CompoundFileFixture.le32(UInt32(zeros.count))) {
                bytes.replaceSubrange(offset..<(offset + 4), with: declared)
                patched += 1
            }
        }
        #expect(patched == 2)
        let archive = try ZipArchive(bytes, limits: limits { $0.maxEntryBytes = 1 << 20 })
        #expect(archive.entry(named: "liar.xml")?.declaredSize == 1_000)
        let reader = try archive.reader(for: "liar.xml")
        var failure: ConversionError.Kind?
        do {
            while try !reader.read(maxCount: 1 << 16).isEmpty {}
        } catch {
            failure = error.kind
        }
        // Stopped by counting (resource limit) or by libzip noticing the
        // lie (malformed); never 4 MiB handed out.
        #expect(failure == .resourceLimit || failure == .malformed)
        #expect(reader.bytesRead <= (1 << 20) + (1 << 16))
    }

    @Test func countsTheTotalAcrossEntries() throws {
        let part = [UInt8](repeating: 1, count: 60_000)
        let bytes = try ZipFixture.archive((0..<4).map { ZipFixture.Member(name: "p\($0)", bytes: part, compression: .store) })
        let archive = try ZipArchive(bytes, limits: limits { $0.maxTotalDecompressedBytes = 200_000 })
        for index in 0..<3 { _ = try archive.read("p\(index)") }
        // Reading a part again costs nothing more.
        _ = try archive.read("p0")
        #expect(archive.totalInflatedBytes == 180_000)
        #expect(kind { _ = try archive.read("p3") } == .resourceLimit)
    }

    @Test func keptSmallPartIsCountedAgainOnEveryRead() throws {
        let bytes = try ZipFixture.archive([("_rels/.rels", "<Relationships/>"), ("other.xml", String(repeating: "o", count: 40))])
        let archive = try ZipArchive(bytes)
        #expect(try archive.read("_rels/.rels") == Array("<Relationships/>".utf8))
        // Counted afresh under new limits, as a fresh read would be.
        #expect(archive.adopt(limits { $0.maxTotalDecompressedBytes = 50 }))
        #expect(try archive.read("_rels/.rels") == Array("<Relationships/>".utf8))
        #expect(archive.totalInflatedBytes == 16)
        #expect(kind { _ = try archive.read("other.xml") } == .resourceLimit)
        #expect(archive.adopt(limits { $0.maxEntryBytes = 10 }))
        #expect(kind { _ = try archive.read("_rels/.rels") } == .resourceLimit)
    }

    @Test func streamsInChunks() throws {
        let text = [UInt8]((0..<200_000).map { UInt8($0 % 251) })
        let bytes = try ZipFixture.archive([.init(name: "s.bin", bytes: text)])
        let archive = try ZipArchive(bytes)
        var collected: [UInt8] = []
        var chunks = 0
        try archive.read("s.bin", chunkSize: 4096) { chunk in
            #expect(chunk.count <= 4096)
            collected += chunk
            chunks += 1
        }
        #expect(collected == text)
        #expect(chunks >= 49)
    }

    @Test func encryptedEntryIsReportedEncrypted() throws {
        let bytes: [UInt8]
        do {
            bytes = try ZipFixture.archive([.init(name: "secret.txt", bytes: Array("hidden".utf8), password: "pw"), .init(name: "open.txt", bytes: [1])])
        } catch {
            // libzip built without a crypto backend cannot write one.
            return
        }
        let archive = try ZipArchive(bytes)
        #expect(archive.entry(named: "secret.txt")?.isEncrypted == true)
        #expect(kind { _ = try archive.read("secret.txt") } == .encrypted)
        #expect(try archive.read("open.txt") == [1])
    }

    @Test func truncatedArchiveIsMalformedButRecoverable() throws {
        let bytes = try ZipFixture.archive([("first.txt", "one"), ("second.txt", String(repeating: "two ", count: 2_000))])
        let second = try #require(ZipFixture.dataOffset(of: "second.txt", in: bytes))
        let cut = Array(bytes.prefix(second + 3))
        #expect(kind { _ = try ZipArchive(cut) } == .malformed)
        let recovered = try ZipArchive.recovering(cut)
        #expect(recovered.names == ["first.txt"])
        #expect(try recovered.read("first.txt") == Array("one".utf8))
        #expect(kind { _ = try ZipArchive.recovering(Array("not a zip at all".utf8)) } == .malformed)
    }

    @Test func corruptDeflateDataIsMalformed() throws {
        let text = Array(String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 400).utf8)
        var bytes = try ZipFixture.archive([.init(name: "good.txt", bytes: Array("ok".utf8)), .init(name: "bad.txt", bytes: text)])
        let data = try #require(ZipFixture.dataOffset(of: "bad.txt", in: bytes))
        for offset in (data + 8)..<(data + 40) { bytes[offset] ^= 0x5A }
        let archive = try ZipArchive(bytes)
        #expect(kind { _ = try archive.read("bad.txt") } == .malformed)
        #expect(try archive.read("good.txt") == Array("ok".utf8))
    }

    @Test func emptyArchiveOpens() throws {
        let empty: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)
        #expect(try ZipArchive(empty).entries.isEmpty)
    }

    // MARK: - Corpus

    @Test func corpusCRCMismatchFailsOnlyTheDamagedPart() throws {
        guard let entry = Corpus.entries.first(where: { $0.path == "hostile/gen_crc-mismatch.pptx" }) else { return }
        let archive = try ZipArchive(try entry.read())
        var failures: [String: ConversionError.Kind] = [:]
        for member in archive.entries where !member.isDirectory {
            do { _ = try archive.read(member) } catch { failures[member.name] = error.kind }
        }
        #expect(failures.count == 1)
        #expect(failures.values.allSatisfy { $0 == .malformed })
    }

    @Test func corpusZipBombStopsAtALimit() throws {
        guard let entry = Corpus.entries.first(where: { $0.path == "hostile/gen_zipbomb.docx" }) else { return }
        let archive = try ZipArchive(try entry.read(), limits: limits { $0.maxEntryBytes = 64 << 20 })
        #expect(kind { _ = try archive.read("word/document.xml") } == .resourceLimit)
        #expect(archive.totalInflatedBytes <= (64 << 20) + (1 << 16))
    }

    @Test func corpusPathTraversalNamesStayInside() throws {
        guard let entry = Corpus.entries.first(where: { $0.path == "hostile/gen_path-traversal.docx" }) else { return }
        let archive = try ZipArchive(try entry.read())
        #expect(archive.names.contains("../../../../tmp/evil.txt"))
        #expect(try archive.read("word/document.xml").count > 0)
    }

    /// Every ZIP in the corpus opens without ZIP_CHECKCONS, and some real
    /// ones are refused with it: the evidence for leaving it off.
    @Test func corpusArchivesOpenWithoutConsistencyCheck() throws {
        var opened = 0
        for entry in Corpus.entries {
            let bytes = try entry.read()
            guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { continue }
            if entry.path == "hostile/tika_testWORD_truncated.docx" {
                #expect(throws: ConversionError.self) { try ZipArchive(bytes) }
                #expect(try ZipArchive.recovering(bytes).contains("[Content_Types].xml"))
                continue
            }
            _ = try ZipArchive(bytes)
            opened += 1
        }
        #expect(opened > 150 || Corpus.entries.isEmpty)
    }
}
