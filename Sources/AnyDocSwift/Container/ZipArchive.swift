internal import CLibZip
#if canImport(Glibc)
import Glibc
#endif

/// A ZIP archive read through libzip, from bytes in memory or from an
/// open file (then members are read from the file as they are asked for).
///
/// The archive owns its libzip handle and the copy of the bytes or the
/// file stream libzip reads from, and frees them when it goes away;
/// converters see names and byte arrays, never a pointer.
///
/// Declared sizes are never trusted: every read counts the bytes it
/// actually inflates and stops with `resource limit` at the first of
/// `Limits.maxEntryBytes`, the compression-ratio cap (entries past
/// `compressionRatioGraceBytes` may not inflate more than
/// `maxCompressionRatio` times their compressed size) and
/// `maxTotalDecompressedBytes` for the whole archive. Only a few small
/// parts read whole are kept, and a repeated read of one is counted and
/// checked against the limits as a fresh read would be.
///
/// Not thread-safe: all readers of one archive share one libzip handle.
final class ZipArchive {
    struct Entry: Sendable, Equatable {
        /// libzip's index of the entry.
        let index: Int
        /// The name as stored (CP437 names converted to UTF-8). Names
        /// such as `../../etc/passwd` are only names: nothing here maps
        /// them to files.
        let name: String
        /// The uncompressed size the archive claims; a hint, not a fact.
        let declaredSize: Int
        let compressedSize: Int
        let compressionMethod: Int
        let isEncrypted: Bool

        var isDirectory: Bool { name.hasSuffix("/") }
    }

    @exclusivity(unchecked)
    private(set) var limits: Limits
    /// True when the central directory was rebuilt from local headers.
    @exclusivity(unchecked)
    private(set) var isRebuilt = false
    /// Every entry, in central-directory order.
    let entries: [Entry]

    /// libzip's handle; only this file (the archive and its readers)
    /// touches it.
    fileprivate let handle: OpaquePointer
    /// The bytes libzip reads from, or nil when it reads the file.
    private let storage: UnsafeMutableRawBufferPointer?
    private let byteCount: Int
    private let exactNames: [String: Int]
    /// Entries by folded name, for look-ups that miss an exact name; built
    /// on the first such miss, as most archives never see one.
    /// The byte lengths of the entries' folded names, or nil when a name
    /// is not ASCII (lowercasing may change its length). Most tolerant
    /// lookups are for parts a package does not have (`mimetype` in an
    /// OOXML file, optional parts), and a key of no entry's length is
    /// answered without hashing every name into `foldedNames`.
    private lazy var foldedLengths: Set<Int>? = {
        var lengths = Set<Int>(minimumCapacity: 16)
        for entry in entries {
            var name = entry.name
            let length: Int? = name.withUTF8 { utf8 in
                guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                let leading = utf8.prefix { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }.count
                return utf8.count - leading
            }
            guard let length else { return nil }
            lengths.insert(length)
        }
        return lengths
    }()

    /// Whether some entry's folded name could be `key`.
    private func mayHoldFolded(_ key: String) -> Bool {
        foldedLengths?.contains(key.utf8.count) ?? true
    }

    private lazy var foldedNames: [String: Int] = {
        var folded: [String: Int] = Dictionary(minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() {
            let key = Self.foldedKey(entry.name)
            if folded[key] == nil { folded[key] = position }
        }
        return folded
    }()
    /// Bytes already counted against the archive total, per entry index:
    /// reading a part twice costs once.
    @exclusivity(unchecked)
    private var charged: [Int: Int] = [:]
    /// Inflated bytes counted against `maxTotalDecompressedBytes`.
    @exclusivity(unchecked)
    private(set) var totalInflatedBytes = 0
    /// Small parts already read whole, by entry index: detection and then
    /// the converter both read `_rels/.rels` and friends, and inflating
    /// them again through libzip costs more than keeping a few kilobytes.
    @exclusivity(unchecked)
    private var smallParts: [(index: Int, bytes: [UInt8])] = []
    private static let smallPartMaxBytes = 16 << 10
    private static let smallPartMaxCount = 8

    /// Opens `bytes` as a ZIP archive: `malformed` when they are not one,
    /// `resource limit` when there are more entries than allowed.
    convenience init(_ bytes: [UInt8], limits: Limits = .default) throws(ConversionError) {
        guard bytes.count <= limits.maxInputBytes else {
            throw .resourceLimit("archive is \(bytes.count) bytes, over the \(limits.maxInputBytes)-byte input limit")
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        let handle: OpaquePointer
        do {
            handle = try Self.openHandle(storage, byteCount: bytes.count)
        } catch {
            storage.deallocate()
            throw error
        }
        try self.init(handle: handle, storage: storage, byteCount: bytes.count, limits: limits)
    }

    /// Opens the archive in `file`, reading members from the file as they
    /// are asked for: only the central directory and the entries read
    /// are ever in memory. Same errors and limits as the in-memory form;
    /// a damaged archive is rebuilt by `recovering(_:limits:)`, in memory.
    convenience init(file: InputFile, limits: Limits = .default) throws(ConversionError) {
        guard file.isRegular else { throw .io("not a regular file") }
        guard file.size <= limits.maxInputBytes else {
            throw .resourceLimit("archive is \(file.size) bytes, over the \(limits.maxInputBytes)-byte input limit")
        }
        let handle = try Self.openHandle(file)
        try self.init(handle: handle, storage: nil, byteCount: file.size, limits: limits)
    }

    /// Takes over `handle` (and `storage`, its bytes when in memory),
    /// freeing both when the entries cannot be listed.
    private init(
        handle: OpaquePointer, storage: UnsafeMutableRawBufferPointer?, byteCount: Int, limits: Limits
    ) throws(ConversionError) {
        let entries: [Entry]
        do {
            entries = try Self.listEntries(handle, limits: limits)
        } catch {
            zip_discard(handle)
            storage?.deallocate()
            throw error
        }
        var exact: [String: Int] = Dictionary(minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() where exact[entry.name] == nil {
            // The first of duplicate names wins, as in libzip's own lookup.
            exact[entry.name] = position
        }
        self.limits = limits
        self.entries = entries
        self.handle = handle
        self.storage = storage
        self.byteCount = byteCount
        self.exactNames = exact
    }

    deinit {
        zip_discard(handle)
        storage?.deallocate()
    }

    /// Opens `bytes`, and when they have no usable central directory (a
    /// truncated download, a damaged end record) rebuilds one from the
    /// local file headers so the complete entries can still be read.
    static func recovering(_ bytes: [UInt8], limits: Limits = .default) throws(ConversionError) -> ZipArchive {
        do {
            return try ZipArchive(bytes, limits: limits)
        } catch where error.kind == .malformed {
            guard let rebuilt = ZipRecovery.rebuild(bytes, maxEntries: limits.maxArchiveEntries) else { throw error }
            let archive = try ZipArchive(rebuilt, limits: limits)
            archive.isRebuilt = true
            return archive
        }
    }

    /// `recovering(_:limits:)` for an archive in `file`: read from the
    /// file when it opens, and only a damaged one read into memory to be
    /// rebuilt (the rebuild walks every local header).
    static func recovering(file: InputFile, limits: Limits = .default) throws(ConversionError) -> ZipArchive {
        do {
            return try ZipArchive(file: file, limits: limits)
        } catch where error.kind == .malformed {
            return try recovering(file.readAll(maxBytes: limits.maxInputBytes), limits: limits)
        }
    }

    /// Starts counting afresh under `limits`, as if just opened with them;
    /// false (and nothing changed) when the archive is over their size or
    /// entry caps, which a fresh open would refuse.
    func adopt(_ limits: Limits) -> Bool {
        guard byteCount <= limits.maxInputBytes, entries.count <= limits.maxArchiveEntries else { return false }
        self.limits = limits
        charged.removeAll()
        totalInflatedBytes = 0
        return true
    }

    // MARK: - Names

    var names: [String] { entries.map { $0.name } }

    /// The entry called `name`, found the way OPC and ODF part names need:
    /// exactly, else ignoring a leading `/`, backslashes versus slashes,
    /// case, and percent-encoding.
    func entry(named name: String) -> Entry? {
        if let position = exactNames[name] { return entries[position] }
        let key = Self.foldedKey(name)
        if mayHoldFolded(key), let position = foldedNames[key] { return entries[position] }
        if let decoded = Self.percentDecoded(name) {
            let decodedKey = Self.foldedKey(decoded)
            if mayHoldFolded(decodedKey), let position = foldedNames[decodedKey] { return entries[position] }
        }
        return nil
    }

    func contains(_ name: String) -> Bool { entry(named: name) != nil }

    // MARK: - Reading

    /// The whole inflated content of `name`; `missing part` when absent.
    func read(_ name: String) throws(ConversionError) -> [UInt8] {
        guard let entry = entry(named: name) else { throw .missingPart(name) }
        return try read(entry)
    }

    func read(_ entry: Entry) throws(ConversionError) -> [UInt8] {
        if let kept = smallParts.first(where: { $0.index == entry.index })?.bytes {
            try checkDeclared(entry)
            // A fresh read stops one byte past what the entry may produce.
            try account(entry, produced: min(kept.count, allowance(for: entry) &+ 1))
            return kept
        }
        let reader = try ZipEntryReader(archive: self, entry: entry)
        // The declared size only sizes the first allocation, within reason.
        var result: [UInt8] = []
        result.reserveCapacity(min(max(entry.declaredSize, 0), 1 << 22))
        // Most parts are small: a chunk sized to the declared size (plus
        // one byte, to see the end) spares zeroing 64 KB for each.
        var chunk = [UInt8](repeating: 0, count: min(1 << 16, max(entry.declaredSize, 0) + 1))
        while true {
            let count = try reader.read(into: &chunk)
            if count == 0 { break }
            result.append(contentsOf: chunk[0..<count])
        }
        if result.count <= Self.smallPartMaxBytes, smallParts.count < Self.smallPartMaxCount {
            smallParts.append((entry.index, result))
        }
        return result
    }

    /// Streams `name` through `body` one chunk at a time, so an entry of
    /// any size is never held whole.
    func read(
        _ name: String, chunkSize: Int = 1 << 16,
        into body: (ArraySlice<UInt8>) throws(ConversionError) -> Void
    ) throws(ConversionError) {
        guard let entry = entry(named: name) else { throw .missingPart(name) }
        let reader = try ZipEntryReader(archive: self, entry: entry)
        var chunk = [UInt8](repeating: 0, count: max(chunkSize, 1))
        while true {
            let count = try reader.read(into: &chunk)
            if count == 0 { break }
            try body(chunk[0..<count])
        }
    }

    /// A pull reader over `name`, for parsers that ask for bytes as they go.
    func reader(for name: String) throws(ConversionError) -> ZipEntryReader {
        guard let entry = entry(named: name) else { throw .missingPart(name) }
        return try ZipEntryReader(archive: self, entry: entry)
    }

    // MARK: - Accounting (used by ZipEntryReader)

    /// The most bytes `entry` may inflate to right now: the smallest of
    /// the entry cap, the ratio cap and what the archive total has left.
    func allowance(for entry: Entry) -> Int {
        let entryCap = limits.maxEntryBytes
        let ratioCap = max(limits.compressionRatioGraceBytes, Self.multiply(limits.maxCompressionRatio, compressedSize(of: entry)))
        let alreadyCharged = charged[entry.index] ?? 0
        let totalCap = alreadyCharged &+ max(0, limits.maxTotalDecompressedBytes - totalInflatedBytes)
        return max(0, min(entryCap, ratioCap, totalCap))
    }

    /// Counts `produced` bytes of `entry` and throws once any cap is passed.
    func account(_ entry: Entry, produced: Int) throws(ConversionError) {
        let alreadyCharged = charged[entry.index] ?? 0
        if produced > alreadyCharged {
            totalInflatedBytes &+= produced - alreadyCharged
            charged[entry.index] = produced
        }
        if produced > limits.maxEntryBytes {
            throw .resourceLimit("\(entry.name) inflates past the \(limits.maxEntryBytes)-byte entry limit")
        }
        let compressed = compressedSize(of: entry)
        if produced > limits.compressionRatioGraceBytes, produced > Self.multiply(limits.maxCompressionRatio, compressed) {
            throw .resourceLimit(
                "\(entry.name) inflates more than \(limits.maxCompressionRatio) times its \(compressed) compressed bytes")
        }
        if totalInflatedBytes > limits.maxTotalDecompressedBytes {
            throw .resourceLimit("archive inflates past the \(limits.maxTotalDecompressedBytes)-byte total limit")
        }
    }

    /// Refuses before inflating anything when the archive's own numbers
    /// already break a limit.
    func checkDeclared(_ entry: Entry) throws(ConversionError) {
        if entry.isEncrypted { throw .encrypted("\(entry.name) is encrypted") }
        if entry.declaredSize > limits.maxEntryBytes {
            throw .resourceLimit("\(entry.name) declares \(entry.declaredSize) bytes, over the \(limits.maxEntryBytes)-byte entry limit")
        }
        if entry.declaredSize > limits.compressionRatioGraceBytes,
            entry.declaredSize > Self.multiply(limits.maxCompressionRatio, compressedSize(of: entry))
        {
            throw .resourceLimit("\(entry.name) declares a compression ratio over \(limits.maxCompressionRatio)")
        }
    }

    /// A compressed size cannot honestly exceed the archive itself.
    private func compressedSize(of entry: Entry) -> Int {
        min(max(entry.compressedSize, 0), byteCount)
    }

    private static func multiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }

    // MARK: - libzip

    private static func openHandle(_ storage: UnsafeMutableRawBufferPointer, byteCount: Int) throws(ConversionError) -> OpaquePointer {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // freep 0: the archive, not libzip, frees the buffer.
        guard let source = zip_source_buffer_create(storage.baseAddress, UInt64(byteCount), 0, &error) else {
            throw Self.error(code: zip_error_code_zip(&error), message: String(cString: zip_error_strerror(&error)), context: "archive")
        }
        // Read-only and without ZIP_CHECKCONS: the check refuses archives
        // followed by stray bytes that read fine, and CRC and size checks
        // on every read catch damaged entries anyway (ZipConsistencyEvidence).
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw Self.error(code: zip_error_code_zip(&error), message: String(cString: zip_error_strerror(&error)), context: "archive")
        }
        return archive
    }

    /// A handle reading `file` through its own stdio stream on a duplicate
    /// of the descriptor, bounded to the size checked at open.
    private static func openHandle(_ file: InputFile) throws(ConversionError) -> OpaquePointer {
        let copy = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .io("cannot open the archive: \(String(cString: strerror(errno)))") }
        guard let stream = fdopen(copy, "rb") else {
            close(copy)
            throw .io("cannot open the archive: \(String(cString: strerror(errno)))")
        }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // libzip closes the stream with the source, once it holds it.
        guard let source = zip_source_filep_create(stream, 0, Int64(file.size), &error) else {
            fclose(stream)
            throw Self.error(code: zip_error_code_zip(&error), message: String(cString: zip_error_strerror(&error)), context: "archive")
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            throw Self.error(code: zip_error_code_zip(&error), message: String(cString: zip_error_strerror(&error)), context: "archive")
        }
        return archive
    }

    private static func listEntries(_ archive: OpaquePointer, limits: Limits) throws(ConversionError) -> [Entry] {
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw .malformed("archive: cannot count entries") }
        guard count <= Int64(limits.maxArchiveEntries) else {
            throw .resourceLimit("archive has \(count) entries, over the \(limits.maxArchiveEntries)-entry limit")
        }
        var entries: [Entry] = []
        entries.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, UInt64(index), 0, &stat) == 0 else {
                throw .malformed("archive: cannot read entry \(index)")
            }
            let name = stat.name.map { String(cString: $0) } ?? ""
            let encrypted = (stat.valid & UInt64(ZIP_STAT_ENCRYPTION_METHOD)) != 0 && stat.encryption_method != UInt16(ZIP_EM_NONE)
            entries.append(
                Entry(
                    index: index, name: name,
                    declaredSize: Int(clamping: stat.size),
                    compressedSize: Int(clamping: stat.comp_size),
                    compressionMethod: Int(stat.comp_method),
                    isEncrypted: encrypted))
        }
        return entries
    }

    /// The library's error for a libzip error code.
    static func error(code: Int32, message: String, context: String) -> ConversionError {
        switch code {
        case ZIP_ER_NOZIP: .malformed("\(context): not a ZIP archive")
        case ZIP_ER_MULTIDISK: .unsupported("\(context): multi-disk ZIP archives are not supported")
        case ZIP_ER_CRC: .malformed("\(context): CRC mismatch")
        case ZIP_ER_ZLIB, ZIP_ER_COMPRESSED_DATA: .malformed("\(context): corrupt compressed data")
        case ZIP_ER_COMPNOTSUPP: .unsupported("\(context): compression method not supported")
        case ZIP_ER_ENCRNOTSUPP, ZIP_ER_NOPASSWD, ZIP_ER_WRONGPASSWD: .encrypted("\(context) is encrypted")
        case ZIP_ER_MEMORY: .resourceLimit("\(context): out of memory")
        default: .malformed("\(context): \(message)")
        }
    }

    // MARK: - Name folding

    /// The lookup key for tolerant matching: slashes for backslashes, no
    /// leading slash, lowercase.
    static func foldedKey(_ name: String) -> String {
        // Part names are almost always ASCII: fold their bytes directly
        // (this runs for every entry of every archive opened).
        var name = name
        let ascii: String? = name.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                var count = 0
                for byte in utf8 {
                    let slash = byte == UInt8(ascii: "\\") ? UInt8(ascii: "/") : byte
                    if count == 0 && slash == UInt8(ascii: "/") { continue }
                    buffer[count] = slash >= 0x41 && slash <= 0x5A ? slash + 0x20 : slash
                    count += 1
                }
                return count
            }
        }
        if let ascii { return ascii }
        var scalars = String.UnicodeScalarView()
        var leading = true
        for scalar in name.unicodeScalars {
            let scalar: Unicode.Scalar = scalar == "\\" ? "/" : scalar
            if leading && scalar == "/" { continue }
            leading = false
            scalars.append(scalar)
        }
        return String(scalars).lowercased()
    }

    /// `name` with `%XX` escapes decoded, or nil when it has none.
    static func percentDecoded(_ name: String) -> String? {
        guard name.utf8.contains(UInt8(ascii: "%")) else { return nil }
        let utf8 = Array(name.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

// MARK: - Streaming

/// Pulls one archive entry's inflated bytes a buffer at a time, so a
/// parser can stream a part of any declared size in bounded memory.
///
/// Each read asks libzip for at most one byte more than the entry is
/// still allowed to produce, so a bomb is stopped within one buffer of
/// its cap. After an error every further read throws the same error.
final class ZipEntryReader {
    let entry: ZipArchive.Entry
    /// Inflated bytes handed out so far.
    @exclusivity(unchecked)
    private(set) var bytesRead = 0
    /// The reader keeps its archive (and so the libzip handle) alive.
    private let archive: ZipArchive
    @exclusivity(unchecked)
    private var file: OpaquePointer?
    @exclusivity(unchecked)
    private var failure: ConversionError?

    init(archive: ZipArchive, entry: ZipArchive.Entry) throws(ConversionError) {
        try archive.checkDeclared(entry)
        guard let file = zip_fopen_index(archive.handle, UInt64(entry.index), 0) else {
            let error = zip_get_error(archive.handle)
            throw ZipArchive.error(
                code: zip_error_code_zip(error), message: String(cString: zip_error_strerror(error)), context: entry.name)
        }
        self.archive = archive
        self.entry = entry
        self.file = file
    }

    deinit {
        if let file { zip_fclose(file) }
    }

    /// Fills `chunk` from its start and returns how many bytes it wrote;
    /// 0 means the entry is finished.
    func read(into chunk: inout [UInt8]) throws(ConversionError) -> Int {
        let result: Result<Int, ConversionError> = chunk.withUnsafeMutableBytes { buffer in
            do throws(ConversionError) { return .success(try read(into: buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Up to `maxCount` next bytes; empty at the end of the entry.
    func read(maxCount: Int = 1 << 16) throws(ConversionError) -> [UInt8] {
        var chunk = [UInt8](repeating: 0, count: max(maxCount, 1))
        let count = try read(into: &chunk)
        chunk.removeSubrange(count...)
        return chunk
    }

    /// The raw form for C callbacks (libxml2's read callback hands over a
    /// buffer); converters use the array forms.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(ConversionError) -> Int {
        if let failure { throw failure }
        guard let file, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        let room = max(0, archive.allowance(for: entry) - bytesRead)
        let request = min(buffer.count, room &+ 1)
        let got = zip_fread(file, base, UInt64(request))
        if got < 0 {
            let error = zip_file_get_error(file)
            fail(ZipArchive.error(code: zip_error_code_zip(error), message: String(cString: zip_error_strerror(error)), context: entry.name))
        } else if got == 0 {
            close()
            return 0
        } else {
            bytesRead &+= Int(got)
            do {
                try archive.account(entry, produced: bytesRead)
            } catch {
                fail(error)
            }
        }
        if let failure { throw failure }
        return Int(got)
    }

    /// Releases libzip's decompressor before the reader itself goes away.
    func close() {
        if let file { zip_fclose(file) }
        file = nil
    }

    private func fail(_ error: ConversionError) {
        failure = error
        close()
    }
}
