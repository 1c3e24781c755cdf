import AnyDocSwift

/// What an async ingest reports as it goes: what a progress bar or an
/// agent runtime shows.
public enum IngestEvent: Sendable, Equatable {
    /// The walk is done: this many files will be converted.
    case started(files: Int)
    /// A file left out on purpose.
    case skipped(IngestSummary.Skipped)
    /// A file stored, or found already stored.
    case ingested(IngestSummary.Item)
    /// A file that could not be ingested.
    case failed(IngestSummary.Failure)
    /// The last event: the whole ingest's summary.
    case finished(IngestSummary)
}

/// Async ingestion that honours cancellation: no new file starts once the
/// task is cancelled, and the files under way stop at their converter's
/// next check (between pages, slides, sheets, and inside OCR).
extension Ingestion {
    /// Ingests `paths` into `project`, reporting each file to `events`.
    /// Throws `cancelled` when the task is cancelled; the files already
    /// committed stay committed.
    public func run(
        _ paths: [String], project: String, events: (@Sendable (IngestEvent) -> Void)? = nil
    ) async throws(ProjectError) -> IngestSummary {
        let start = MonotonicClock.seconds()
        let plan = Self.plan(paths)
        events?(.started(files: plan.inputs.count))
        plan.skipped.forEach { events?(.skipped($0)) }
        plan.failed.forEach { events?(.failed($0)) }
        let project = try store.ensureProject(project).name
        let results = await ingestAll(plan.inputs, project: project, events: events)
        if Task.isCancelled {
            throw .cancelled("the ingest was cancelled after \(results.compactMap { $0 }.count) of \(plan.inputs.count) files")
        }
        var summary = IngestSummary(project: project, skipped: plan.skipped, failed: plan.failed)
        for (input, result) in zip(plan.inputs, results) {
            switch result {
            case .success(let item)?: summary.record(item)
            case .failure(let error)?: summary.failed.append(.init(file: input.file, error: error))
            case nil: break
            }
        }
        summary.seconds = MonotonicClock.seconds() - start
        return summary
    }

    /// The events of ingesting `paths`, ending with `.finished`; ending the
    /// iteration early cancels the ingest.
    public func events(_ paths: [String], project: String) -> AsyncThrowingStream<IngestEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do throws(ProjectError) {
                    let summary = try await run(paths, project: project) { continuation.yield($0) }
                    continuation.yield(.finished(summary))
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Converts `jobs` files at a time; one result per input, nil for the
    /// files never started because the task was cancelled.
    private func ingestAll(
        _ inputs: [Input], project: String, events: (@Sendable (IngestEvent) -> Void)?
    ) async -> [Result<IngestSummary.Item, ProjectError>?] {
        let sharing = Ingestion(
            store: store, converter: AnyDocConverter(options: converter.options.sharingCores(among: min(jobs, inputs.count))), jobs: jobs)
        return await withTaskGroup(of: (Int, Result<IngestSummary.Item, ProjectError>).self) { group in
            var results = [Result<IngestSummary.Item, ProjectError>?](repeating: nil, count: inputs.count)
            var next = 0
            func startNext() {
                guard next < inputs.count, !Task.isCancelled else { return }
                let index = next
                next += 1
                group.addTask { (index, await sharing.ingest(inputs[index], project: project)) }
            }
            for _ in 0..<max(1, jobs) { startNext() }
            for await (index, result) in group {
                results[index] = result
                switch result {
                case .success(let item): events?(.ingested(item))
                case .failure(let error): events?(.failed(.init(file: inputs[index].file, error: error)))
                }
                startNext()
            }
            return results
        }
    }

    /// One document, converting with the async (cancellable) converter.
    func ingest(_ input: Input, project: String) async -> Result<IngestSummary.Item, ProjectError> {
        do {
            try Task.checkCancellation()
            let source = try IngestSource.open(input.file, maxBytes: converter.options.limits.maxInputBytes, expected: input.expected)
            let sourceHash = try source.sha256()
            if let stored = try storedUnchanged(source, sourceHash: sourceHash, input: input, project: project) { return .success(stored) }
            let document = try await convert(source, sourceHash: sourceHash, path: input.path, fileName: input.file)
            return .success(try commit(document, source: source, input: input, project: project))
        } catch is CancellationError {
            return .failure(.cancelled("the ingest was cancelled before \(input.file)"))
        } catch {
            return .failure(ProjectError.wrap(error))
        }
    }
}
