import FMSupport
import StructuredDecoding

/// What the benchmark reads the time from. Wall time by default; a caller on a loaded machine
/// can pass a per-thread CPU clock (the platform code lives with the caller, e.g. `fm`), so
/// time the thread spent descheduled does not count.
extension GrammarBenchmark {
    /// A monotonic time source: `now()` is the time since an arbitrary origin.
    package struct Timer: Sendable {
        /// A name for reports (`wall`, `thread CPU`).
        package let name: String
        /// The current reading.
        package let now: @Sendable () -> Duration

        /// A timer reading `now`.
        package init(name: String, now: @escaping @Sendable () -> Duration) {
            self.name = name
            self.now = now
        }

        /// Wall time (`ContinuousClock`).
        package static let wall = Timer(name: "wall") { ContinuousClock.now - origin }

        private static let origin = ContinuousClock.now

        /// The mean cost of one reading in microseconds, measured over `count` readings; every
        /// timed operation includes about this much.
        package func overhead(count: Int = 10_000) -> Double {
            let start = now()
            for _ in 0..<count { _ = now() }
            return (now() - start).microseconds / Double(count)
        }
    }
}
