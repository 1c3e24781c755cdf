import Glibc

/// Unicode's NFKC_Casefold of a string (compatibility-composed, case-folded,
/// default-ignorable code points removed), from the system's ICU.
///
/// ICU is usually in the process already (Debian's libxml2 links it), so
/// this costs nothing at start-up, where Foundation's
/// `precomposedStringWithCompatibilityMapping` and `folding` would load
/// Foundation and its own ICU into every run of the command line. ICU's
/// functions carry its version in their names (`…_72`), so they are looked
/// up for each version a system may have.
enum NFKCCaseFold {
    private typealias GetInstance = @convention(c) (UnsafeMutablePointer<Int32>) -> OpaquePointer?
    private typealias Normalize = @convention(c) (
        OpaquePointer?, UnsafePointer<UInt16>?, Int32, UnsafeMutablePointer<UInt16>?, Int32, UnsafeMutablePointer<Int32>
    ) -> Int32

    private struct ICU: @unchecked Sendable {
        // The normaliser is an immutable ICU singleton, safe from any thread.
        let normalizer: OpaquePointer
        let normalize: Normalize
    }

    private static let icu: ICU? = {
        for version in (50...99).reversed() {
            guard let library = dlopen("libicuuc.so.\(version)", RTLD_NOW | RTLD_LOCAL) else { continue }
            guard let get = dlsym(library, "unorm2_getNFKCCasefoldInstance_\(version)"),
                  let normalize = dlsym(library, "unorm2_normalize_\(version)") else { continue }
            var status: Int32 = 0
            guard let normalizer = unsafeBitCast(get, to: GetInstance.self)(&status), status <= 0 else { continue }
            return ICU(normalizer: normalizer, normalize: unsafeBitCast(normalize, to: Normalize.self))
        }
        return nil
    }()

    /// Whether ICU was found; without it `fold` only lowercases.
    static var isAvailable: Bool { icu != nil }

    /// `text` in NFKC_Casefold; lowercased only when no ICU is installed.
    static func fold(_ text: String) -> String {
        guard let icu else { return text.lowercased() }
        let source = Array(text.utf16)
        var capacity = Int32(source.count * 3 + 16)
        while true {
            var status: Int32 = 0
            var target = [UInt16](repeating: 0, count: Int(capacity))
            let length = icu.normalize(icu.normalizer, source, Int32(source.count), &target, capacity, &status)
            // U_BUFFER_OVERFLOW_ERROR is 15; any other failure leaves the text as it is.
            if status == 15 { capacity = length + 1; continue }
            guard status <= 0 else { return text.lowercased() }
            return String(decoding: target[..<Int(length)], as: UTF16.self)
        }
    }
}
