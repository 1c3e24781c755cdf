import AnyDocSwift
import FoundationEssentials
import Glibc

/// A Markdown file written under a temporary name and renamed into place
/// only when the conversion succeeded, so a reader never sees half a file
/// and a failure leaves no stale output.
///
/// A path the user named that is a device or a FIFO (`-o /dev/null`,
/// `--report /dev/stdout`) is written as it is: renaming over it would
/// replace the device with a regular file.
final class OutputFile {
    let output: FileDescriptorOutput
    private let file: TemporaryFile?
    private let stream: Int32

    /// `relative` is below `root` and reached without following links;
    /// `tracked` as for `TemporaryFile`.
    init(root: String, relative: String, tracked: Bool = true) throws(ConversionError) {
        let folder = try ContainedFolder(root: root, relative: PathName.folder(relative))
        let file = try TemporaryFile(in: folder, finalName: PathName.last(relative), tracked: tracked)
        self.file = file
        stream = -1
        output = FileDescriptorOutput(descriptor: file.descriptor)
    }

    private init(stream: Int32) {
        file = nil
        self.stream = stream
        output = FileDescriptorOutput(descriptor: stream)
    }

    /// A path the user named: its folder is taken as named.
    convenience init(path: String, tracked: Bool = true) throws(ConversionError) {
        if let stream = try Self.openStream(path) {
            self.init(stream: stream)
            return
        }
        let folder = PathName.folder(path)
        try self.init(root: folder.isEmpty ? "." : folder, relative: PathName.last(path), tracked: tracked)
    }

    /// An open descriptor on `path` when it is a character device or a
    /// FIFO (links followed: the user named it); nil for anything else.
    private static func openStream(_ path: String) throws(ConversionError) -> Int32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFCHR || kind == S_IFIFO else { return nil }
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("cannot open \(path): \(String(cString: strerror(errno)))") }
        return descriptor
    }

    /// The bytes written so far.
    var size: Int {
        var info = stat()
        return fstat(file?.descriptor ?? stream, &info) == 0 ? Int(info.st_size) : 0
    }

    func commit() throws(ConversionError) {
        if let file { try file.commit() } else { closeStream() }
    }

    func discard() {
        if let file { file.discard() } else { closeStream() }
    }

    private var closed = false

    private func closeStream() {
        guard !closed else { return }
        closed = true
        close(stream)
    }

    deinit { if file == nil { closeStream() } }
}
