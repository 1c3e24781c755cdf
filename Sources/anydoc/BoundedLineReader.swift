import Glibc

/// The lines of a descriptor, none held past a limit: the MCP server
/// must not buffer a hostile client's endless line. A longer line is read
/// and dropped up to its newline, and given as `maxBytes + 1` bytes of
/// filler, which the server refuses as too large (a cut line could end in
/// spaces and be read as the request it starts with).
final class BoundedLineReader {
    private let descriptor: Int32
    private let maxBytes: Int
    private var buffer = [UInt8](repeating: 0, count: 64 << 10)
    private var start = 0
    private var end = 0
    private var atEnd = false

    init(descriptor: Int32, maxBytes: Int) {
        self.descriptor = descriptor
        self.maxBytes = maxBytes
    }

    /// The next line without its newline; nil once the input has ended
    /// (a last line without a newline is still given).
    func next() -> String? {
        var line: [UInt8] = []
        var started = false
        while true {
            if start < end {
                started = true
                let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n"))
                keep(buffer[start..<(newline ?? end)], in: &line)
                start = newline.map { $0 + 1 } ?? end
                if newline != nil { return finished(line) }
            }
            guard !atEnd, refill() else { return started ? finished(line) : nil }
        }
    }

    private func finished(_ line: [UInt8]) -> String {
        line.count > maxBytes ? String(repeating: "x", count: maxBytes + 1) : String(decoding: line, as: UTF8.self)
    }

    /// Appends what fits under the cut.
    private func keep(_ bytes: ArraySlice<UInt8>, in line: inout [UInt8]) {
        let room = maxBytes + 1 - line.count
        guard room > 0 else { return }
        line += bytes.prefix(room)
    }

    /// Reads more input; false at its end or on an error.
    private func refill() -> Bool {
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                atEnd = true
                return false
            }
            start = 0
            end = count
            return true
        }
    }
}
