#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The Markdown writer's output buffer: UTF-8 bytes in one block of
/// memory the writer owns, appended with a capacity check and a copy —
/// no uniqueness checks or generic machinery per call, which the row
/// path of a large table makes millions of.
final class MarkdownBytes {
    @exclusivity(unchecked)
    private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked)
    private var capacity: Int
    /// The bytes held.
    @exclusivity(unchecked)
    private(set) var count = 0

    private let initialCapacity: Int

    init(capacity: Int = 1 << 17) {
        self.capacity = capacity
        initialCapacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    var isEmpty: Bool { count == 0 }

    /// The bytes held, valid until the next change.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        ManualStorage.grow(&base, capacity: &capacity, count: count, needed: count + extra)
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        memcpy(base + count, source, bytes.count)
        count += bytes.count
    }

    /// Appends a plain pipe-table cell and the bar after it, ` cell |`,
    /// with one capacity check.
    @inline(__always)
    func appendPlainCell(_ cell: UnsafeBufferPointer<UInt8>) {
        reserve(cell.count + 3)
        let end = base + count
        end[0] = UInt8(ascii: " ")
        if let source = cell.baseAddress, !cell.isEmpty { ShortCopy.copy(source, to: end + 1, count: cell.count) }
        end[cell.count + 1] = UInt8(ascii: " ")
        end[cell.count + 2] = UInt8(ascii: "|")
        count += cell.count + 3
    }

    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Whether the bytes start with `text`'s UTF-8.
    func starts(with text: String) -> Bool {
        var text = text
        return text.withUTF8 { prefix in count >= prefix.count && (prefix.isEmpty || memcmp(base, prefix.baseAddress!, prefix.count) == 0) }
    }

    /// Puts `text` in place of the first `length` bytes.
    func replacePrefix(_ length: Int, with text: String) {
        let rest = Array(UnsafeBufferPointer(start: base + length, count: count - length))
        count = 0
        append(text)
        rest.withUnsafeBufferPointer { append($0) }
    }

    /// Empties the buffer. One grown far past its first size (a huge
    /// table cell passed through it) goes back to that size, so the
    /// memory one cell needed is not held for the rest of a conversion.
    func removeAll() {
        count = 0
        guard capacity > 4 * initialCapacity else { return }
        base.deallocate()
        base = .allocate(capacity: initialCapacity)
        capacity = initialCapacity
    }

    /// How many bytes the buffer holds before it grows.
    var reservedCapacity: Int { capacity }
}
