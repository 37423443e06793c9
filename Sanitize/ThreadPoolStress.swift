import Kernels
import Synchronization

/// Drives `ThreadPool` hard enough for ThreadSanitizer to see its synchronization: every index
/// visited once over many short loops with spinning and parked workers, nested loops, and
/// concurrent callers from tasks. Built by `scripts/sanitize pool` with `-sanitize=thread` over
/// the `Kernels` and `CKernels` sources alone (a minute instead of a whole-package build).
@main struct ThreadPoolStress {
    static func main() async {
        // Every index once, many short loops, spin and park.
        for threads in 1...4 {
            for spin in [0, 200] {
                let pool = ThreadPool(threadCount: threads, spinMicroseconds: spin)
                let out = UnsafeSendableBuffer(capacity: 1000, of: Int.self)
                for round in 0..<300 {
                    pool.parallelFor(count: 1000, minimumChunk: 7, alignment: 2) { r in for i in r { out[i] = i &+ round } }
                    for i in 0..<1000 where out[i] != i &+ round { fatalError("index \(i) missed") }
                }
            }
        }
        // Nested loops run inline.
        let pool = ThreadPool(threadCount: 3)
        let total = Atomic<Int>(0)
        pool.parallelFor(count: 6) { outer in
            pool.parallelFor(count: 10) { inner in total.add(inner.count * outer.count, ordering: .relaxed) }
        }
        // Concurrent callers from tasks.
        await withTaskGroup(of: Int.self) { group in
            for t in 0..<8 {
                group.addTask {
                    let sum = Atomic<Int>(0)
                    for _ in 0..<200 { pool.parallelFor(count: 64) { r in sum.add(r.count, ordering: .relaxed) } }
                    return sum.load(ordering: .relaxed) + t * 0
                }
            }
            for await s in group where s != 64 * 200 { fatalError("lost chunks: \(s)") }
        }
        print("thread pool under TSan: done, nested total \(total.load(ordering: .relaxed))")
    }
}
