import Glibc

/// A plain POSIX thread: unlike a shared pool, it cannot be starved by
/// callers that already occupy every pool thread.
package enum WorkerThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `run` on a new thread with a 16 MB stack; the caller joins it
    /// (or detaches it) with the returned handle.
    package static func start(_ run: @escaping @Sendable () -> Void) throws(ConversionError) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // Tesseract's recursion, and deep documents, want more than a small
        // default stack.
        pthread_attr_setstacksize(&attributes, 16 << 20)
        let context = Unmanaged.passRetained(Body(run)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, &attributes, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw .resourceLimit("cannot start a thread")
        }
        return thread
    }
}
