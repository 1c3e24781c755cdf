import CLibZip
import Testing
@testable import AnyDocSwift

/// Why `ZipArchive` opens without ZIP_CHECKCONS. On the corpus the check
/// changes nothing (every archive libzip opens passes it; the truncated
/// one fails either way), but it refuses an archive followed by stray
/// bytes (download padding, mail gateways) whose entries read perfectly
/// well, and it costs a seek per entry at open. CRC and size checks on
/// every read already catch damaged entries.
@Suite struct ZipConsistencyEvidence {
    /// libzip's verdict on `bytes` opened with `flags`: 0 or its error code.
    static func openCode(_ bytes: [UInt8], flags: Int32) -> Int32 {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        return bytes.withUnsafeBytes { buffer -> Int32 in
            guard let source = zip_source_buffer_create(buffer.baseAddress, UInt64(buffer.count), 0, &error) else { return -1 }
            guard let archive = zip_open_from_source(source, flags, &error) else {
                zip_source_free(source)
                return zip_error_code_zip(&error)
            }
            zip_discard(archive)
            return 0
        }
    }

    @Test func consistencyCheckAddsNothingOnTheCorpus() throws {
        for entry in Corpus.entries {
            let bytes = try entry.read()
            guard bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) else { continue }
            let plain = Self.openCode(bytes, flags: ZIP_RDONLY)
            let checked = Self.openCode(bytes, flags: ZIP_RDONLY | ZIP_CHECKCONS)
            #expect((plain == 0) == (checked == 0), "\(entry.path)")
        }
    }

    @Test func consistencyCheckRefusesTrailingBytes() throws {
        let padded = try ZipFixture.archive([("a.txt", "alpha")]) + [0x0A, 0x00, 0x00, 0x00]
        #expect(Self.openCode(padded, flags: ZIP_RDONLY) == 0)
        #expect(Self.openCode(padded, flags: ZIP_RDONLY | ZIP_CHECKCONS) == ZIP_ER_INCONS)
        #expect(try ZipArchive(padded).read("a.txt") == Array("alpha".utf8))
    }

    @Test func spannedMarkerIsReadThroughRecovery() throws {
        let spanned: [UInt8] = [0x50, 0x4B, 0x07, 0x08] + (try ZipFixture.archive([("a.txt", "alpha")]))
        #expect(throws: ConversionError.self) { try ZipArchive(spanned) }
        #expect(try ZipArchive.recovering(spanned).read("a.txt") == Array("alpha".utf8))
    }
}
