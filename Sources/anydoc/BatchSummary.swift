import AnyDocSwift

/// The lines a batch ends with on standard error. Failures are always
/// told, even with `--quiet`, which only drops the rest.
struct BatchSummary {
    let items: [BatchItem]
    let notes: [String]
    let removedOutputs: [String]
    let seconds: Double
    let interrupted: Bool

    /// The summary; every name and message from outside is printed with
    /// its control characters escaped, so none can forge a line. With
    /// `quiet`, failures and documents that gave no text, nothing else.
    func text(quiet: Bool) -> String {
        let e = PrintableText.escaped
        let failed = items.filter { $0.status == .failed }.sorted { $0.path < $1.path }
        if quiet {
            let errors = failed.map { "anydoc: error: \(e($0.path)): \(e($0.errorKind ?? "")): \(e($0.error ?? ""))\n" }
            let empty = items.sorted { $0.path < $1.path }.flatMap { item in
                (item.warnings ?? []).filter(ConversionWarning.isNoText).map { "anydoc: warning: \(e(item.path)): \(e($0))\n" }
            }
            return (errors + empty).joined()
        }
        let converted = items.filter { $0.status == .ok }.count
        let attempted = converted + failed.count
        let unchanged = items.filter { $0.status == .unchanged }
        let skipped = items.filter { $0.status == .skipped }.sorted { $0.path < $1.path }
        let rate = Double(attempted) / max(seconds, 0.001)
        var text = interrupted ? "Interrupted: c" : "C"
        text += "onverted \(converted) of \(attempted) files in \(Self.format(seconds)) s (\(Self.format(rate)) files/s)"
        if !unchanged.isEmpty {
            let failedBefore = unchanged.filter(\.hasFailed).count
            text += ", \(unchanged.count) unchanged" + (failedBefore > 0 ? " (\(failedBefore) of them failed before)" : "")
        }
        if !skipped.isEmpty { text += ", skipped \(skipped.count)" }
        text += failed.isEmpty ? ".\n" : "; \(failed.count) failed:\n"
        for item in failed { text += "  \(e(item.path)): \(e(item.errorKind ?? "")): \(e(item.error ?? ""))\n" }
        let warned = items.filter { !($0.warnings ?? []).isEmpty }.sorted { $0.path < $1.path }
        if !warned.isEmpty { text += "Warnings:\n" }
        for item in warned {
            for warning in item.warnings ?? [] { text += "  \(e(item.path)): \(e(warning))\n" }
        }
        if !skipped.isEmpty { text += "Skipped:\n" }
        for item in skipped { text += "  \(e(item.path)): \(e(item.error ?? ""))\n" }
        for path in removedOutputs.sorted() { text += "Removed the stale output \(e(path)) of an input that no longer converts.\n" }
        for note in notes { text += "Note: \(e(note))\n" }
        return text
    }

    static func format(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        return "\(hundredths / 100).\(String(hundredths % 100).leftPadded(2))"
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
