import Foundation
import Testing
@testable import AnyDocPDF

/// Tesseract is loaded on first use, so OpenMP's functions are not in the
/// process's global symbols: the engine must find them through Tesseract's
/// own handle, or every recognising thread spins OpenMP workers that cost
/// as much CPU as the recognition (seen as 3× the CPU time on one image).
@Suite struct OpenMPLimitTests {
    @Test func recognisingThreadsRunOpenMPRegionsThemselves() throws {
        let levels = try #require(OCREngine.openMPActiveLevels(), "this Tesseract has no OpenMP to limit")
        #expect(levels >= 0)
        let result = Thread.detachAndJoin {
            OCREngine.limitLibraryThreads()
            return OCREngine.openMPActiveLevels()
        }
        #expect(result == 0)
        #expect(getenv("OMP_THREAD_LIMIT").map { String(cString: $0) } == "1")
    }
}

extension Thread {
    /// Runs `body` on a new thread and waits for its result.
    static func detachAndJoin<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            box.value = body()
            done.signal()
        }
        done.wait()
        return box.value!
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    // Written by the thread before it signals, read after the wait.
    var value: T?
}
