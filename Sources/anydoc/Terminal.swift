import AnyDocSwift
import Glibc

/// Writing to the terminal's standard streams.
enum Terminal {
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { _ = POSIXFile.writeAll(2, UnsafeRawBufferPointer($0)) }
    }

    /// Writes one line to standard error with control characters in it
    /// escaped: a file name holding a newline or an escape sequence must
    /// not forge a second line or repaint the terminal.
    static func writeErrorLine(_ line: String) {
        writeError(PrintableText.escaped(line) + "\n")
    }

    static func writeOutput(_ text: String) {
        var text = text
        text.withUTF8 { _ = POSIXFile.writeAll(1, UnsafeRawBufferPointer($0)) }
    }

    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// The terminal's width in columns, 80 when unknown.
    static var columns: Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
