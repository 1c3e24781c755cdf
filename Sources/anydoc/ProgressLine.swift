import Synchronization

/// A one-line progress display on standard error (count, rate, current
/// file), redrawn at most ten times a second; silent when disabled.
final class ProgressLine: Sendable {
    private struct State {
        var done = 0
        var lastDraw = 0.0
        var drawn = false
    }

    private let total: Int
    private let enabled: Bool
    private let start = Terminal.monotonicSeconds()
    private let state = Mutex(State())

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    /// Counts one finished file and redraws if it is time.
    func finished(_ path: String) {
        guard enabled else { return }
        state.withLock { state in
            state.done += 1
            let now = Terminal.monotonicSeconds()
            guard now - state.lastDraw >= 0.1 || state.done == total else { return }
            state.lastDraw = now
            state.drawn = true
            let rate = Double(state.done) / max(now - start, 0.001)
            var line = "[\(state.done)/\(total)] \(Self.format(rate)) files/s  "
            let room = Terminal.columns - line.count - 1
            if room > 3 {
                line += path.count > room ? "…" + String(path.suffix(room - 1)) : path
            }
            Terminal.writeError("\r\u{1B}[K" + line)
        }
    }

    /// Erases the line so the summary starts clean.
    func clear() {
        guard enabled else { return }
        state.withLock { state in
            if state.drawn { Terminal.writeError("\r\u{1B}[K") }
        }
    }

    private static func format(_ rate: Double) -> String {
        let tenths = Int((rate * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
