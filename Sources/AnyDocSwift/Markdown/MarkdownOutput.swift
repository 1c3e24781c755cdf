#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where rendered Markdown goes, a piece at a time.
public protocol MarkdownOutput: AnyObject {
    func write(_ text: String) throws(ConversionError)
}

/// Keeps the Markdown in memory.
public final class StringOutput: MarkdownOutput {
    /// The Markdown written so far.
    @exclusivity(unchecked)
    public private(set) var text = ""

    /// An output holding no text yet.
    public init() {}

    public func write(_ text: String) throws(ConversionError) {
        self.text += text
    }
}

/// Writes Markdown to an open file descriptor (a file, a pipe, stdout).
/// The descriptor stays open; its owner closes it.
public final class FileDescriptorOutput: MarkdownOutput {
    private let descriptor: Int32

    /// An output writing to `descriptor`, which must stay open while it is used.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public func write(_ text: String) throws(ConversionError) {
        var text = text
        let failure = text.withUTF8 { POSIXFile.writeAll(descriptor, UnsafeRawBufferPointer($0)) }
        if let failure {
            throw .io("cannot write output: \(String(cString: strerror(failure)))")
        }
    }
}
