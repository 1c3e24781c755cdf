internal import AnyDocSwift
import Glibc

/// Holds every page's lines between the two passes of a PDF conversion.
///
/// Lines are packed into bytes as pages are read. The first
/// `memoryLimit` bytes stay in memory; past that the store moves to a
/// temporary file that is unlinked as soon as it is made, so a long
/// document keeps flat memory and nothing is left behind. When no such
/// file can be made the bytes stay in memory.
final class PDFLineStore {
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

    /// Keeps `lines` and returns the slot that gives them back.
    func append(_ lines: [PDFTextLine]) -> Int {
        scratch.removeAll(keepingCapacity: true)
        PDFLineCoding.encode(lines, into: &scratch)
        if descriptor < 0, memory.count + scratch.count > memoryLimit { spill() }
        if descriptor >= 0, scratch.withUnsafeBytes({ POSIXFile.writeAll(descriptor, $0) }) == nil {
            slots.append((.file, fileSize, scratch.count))
            fileSize += scratch.count
        } else {
            slots.append((.memory, memory.count, scratch.count))
            memory += scratch
        }
        return slots.count - 1
    }

    /// The lines kept in `slot`. Fails with `I/O` when the temporary file
    /// cannot be read back.
    func lines(_ slot: Int) throws(ConversionError) -> [PDFTextLine] {
        let (place, offset, count) = slots[slot]
        guard place == .file else {
            return memory.withUnsafeBytes { PDFLineCoding.decode(UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
        }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { POSIXFile.fill(descriptor, $0, at: offset) }
        guard read == count else { throw .io("the PDF's lines could not be read back from a temporary file") }
        return bytes.withUnsafeBytes { PDFLineCoding.decode($0) }
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
        let inMemory = slots.indices.filter { slots[$0].place == .memory }
        guard memory.withUnsafeBytes({ POSIXFile.writeAll(file, $0) }) == nil else {
            close(file)
            return
        }
        for index in inMemory { slots[index].place = .file }
        fileSize = memory.count
        memory = []
        descriptor = file
    }
}
