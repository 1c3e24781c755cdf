import CLibZip
import Foundation

/// Builds ZIP archives for tests with libzip itself, so the bytes are the
/// kind real writers produce.
enum ZipFixture {
    enum Compression { case store, deflate }

    struct Member {
        var name: String
        var bytes: [UInt8]
        var compression: Compression = .deflate
        var password: String? = nil
    }

    static func archive(_ members: [Member]) throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "anydoc-zipfixture-\(UUID().uuidString).zip"
        defer { try? FileManager.default.removeItem(atPath: path) }
        var errorCode: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &errorCode) else {
            throw FixtureError("zip_open failed: \(errorCode)")
        }
        for member in members {
            // libzip frees the copy with free() once the archive is written.
            let copy = malloc(max(member.bytes.count, 1))
            member.bytes.withUnsafeBytes { source in
                if let base = source.baseAddress { copy?.copyMemory(from: base, byteCount: source.count) }
            }
            guard let source = zip_source_buffer(archive, copy, UInt64(member.bytes.count), 1) else {
                free(copy)
                zip_discard(archive)
                throw FixtureError("zip_source_buffer failed")
            }
            let index = zip_file_add(archive, member.name, source, UInt32(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                zip_discard(archive)
                throw FixtureError("zip_file_add failed for \(member.name)")
            }
            let method = member.compression == .store ? ZIP_CM_STORE : ZIP_CM_DEFLATE
            zip_set_file_compression(archive, UInt64(index), method, 9)
            if let password = member.password {
                guard zip_file_set_encryption(archive, UInt64(index), UInt16(ZIP_EM_AES_256), password) == 0 else {
                    zip_discard(archive)
                    throw FixtureError("encryption unavailable")
                }
            }
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw FixtureError("zip_close failed: \(message)")
        }
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func archive(_ files: [(String, String)]) throws -> [UInt8] {
        try archive(files.map { Member(name: $0.0, bytes: Array($0.1.utf8)) })
    }

    /// The offset of the first local header's data for `name`.
    static func dataOffset(of name: String, in bytes: [UInt8]) -> Int? {
        var offset = 0
        while offset + 30 <= bytes.count, bytes[offset] == 0x50, bytes[offset + 1] == 0x4B, bytes[offset + 2] == 3, bytes[offset + 3] == 4 {
            let nameLength = Int(bytes[offset + 26]) | Int(bytes[offset + 27]) << 8
            let extraLength = Int(bytes[offset + 28]) | Int(bytes[offset + 29]) << 8
            let compressed = Int(bytes[offset + 18]) | Int(bytes[offset + 19]) << 8 | Int(bytes[offset + 20]) << 16 | Int(bytes[offset + 21]) << 24
            let entryName = String(decoding: bytes[(offset + 30)..<(offset + 30 + nameLength)], as: UTF8.self)
            let data = offset + 30 + nameLength + extraLength
            if entryName == name { return data }
            offset = data + compressed
        }
        return nil
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
