import Glibc
import Synchronization
import Testing
@testable import AnyDocSwift

@Suite struct OrderedParallelWorkTests {
    private final class Counter: Sendable {
        let atomic = Atomic(0)
        func load() -> Int { atomic.load(ordering: .relaxed) }
    }

    /// Workers that square their index and count the indices they took.
    private static func squares(_ started: Counter, workers: Int) -> [OrderedParallelWork<Int>.Worker] {
        (0..<workers).map { _ in
            { index in
                started.atomic.add(1, ordering: .relaxed)
                return .success(index * index)
            }
        }
    }

    @Test func givesTheValuesInOrderAndStaysWithinItsWindow() throws {
        let started = Counter()
        let work = try #require(OrderedParallelWork(count: 200, window: 6, workers: Self.squares(started, workers: 3)))
        for index in 0..<200 {
            #expect(try work.value(at: index) == index * index)
            // Asked for `index`, no worker may start one at `index + 6` or beyond.
            #expect(started.load() <= index + 6)
        }
        work.stop()
        #expect(started.load() == 200)
    }

    @Test func anErrorComesBackAtItsIndexAndTheRestGoOn() throws {
        let workers: [OrderedParallelWork<Int>.Worker] = (0..<2).map { _ in
            { index in index == 5 ? .failure(.malformed("index 5")) : .success(index) }
        }
        let work = try #require(OrderedParallelWork(count: 10, window: 4, workers: workers))
        for index in 0..<5 { #expect(try work.value(at: index) == index) }
        #expect(throws: ConversionError.malformed("index 5")) { _ = try work.value(at: 5) }
        for index in 6..<10 { #expect(try work.value(at: index) == index) }
    }

    @Test func stoppingEarlyLeavesTheRestUndone() throws {
        let started = Counter()
        let work = try #require(OrderedParallelWork(count: 1_000, window: 4, workers: Self.squares(started, workers: 2)))
        #expect(try work.value(at: 0) == 0)
        work.stop()
        #expect(started.load() <= 4)
    }

    @Test func lettingGoOfTheWorkStopsItsWorkers() throws {
        let started = Counter()
        do {
            let work = try #require(OrderedParallelWork(count: 1_000, window: 4, workers: Self.squares(started, workers: 2)))
            #expect(try work.value(at: 0) == 0)
        }
        // Its threads were joined as it went: nothing starts any more.
        let after = started.load()
        #expect(after <= 5)
        usleep(20_000)
        #expect(started.load() == after)
    }
}
