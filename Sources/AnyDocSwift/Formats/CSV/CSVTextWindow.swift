/// The part of a CSV text being read: from the start of the current
/// record to as far as the text has been read, in one contiguous buffer
/// that `CSVReader` scans.
///
/// Consumed records are dropped from the front and new text is read
/// straight into the free space at the back, so memory holds about one
/// piece plus the longest record, whatever the text's size. A window can
/// also borrow a whole text held elsewhere, which is then final from the
/// start.
final class CSVTextWindow {
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private let owned: Bool
    private var start = 0
    private var end = 0
    /// Where the window starts in the whole text.
    private(set) var base = 0
    /// Whether the window runs to the end of the text.
    var isFinal: Bool

    /// An empty window that owns its buffer.
    init() {
        storage = UnsafeMutableBufferPointer(start: nil, count: 0)
        owned = true
        isFinal = false
    }

    /// A window over the whole of `text`, which must outlive it.
    init(borrowing text: UnsafeBufferPointer<UInt8>) {
        storage = UnsafeMutableBufferPointer(mutating: text)
        owned = false
        end = text.count
        isFinal = true
    }

    deinit {
        if owned { storage.deallocate() }
    }

    /// The bytes in the window.
    var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: UnsafeBufferPointer(storage)[start..<end])
    }

    /// Forgets the first `count` bytes of the window.
    func drop(_ count: Int) {
        start += count
        base += count
    }

    /// Reads at least `count` more bytes (fewer only at the end of the
    /// text) from `text` straight into the buffer after the window, and
    /// returns how many it read; 0 at the end of the text.
    func fill<Raw>(from text: inout CSVTextPieces<Raw>, atLeast count: Int) throws(ConversionError) -> Int {
        precondition(owned, "a borrowed window holds the whole text")
        makeRoom(for: max(count, 3))
        var added = 0
        while added < count {
            let got = try text.read(into: UnsafeMutableBufferPointer(rebasing: storage[end...]))
            guard got > 0 else { break }
            end += got
            added += got
        }
        return added
    }

    /// Moves what is kept to the front of the buffer, and grows it when
    /// it is too small for that and `count` more bytes.
    private func makeRoom(for count: Int) {
        let kept = end - start
        if kept + count > storage.count {
            let grown = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(kept + count, 2 * storage.count))
            if kept > 0 { _ = UnsafeMutableBufferPointer(rebasing: grown[0..<kept]).initialize(from: storage[start..<end]) }
            storage.deallocate()
            storage = grown
        } else if start > 0, kept > 0, let address = storage.baseAddress {
            (address).update(from: address + start, count: kept)
        }
        start = 0
        end = kept
    }
}
