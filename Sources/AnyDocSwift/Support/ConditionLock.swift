import Glibc

/// A mutex with a condition variable, for threads that wait until shared
/// state changes (a work queue): what `Mutex` cannot do, without
/// Foundation's `NSCondition`.
package final class ConditionLock: @unchecked Sendable {
    // Sendable because every access to the pthread objects goes through
    // the calls below, which is what they are for.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A new, unlocked lock.
    package init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Takes the lock, waiting for it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Gives the lock back.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Gives the lock back until another thread broadcasts, then takes it
    /// again; callers re-check their state in a loop.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Wakes every waiting thread.
    package func broadcast() { pthread_cond_broadcast(condition) }

    /// Runs `body` holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}
