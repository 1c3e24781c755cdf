import AnyDocProjects
import AnyDocSwift
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The worker protocol, `anydoc convert --files-from - --jsonl`: one JSON
/// record (`DocumentRecord`, schema `anydoc.record/1`) per input path on
/// standard output, as each finishes, whatever happened to it. A bad file
/// gives a failed record and the worker goes on; it exits 0 at the end of
/// its input, so an engine (Ray, Spark's `RDD.pipe`, GNU parallel, an
/// indexed Kubernetes Job with `--shard K/N`) reads the records, not the
/// exit code. The Markdown is made as `anydoc ingest` makes it, so
/// `anydoc ingest --records` stores the same versions.
struct WorkerOutput {
    let converter: AnyDocConverter
    let chunks: ChunkOptions?
    let jobs: Int

    /// `K/N`: this worker takes the paths whose hash modulo N is K (0-based,
    /// as Kubernetes numbers a Job's completions).
    static func shard(_ text: String?) throws -> (index: Int, count: Int)? {
        guard let text else { return nil }
        let parts = text.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (0..<count).contains(index) else {
            throw UsageError("--shard takes K/N with 0 ≤ K < N, not '\(text)'")
        }
        return (index, count)
    }

    /// Whether `path` belongs to shard `index` of `count`: FNV-1a of its
    /// bytes, so every worker agrees whatever order it lists paths in.
    static func belongs(_ path: String, to shard: (index: Int, count: Int)) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(shard.count)) == shard.index
    }

    func run(_ paths: [String]) -> Int32 {
        let output = Mutex(FileDescriptorOutput(descriptor: 1))
        let broken = Atomic(false)
        let next = Atomic(0)
        let workers = max(1, min(jobs, paths.count))
        let sharing = AnyDocConverter(options: converter.options.sharingCores(among: workers))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while !broken.load(ordering: .relaxed) {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < paths.count else { return }
                let record = DocumentRecord.convert(path: paths[index], converter: sharing, chunks: chunks)
                let line = JSONLines.line(record)
                let written = output.withLock { output -> Bool in
                    do { try output.write(line); return true } catch { return false }
                }
                // A reader that went away wants no more.
                if !written { broken.store(true, ordering: .relaxed) }
            }
        }
        return 0
    }
}
