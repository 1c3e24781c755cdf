import AnyDocSwift
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
    private let start = MonotonicClock.seconds()
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
            let now = MonotonicClock.seconds()
            guard now - state.lastDraw >= 0.1 || state.done == total else { return }
            state.lastDraw = now
            state.drawn = true
            let rate = Double(state.done) / max(now - start, 0.001)
            let counts = "[\(state.done)/\(total)] \(Self.format(rate)) files/s  "
            // The line must never wrap: a wrapped line is not erased by the
            // next redraw and leaves a trail of half lines.
            let room = Terminal.columns - DisplayWidth.of(counts) - 1
            Terminal.writeError("\r\u{1B}[K" + counts + (room > 3 ? DisplayWidth.tail(of: path, fitting: room) : ""))
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

/// How many terminal columns text takes: East Asian wide and full-width
/// characters and emoji take two, combining marks and controls none.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    /// The end of `text` in at most `width` columns, led by `…` when cut.
    static func tail(of text: String, fitting width: Int) -> String {
        guard of(text) > width else { return text }
        var kept = String.UnicodeScalarView()
        var used = 1  // the ellipsis
        for scalar in text.unicodeScalars.reversed() {
            let needed = columns(scalar)
            if used + needed > width { break }
            used += needed
            kept.append(scalar)
        }
        return "…" + String(String.UnicodeScalarView(kept.reversed()))
    }

    static func columns(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
