#if canImport(Glibc)
import Glibc
#endif

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's. A byte
    /// search, for ASCII needles in hot loops: `contains(_:)` on strings
    /// compares characters and costs a hundred times more. (For ASCII
    /// needles the two differ only where a combining mark follows the
    /// match, which font names and leader dots never have.)
    func containsUTF8(_ needle: String) -> Bool {
        var haystack = self
        var needle = needle
        return haystack.withUTF8 { hay in
            needle.withUTF8 { pin in
                guard !pin.isEmpty else { return true }
                guard hay.count >= pin.count, let base = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
                let last = hay.count - pin.count
                var index = 0
                // Candidates are where the first byte is, found with memchr.
                while index <= last, let found = memchr(base + index, Int32(pin[0]), last - index + 1) {
                    let position = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + position, pinBase, pin.count) == 0 { return true }
                    index = position + 1
                }
                return false
            }
        }
    }
}
