/// The target chosen by `ANYDOC_FUZZ_TARGET`, set once before libFuzzer
/// starts and only read afterwards.
nonisolated(unsafe) var selectedTarget = FuzzTarget.detect

/// libFuzzer calls this for every input. Typed errors are the expected
/// outcome of garbage; only a trap, a sanitizer report, a hang or runaway
/// memory counts as a finding. The C name is the one libFuzzer's runtime
/// links against.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { [UInt8](UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget.run(bytes)
    return 0
}
