import Dispatch
import Synchronization

/// Shows ThreadSanitizer's blind spot on Linux: `Synchronization.Mutex` locks through the
/// uninstrumented Synchronization library (futexes), so TSan sees no ordering between two
/// threads' accesses under the lock and reports every contended `withLock` as a race.
/// `scripts/sanitize thread` runs this first: while it reports a race, the suppressions in
/// `Sanitize/tsan.supp` stand; once a toolchain makes it quiet, they should go.
@main
enum MutexBlindSpot {
    static func main() {
        let counts = Mutex<[Int: Int]>([:])
        let group = DispatchGroup()
        for thread in 0..<2 {
            DispatchQueue.global().async(group: group) {
                for i in 0..<20_000 { counts.withLock { $0[i % 100, default: 0] += thread } }
            }
        }
        group.wait()
        print("mutex-blind-spot: \(counts.withLock { $0.count }) keys")
    }
}
