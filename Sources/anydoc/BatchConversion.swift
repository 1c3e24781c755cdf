import AnyDocSwift
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Converts many documents in parallel into a folder that mirrors their
/// tree. One bad file never stops the batch: it is counted and reported.
/// Every input gets its own output (`OutputNames`), files are written
/// without following links planted in the output or assets folders, and
/// an interruption removes temporary files and still reports.
struct BatchConversion: Sendable {
    let converter: AnyDocConverter
    let markdownOptions: MarkdownOptions
    let assetsFolder: String?
    let outputFolder: String
    let jobs: Int
    let timingsPath: String?
    let reportPath: String?
    let showProgress: Bool
    let quiet: Bool
    let incremental: Bool

    /// What the workers share while the batch runs.
    private final class State: Sendable {
        let items: Mutex<[BatchItem?]>
        let removed = Mutex([String]())
        let manifest: Mutex<BatchManifest>
        let timings: Mutex<[String]>
        let start = MonotonicClock.seconds()
        /// Held while the batch ends, so an interruption then waits for it.
        let ending = Mutex(false)

        init(count: Int, manifest: BatchManifest) {
            items = Mutex([BatchItem?](repeating: nil, count: count))
            self.manifest = Mutex(manifest)
            timings = Mutex([String](repeating: "", count: count))
        }
    }

    /// Runs the batch and returns the exit status.
    func run(_ inputs: InputFiles) throws -> Int32 {
        let files = inputs.files
        let outputs = OutputNames.markdownPaths(for: files.map(\.relativePath))
        try refuseOverwritingInputs(files, outputs)
        let root = try ContainedFolder(root: outputFolder, relative: "")
        try refuseSideFilesOverwriting(files, outputs)
        let placement = try AssetPlacement(outputFolder: outputFolder, assetsFolder: assetsFolder)
        if let placement, let assetsFolder { try placement.refuseHolding(outputs, assetsFolder: assetsFolder) }
        let state = State(count: files.count, manifest: BatchManifest.load(from: outputFolder))
        let finish: @Sendable (Bool) -> Int32 = { interrupted in
            self.finish(state, inputs, root: root, interrupted: interrupted)
        }
        Interruption.install { _ = finish(true) }

        let progress = ProgressLine(total: files.count, enabled: showProgress)
        let next = Atomic(0)
        let workers = max(1, min(jobs, files.count))
        let converter = AnyDocConverter(options: self.converter.options.sharingCores(among: workers))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                let file = files[index]
                let fileStart = MonotonicClock.seconds()
                let item = process(file, output: outputs[index], converter: converter, placement: placement, root: root, state: state)
                state.items.withLock { $0[index] = item }
                state.manifest.withLock { $0.record(item, for: file) }
                if timingsPath != nil {
                    let line = Self.timingLine(item, totalSeconds: MonotonicClock.seconds() - fileStart)
                    state.timings.withLock { $0[index] = line }
                }
                progress.finished(file.relativePath)
            }
        }
        progress.clear()
        return finish(false)
    }

    private func process(
        _ file: InputFiles.File, output: String, converter: AnyDocConverter, placement: AssetPlacement?,
        root: ContainedFolder, state: State
    ) -> BatchItem {
        var item = BatchItem(path: file.path, output: output, status: .ok, bytesIn: file.size)
        guard file.isRegular else {
            return skip(item, "not a regular file", root: root, state: state)
        }
        if incremental, let unchanged = state.manifest.withLock({ $0.unchanged(file, output: output, in: root) }) {
            return unchanged
        }
        let start = MonotonicClock.seconds()
        do throws(ConversionError) {
            let job = ConversionJob(converter: converter, markdownOptions: markdownOptions, assets: placement?.assets(for: output))
            let outcome: ConversionJob.Outcome
            if file.path == "-" {
                // Standard input among the inputs, never a file named "-".
                outcome = try job.convert(converter.readStandardInput(), name: nil, into: OutputFile(root: outputFolder, relative: output))
            } else if DocumentFormat(fileExtension: PathName.extension(file.path)) == nil, converter.options.format == nil {
                // A name that promises nothing: convert only what its content names.
                let bytes = try converter.readRegularFile(at: file.path, expected: file.identity)
                let detected = converter.detect(bytes, fileName: file.path)
                if detected.format == nil && !detected.isEncrypted {
                    return skip(item, "no supported format found in its content", root: root, state: state)
                }
                outcome = try job.convert(bytes, name: file.path, into: OutputFile(root: outputFolder, relative: output))
            } else {
                // Read as the conversion goes, so a large file never sits in memory whole.
                let target = try OutputFile(root: outputFolder, relative: output)
                outcome = try job.convert(fileAt: file.path, into: target, regularOnly: true, expected: file.identity)
            }
            if outcome.bytesIn > 0 { item.bytesIn = outcome.bytesIn }
            item.format = outcome.format?.rawValue
            item.bytesOut = outcome.bytesOut
            item.milliseconds = outcome.seconds * 1000
            if !outcome.warnings.isEmpty { item.warnings = outcome.warnings }
        } catch {
            item.status = .failed
            item.errorKind = error.kind.rawValue
            item.error = error.reason
            item.milliseconds = (MonotonicClock.seconds() - start) * 1000
            removeStale(output, of: file.path, root: root, state: state)
        }
        return item
    }

    private func skip(_ item: BatchItem, _ reason: String, root: ContainedFolder, state: State) -> BatchItem {
        var item = item
        item.status = .skipped
        item.error = reason
        if let output = item.output { removeStale(output, of: item.path, root: root, state: state) }
        item.output = nil
        return item
    }

    /// An input that no longer converts must not leave an output that
    /// looks current: the output an earlier run recorded for it is
    /// removed and listed in the summary. A file the manifest does not
    /// name as that input's output is not anydoc's, and stays.
    private func removeStale(_ output: String, of path: String, root: ContainedFolder, state: State) {
        guard state.manifest.withLock({ $0.wrote(output, for: path) }) else { return }
        if root.removeFile(output) { state.removed.withLock { $0.append(output) } }
    }

    /// Refuses, before anything is written, a batch whose output would
    /// replace one of its inputs (the output folder is the input folder).
    private func refuseOverwritingInputs(_ files: [InputFiles.File], _ outputs: [String]) throws {
        let inputs = Set(files.compactMap { FileIdentity(path: $0.path) })
        for output in outputs {
            let path = outputFolder + "/" + output
            if let identity = FileIdentity(path: path), inputs.contains(identity) {
                throw UsageError("the output \(path) would replace an input; choose an output folder outside the inputs")
            }
        }
    }

    /// Refuses, before anything is converted, a `--report` or `--timings`
    /// file that would replace an input, or a Markdown output of this
    /// batch (it is written last, over what the batch made).
    private func refuseSideFilesOverwriting(_ files: [InputFiles.File], _ outputs: [String]) throws {
        let sideFiles = [("--report", reportPath), ("--timings", timingsPath)].compactMap { option, path in path.map { (option, $0) } }
        guard !sideFiles.isEmpty else { return }
        let inputs = Set(files.compactMap { FileIdentity(path: $0.path) })
        let folder = resolvedLocation(outputFolder)
        let outputPaths = Set(outputs.map { folder + "/" + $0 })
        for (option, path) in sideFiles {
            if FileIdentity(path: path).map(inputs.contains) == true || outputPaths.contains(resolvedLocation(path)) {
                throw UsageError("\(option) \(path) would replace an input or an output of this batch")
            }
        }
    }

    /// A `--timings` line; a failed conversion counts its whole time.
    private static func timingLine(_ item: BatchItem, totalSeconds: Double) -> String {
        let total = totalSeconds * 1000
        guard item.status == .failed else { return "\(item.path)\t\(item.milliseconds)\t\(item.status.rawValue)\t\(total)\n" }
        let code = ConversionError(ConversionError.Kind(rawValue: item.errorKind ?? "") ?? .io, "").code
        return "\(item.path)\t\(total)\t\(code)\t\(total)\n"
    }

    /// Writes the report, manifest and timings and prints the summary:
    /// at the end, or for what was done when interrupted. Runs once.
    private func finish(_ state: State, _ inputs: InputFiles, root: ContainedFolder, interrupted: Bool) -> Int32 {
        state.ending.withLock { ended in
            guard !ended else { return 0 }
            ended = true
            var items = state.items.withLock { $0.compactMap { $0 } }
            items += inputs.skipped.map { BatchItem(path: $0.path, status: .skipped, error: $0.reason) }
            if let reportPath { Self.write(items.map(\.jsonLine).joined(), to: reportPath, what: "the report") }
            state.manifest.withLock { $0.save(in: root) }
            if let timingsPath { Self.write(state.timings.withLock { $0.joined() }, to: timingsPath, what: "timings") }
            let summary = BatchSummary(
                items: items, notes: inputs.notes, removedOutputs: state.removed.withLock { $0 },
                seconds: MonotonicClock.seconds() - state.start, interrupted: interrupted)
            Terminal.writeError(summary.text(quiet: quiet))
            return items.contains(where: \.hasFailed) ? 1 : 0
        }
    }

    private static func write(_ text: String, to path: String, what: String) {
        do throws(ConversionError) {
            let file = try OutputFile(path: path, tracked: false)
            try file.output.write(text)
            try file.commit()
        } catch {
            Terminal.writeErrorLine("anydoc: error: cannot write \(what) to \(path): \(error.reason)")
        }
    }
}
