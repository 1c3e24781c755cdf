import AnyDocSwift
import FoundationEssentials
import Glibc

/// A Markdown file written under a temporary name and renamed into place
/// only when the conversion succeeded, so a reader never sees half a file
/// and a failure leaves no stale output.
final class OutputFile {
    let output: FileDescriptorOutput
    private let file: TemporaryFile

    /// `relative` is below `root` and reached without following links.
    init(root: String, relative: String) throws(ConversionError) {
        let folder = try ContainedFolder(root: root, relative: PathName.folder(relative))
        file = try TemporaryFile(in: folder, finalName: PathName.last(relative))
        output = FileDescriptorOutput(descriptor: file.descriptor)
    }

    /// A path the user named: its folder is taken as named.
    convenience init(path: String) throws(ConversionError) {
        let folder = PathName.folder(path)
        try self.init(root: folder.isEmpty ? "." : folder, relative: PathName.last(path))
    }

    /// The bytes written so far.
    var size: Int {
        var info = stat()
        return fstat(file.descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    func commit() throws(ConversionError) { try file.commit() }

    func discard() { file.discard() }
}
