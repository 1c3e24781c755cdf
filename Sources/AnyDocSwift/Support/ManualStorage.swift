/// Growth for storage a type allocates by hand (an output buffer, a batch
/// of records), where the hot path appends after one capacity check of
/// its own and no uniqueness test; only growing comes here.
enum ManualStorage {
    /// Makes `base` hold at least `needed` elements (more than its
    /// `capacity`), at least doubling it; its first `count` are kept.
    @inline(never)
    static func grow<Element>(_ base: inout UnsafeMutablePointer<Element>, capacity: inout Int, count: Int, needed: Int) {
        let grown = max(2 * capacity, needed)
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }
}
