import Glibc

/// Writing to the terminal's standard streams.
enum Terminal {
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(2, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { if errno == EINTR { continue }; return }
                offset += written
            }
        }
    }

    static func writeOutput(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { if errno == EINTR { continue }; return }
                offset += written
            }
        }
    }

    static var standardErrorIsTerminal: Bool { isatty(2) == 1 }

    /// The terminal's width in columns, 80 when unknown.
    static var columns: Int {
        var size = winsize()
        if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
