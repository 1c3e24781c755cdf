import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that already checks its own timings (each
    /// answer waited for with a deadline of its own) and needs the
    /// harness only to end it should it hang outright.
    ///
    /// Generous on purpose: the limit runs from when the harness starts the
    /// test, not its body, and while long synchronous tests hold every
    /// thread of the shared pool, a body can wait minutes for one. A
    /// minute's limit failed such a test, whose body takes 0.1 s, on a
    /// loaded 2-core machine.
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
