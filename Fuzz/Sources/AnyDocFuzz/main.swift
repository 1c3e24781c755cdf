import CFuzzerDriver
import Glibc

let name = getenv("ANYDOC_FUZZ_TARGET").map { String(cString: $0) } ?? ""
guard let target = FuzzTarget(rawValue: name) else {
    var message = "set ANYDOC_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n"
    _ = message.withUTF8 { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
let missing = target.formatsWithoutConverter
guard missing.isEmpty else {
    var message = "no converter for \(missing.map(\.rawValue).joined(separator: ", ")) is linked into the fuzz driver\n"
    _ = message.withUTF8 { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
selectedTarget = target

var argumentCount = CommandLine.argc
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argumentCount, &arguments, fuzzOneInput))
