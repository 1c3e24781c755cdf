#if canImport(Glibc)
import Glibc
#endif

/// One glibc iconv conversion, between two encodings named as iconv
/// names them; it owns the conversion descriptor and closes it when
/// released. Not for sharing between threads.
///
/// Conversion is strict: a sequence that is invalid or cut short in the
/// source encoding, or has no equivalent in the target, fails the whole
/// conversion rather than being replaced or skipped.
final class Iconv {
    private let descriptor: iconv_t

    /// Nil when iconv cannot convert between the two encodings.
    init?(from source: String, to target: String = "UTF-8") {
        guard let descriptor = iconv_open(target, source), descriptor != iconv_t(bitPattern: -1) else {
            return nil
        }
        self.descriptor = descriptor
    }

    deinit {
        iconv_close(descriptor)
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
