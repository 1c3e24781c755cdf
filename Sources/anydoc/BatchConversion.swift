import AnyDocSwift
import Dispatch
import Foundation
import Synchronization

/// Converts many documents in parallel into a folder that mirrors their
/// tree. One bad file never stops the batch: it is counted and reported.
struct BatchConversion: Sendable {
    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let assetsFolder: String?
    let outputFolder: String
    let jobs: Int
    let timingsPath: String?
    let showProgress: Bool

    struct Failure: Sendable {
        let path: String
        let error: ConversionError
    }

    struct Report {
        let total: Int
        let failures: [Failure]
        let skipped: [String]
        let seconds: Double

        var summary: String {
            let converted = total - failures.count
            let rate = Double(total) / max(seconds, 0.001)
            var text = "Converted \(converted) of \(total) files in \(Self.format(seconds)) s (\(Self.format(rate)) files/s)"
            if !skipped.isEmpty { text += ", skipped \(skipped.count) with unsupported extensions" }
            text += failures.isEmpty ? ".\n" : "; \(failures.count) failed:\n"
            for failure in failures.sorted(by: { $0.path < $1.path }) {
                text += "  \(failure.path): \(failure.error.kind.rawValue): \(failure.error.reason)\n"
            }
            return text
        }

        private static func format(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded())
            return "\(hundredths / 100).\(String(hundredths % 100).leftPadded(2))"
        }
    }

    func run(_ inputs: InputFiles) -> Report {
        let files = inputs.files
        let outputs = inputs.markdownPaths()
        let start = Terminal.monotonicSeconds()
        let progress = ProgressLine(total: files.count, enabled: showProgress)
        let next = Atomic(0)
        let failures = Mutex([Failure]())
        let timings = Mutex([String](repeating: "", count: files.count))
        let folders = Mutex(Set<String>())
        let workers = max(1, min(jobs, files.count))
        let converter = AnyDocConverter(options: self.converter.options.sharingCores(among: workers))

        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let file = files[index]
                let fileStart = Terminal.monotonicSeconds()
                var outcome = "ok"
                var convertSeconds = 0.0
                do throws(ConversionError) {
                    convertSeconds = try convert(file, with: converter, to: outputFolder + "/" + outputs[index], folders: folders)
                } catch {
                    outcome = error.code
                    failures.withLock { $0.append(Failure(path: file.path, error: error)) }
                }
                if timingsPath != nil {
                    // A failed conversion counts its whole time.
                    let total = (Terminal.monotonicSeconds() - fileStart) * 1000
                    let converting = outcome == "ok" ? convertSeconds * 1000 : total
                    timings.withLock { $0[index] = "\(file.path)\t\(converting)\t\(outcome)\t\(total)\n" }
                }
                progress.finished(file.relativePath)
            }
        }
        progress.clear()
        if let timingsPath {
            let text = timings.withLock { $0.joined() }
            if !FileManager.default.createFile(atPath: timingsPath, contents: Data(text.utf8)) {
                Terminal.writeError("anydoc: error: cannot write timings to \(timingsPath)\n")
            }
        }
        return Report(
            total: files.count, failures: failures.withLock { $0 }, skipped: inputs.skipped,
            seconds: Terminal.monotonicSeconds() - start)
    }

    /// Returns the seconds spent converting, as `ConversionJob` measures them.
    private func convert(
        _ file: InputFiles.File, with converter: AnyDocConverter, to outputPath: String, folders: borrowing Mutex<Set<String>>
    ) throws(ConversionError) -> Double {
        let folder = (outputPath as NSString).deletingLastPathComponent
        // Each output folder is created once, not once per file.
        if !folders.withLock({ $0.contains(folder) }) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw ConversionError(.io, "cannot create \(folder)", file: file.path)
            }
            folders.withLock { _ = $0.insert(folder) }
        }
        let assets = assetsFolder.map { $0 + "/" + (file.relativePath as NSString).deletingPathExtension }
        var options = markdownOptions
        if let assets { options.embeddedImages = .link(prefix: assets) }
        let job = ConversionJob(converter: converter, markdownOptions: options, assetsFolder: assets)
        return try job.convert(file.path, to: outputPath)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
