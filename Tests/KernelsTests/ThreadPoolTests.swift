import Kernels
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The persistent thread pool: coverage, chunking, nesting, concurrent callers, shutdown.
@Suite("thread pool")
struct ThreadPoolTests {
    /// Every index is visited exactly once, for many sizes and thread counts.
    @Test(arguments: [1, 2, 3, 4])
    func visitsEveryIndexOnce(threads: Int) {
        let pool = ThreadPool(threadCount: threads)
        #expect(pool.threadCount == threads)
        for count in [1, 2, 3, 5, 7, 64, 100, 1001] {
            let hits = UnsafeSendableBuffer(capacity: count, of: Int32.self)
            pool.parallelFor(count: count) { range in for i in range { hits[i] += 1 } }
            #expect((0..<count).allSatisfy { hits[$0] == 1 }, "\(count) items on \(threads) threads")
        }
    }

    /// Chunks are contiguous, respect the alignment and the minimum size, and there are at most
    /// as many as threads.
    @Test func chunking() {
        let pool = ThreadPool(threadCount: 3)
        let ranges = Mutex<[Range<Int>]>([])
        pool.parallelFor(count: 103, minimumChunk: 8, alignment: 4) { r in ranges.withLock { $0.append(r) } }
        let sorted = ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(sorted.count == 3)
        #expect(sorted.first?.lowerBound == 0 && sorted.last?.upperBound == 103)
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(a.upperBound == b.lowerBound && a.upperBound % 4 == 0) }
        ranges.withLock { $0 = [] }
        pool.parallelFor(count: 10, minimumChunk: 8) { r in ranges.withLock { $0.append(r) } }
        #expect(ranges.withLock { $0 } == [0..<10])
    }

    /// With several chunks per thread the plan has that many more chunks, still contiguous,
    /// aligned and covering the range once.
    @Test func severalChunksPerThread() {
        let pool = ThreadPool(threadCount: 2)
        let ranges = Mutex<[Range<Int>]>([])
        pool.parallelFor(count: 103, minimumChunk: 8, alignment: 4, chunksPerThread: 4) { r in ranges.withLock { $0.append(r) } }
        let sorted = ranges.withLock { $0 }.sorted { $0.lowerBound < $1.lowerBound }
        #expect(sorted.count == 8)
        #expect(sorted.first?.lowerBound == 0 && sorted.last?.upperBound == 103)
        for (a, b) in zip(sorted, sorted.dropFirst()) { #expect(a.upperBound == b.lowerBound && a.upperBound % 4 == 0) }
        // the minimum chunk still bounds the count: 40 items in chunks of at least 16
        ranges.withLock { $0 = [] }
        pool.parallelFor(count: 40, minimumChunk: 16, chunksPerThread: 4) { r in ranges.withLock { $0.append(r) } }
        #expect(ranges.withLock { $0.count } == 2)
    }

    /// Chunks are claimed, not assigned: while the calling thread is held up in its first
    /// chunk, the worker takes the rest.
    @Test func aSlowThreadLeavesItsChunksToTheOthers() {
        let pool = ThreadPool(threadCount: 2)
        let caller = pthread_self()
        let counts = Mutex<(caller: Int, worker: Int)>((0, 0))
        pool.parallelFor(count: 8, chunksPerThread: 4) { _ in
            let onCaller = pthread_equal(pthread_self(), caller) != 0
            let first = counts.withLock { c in
                if onCaller { c.caller += 1; return c.caller == 1 }
                c.worker += 1
                return false
            }
            if onCaller && first { usleep(100_000) }
        }
        let (byCaller, byWorker) = counts.withLock { $0 }
        #expect(byCaller + byWorker == 8)
        #expect(byWorker >= 6, "the caller ran \(byCaller) of 8 chunks while it slept in its first")
    }

    /// A loop started inside a loop body runs inline instead of deadlocking.
    @Test func nestedLoopsRunInline() {
        let pool = ThreadPool(threadCount: 2)
        let total = Atomic<Int>(0)
        pool.parallelFor(count: 4) { outer in
            for _ in outer {
                pool.parallelFor(count: 10) { inner in total.add(inner.count, ordering: .relaxed) }
            }
        }
        #expect(total.load(ordering: .relaxed) == 40)
    }

    /// Several tasks sharing one pool all get complete loops.
    @Test func concurrentCallers() async {
        let pool = ThreadPool(threadCount: 2)
        await withTaskGroup(of: Bool.self) { group in
            for t in 0..<8 {
                group.addTask {
                    for round in 0..<50 {
                        let n = 50 + t + round
                        let hits = UnsafeSendableBuffer(capacity: n, of: Int32.self)
                        pool.parallelFor(count: n) { r in for i in r { hits[i] += 1 } }
                        if !(0..<n).allSatisfy({ hits[$0] == 1 }) { return false }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok) }
        }
    }

    /// Many short loops in a row (a decode step issues hundreds), with sleeping and spinning
    /// workers alike.
    @Test(arguments: [0, 200])
    func manyShortLoops(spinMicroseconds: Int) {
        let pool = ThreadPool(threadCount: 3, spinMicroseconds: spinMicroseconds)
        let sum = Atomic<Int>(0)
        for _ in 0..<5000 { pool.parallelFor(count: 6) { r in sum.add(r.count, ordering: .relaxed) } }
        #expect(sum.load(ordering: .relaxed) == 30000)
    }

    /// Pools start and stop cleanly (workers joined on release).
    @Test func startAndStop() {
        for threads in 1...4 {
            let pool = ThreadPool(threadCount: threads)
            let sum = Atomic<Int>(0)
            pool.parallelFor(count: 100) { r in sum.add(r.count, ordering: .relaxed) }
            #expect(sum.load(ordering: .relaxed) == 100)
        }
        #expect(ThreadPool.defaultThreadCount >= 1)
    }
}
