internal import AnyDocSwift
import Glibc

/// Holds byte records — each page's packed lines and line sketches —
/// between the passes of a PDF conversion.
///
/// The first `memoryLimit` bytes stay in memory; past that the store
/// moves to a temporary file that is unlinked as soon as it is made, so a
/// long document keeps flat memory and nothing is left behind. When no
/// such file can be made or written the bytes stay in memory.
///
/// Once the last record is in, any number of threads may read records at
/// once: reading changes nothing in the store.
final class PDFPageStore: @unchecked Sendable {
    private enum Place { case memory, file }
    private var memory: [UInt8] = []
    private var descriptor: Int32 = -1
    private var fileSize = 0
    private var slots: [(place: Place, offset: Int, count: Int)] = []
    private var scratch: [UInt8] = []
    private let memoryLimit: Int

    init(memoryLimit: Int = 8 << 20) {
        self.memoryLimit = memoryLimit
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether the store has moved to its temporary file.
    var isSpilled: Bool { descriptor >= 0 }

    /// Keeps the record `encode` writes and returns the slot that gives it back.
    func append(_ encode: (inout [UInt8]) -> Void) -> Int {
        scratch.removeAll(keepingCapacity: true)
        encode(&scratch)
        if descriptor < 0, memory.count + scratch.count > memoryLimit { spill() }
        // Written at the file's end as this store counts it: a write that
        // failed part-way leaves bytes past it that the next one replaces.
        if descriptor >= 0, scratch.withUnsafeBytes({ POSIXFile.writeAll(descriptor, $0, at: fileSize) }) == nil {
            slots.append((.file, fileSize, scratch.count))
            fileSize += scratch.count
        } else {
            slots.append((.memory, memory.count, scratch.count))
            memory += scratch
        }
        return slots.count - 1
    }

    /// The record kept in `slot`, given to `decode`. Fails with `I/O` when
    /// the temporary file cannot be read back. A record read from the file
    /// goes through a buffer of the caller's own, so readers never share one.
    func record<T>(_ slot: Int, _ decode: (UnsafeRawBufferPointer) -> T) throws(ConversionError) -> T {
        let (place, offset, count) = slots[slot]
        guard place == .file else {
            return memory.withUnsafeBytes { decode(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        }
        return try withUnsafeTemporaryAllocation(byteCount: count, alignment: 8) { buffer throws(ConversionError) in
            guard POSIXFile.fill(descriptor, buffer, at: offset) == count else {
                throw .io("a PDF page could not be read back from a temporary file")
            }
            return decode(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Moves the bytes kept so far into a new, already unlinked temporary
    /// file; on any failure they stay in memory.
    private func spill() {
        let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/anydoc-pdf-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        guard memory.withUnsafeBytes({ POSIXFile.writeAll(file, $0, at: 0) }) == nil else {
            close(file)
            return
        }
        for index in slots.indices where slots[index].place == .memory { slots[index].place = .file }
        fileSize = memory.count
        memory = []
        descriptor = file
    }
}
