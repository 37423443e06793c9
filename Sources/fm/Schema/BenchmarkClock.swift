import ArgumentParser
import Benchmarks
import Foundation
import StructuredDecoding

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--clock`: what `fm schema bench` times with.
enum BenchmarkClock: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Wall time: what a user waits, preemption included.
    case wall
    /// The thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): on a loaded machine, time spent
    /// descheduled does not count; each reading costs a system call.
    case thread

    /// The benchmark's timer.
    var timer: GrammarBenchmark.Timer {
        switch self {
        case .wall: .wall
        case .thread:
            GrammarBenchmark.Timer(name: "thread CPU") {
                var spec = timespec()
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
                return .seconds(spec.tv_sec) + .nanoseconds(spec.tv_nsec)
            }
        }
    }

    /// The 1-minute load average from `/proc/loadavg`, when there is one.
    static func loadAverage() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.map(String.init)
    }
}
