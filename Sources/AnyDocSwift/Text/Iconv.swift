#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// One glibc iconv conversion, between two encodings named as iconv
/// names them; it owns the conversion descriptor and closes it when
/// released. Not for sharing between threads.
///
/// Conversion is strict: a sequence that is invalid or cut short in the
/// source encoding, or has no equivalent in the target, fails the whole
/// conversion rather than being replaced or skipped.
///
/// Descriptors go back to a small process-wide pool instead of being
/// closed: opening one loads the encoding's gconv module, and glibc
/// unloads it soon after the last close, so detecting the encoding of
/// file after file loaded the same modules over and over (milliseconds
/// for a few bytes of CSV).
final class Iconv {
    private let descriptor: iconv_t
    private let key: String

    /// Nil when iconv cannot convert between the two encodings.
    init?(from source: String, to target: String = "UTF-8") {
        key = source + "\u{0}" + target
        if let pooled = IconvPool.take(key) {
            descriptor = pooled
            return
        }
        guard let descriptor = iconv_open(target, source), descriptor != iconv_t(bitPattern: -1) else {
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        // Back to the initial shift state before anyone else uses it.
        iconv(descriptor, nil, nil, nil, nil)
        if !IconvPool.give(descriptor, key: key) { iconv_close(descriptor) }
    }

    /// The raw descriptor, for decoders with their own error policy.
    func withDescriptor<Result>(_ body: (iconv_t) -> Result) -> Result {
        body(descriptor)
    }

    /// `input` in the target encoding, or nil when it is not valid in the
    /// source encoding.
    func convert(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        iconv(descriptor, nil, nil, nil, nil)
        var output = [UInt8](repeating: 0, count: input.count * 3 / 2 + 16)
        var produced = 0
        var inPointer = UnsafeMutablePointer<CChar>(mutating: UnsafeRawPointer(input.baseAddress)?.assumingMemoryBound(to: CChar.self))
        var inLeft = input.count
        var flushing = false
        while true {
            let status = output.withUnsafeMutableBytes { buffer -> Int in
                var outPointer: UnsafeMutablePointer<CChar>? = (buffer.baseAddress! + produced).assumingMemoryBound(to: CChar.self)
                var outLeft = buffer.count - produced
                // After the input, a call without input writes any closing shift sequence.
                let status = flushing
                    ? iconv(descriptor, nil, nil, &outPointer, &outLeft)
                    : iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                produced = buffer.count - outLeft
                return status
            }
            if status == -1 {
                guard errno == E2BIG else { return nil }
                output.append(contentsOf: repeatElement(0, count: max(output.count, 64)))
                continue
            }
            if flushing { break }
            flushing = true
        }
        output.removeSubrange(produced...)
        return output
    }

    func convert(_ input: ArraySlice<UInt8>) -> [UInt8]? {
        input.withUnsafeBufferPointer { convert($0) }
    }

    /// Converts `input` from `source` to UTF-8 in one go.
    static func decode(_ input: ArraySlice<UInt8>, from source: String) -> [UInt8]? {
        Iconv(from: source)?.convert(input)
    }
}

/// Open iconv descriptors not in use, by source and target encoding.
private enum IconvPool {
    /// Unchecked: `iconv_t` is a C pointer. A descriptor is used by one
    /// thread at a time; the pool hands each to one owner.
    struct Descriptor: @unchecked Sendable { let raw: iconv_t }

    /// Enough for every thread of a batch to hold one of each encoding.
    static let maxPerKey = 8
    static let free = Mutex<[String: [Descriptor]]>([:])

    static func take(_ key: String) -> iconv_t? {
        free.withLock { $0[key]?.popLast()?.raw }
    }

    /// False when the pool for `key` is full and the caller should close it.
    static func give(_ descriptor: iconv_t, key: String) -> Bool {
        free.withLock { pool in
            guard pool[key, default: []].count < maxPerKey else { return false }
            pool[key, default: []].append(Descriptor(raw: descriptor))
            return true
        }
    }
}
