#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Copies a few bytes, as table cells and CSV fields mostly are: up to
/// 16 as two overlapping loads and stores, cheaper than a call to
/// `memcpy`, which takes the rest.
enum ShortCopy {
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(target)
        if count >= 8, count <= 16 {
            let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4, count < 8 {
            let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else if count < 4 {
            for index in 0..<count { target[index] = source[index] }
        } else {
            memcpy(target, source, count)
        }
    }
}
