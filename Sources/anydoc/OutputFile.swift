import AnyDocSwift
import Glibc

/// A Markdown file written under a temporary name and renamed into place
/// only when the conversion succeeded, so a reader never sees half a file
/// and a failure leaves no stale output.
final class OutputFile {
    let output: FileDescriptorOutput
    private let path: String
    private let temporaryPath: String
    private let descriptor: Int32
    private var closed = false
    private var committed = false

    init(path: String) throws(ConversionError) {
        self.path = path
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        temporaryPath = folder + "/." + name + ".\(getpid()).tmp"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ConversionError(.io, "cannot create \(path): \(String(cString: strerror(errno)))")
        }
        output = FileDescriptorOutput(descriptor: descriptor)
    }

    func commit() throws(ConversionError) {
        closeDescriptor()
        committed = true
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw ConversionError(.io, "cannot write \(path): \(reason)")
        }
    }

    func discard() {
        closeDescriptor()
        unlink(temporaryPath)
    }

    private func closeDescriptor() {
        if !closed { close(descriptor); closed = true }
    }

    deinit { if !committed { discard() } }
}
