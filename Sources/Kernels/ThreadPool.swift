import CKernels
import Synchronization

/// A persistent pool of worker threads for data-parallel loops.
///
/// `parallelFor` splits `0..<count` into contiguous chunks (one per thread, or a few per thread
/// when asked); the calling thread and the workers claim them in order from a shared counter
/// until none is left, so a thread that runs behind (a late wake-up, a busy core) takes fewer,
/// and the call returns when every chunk is done. Between calls the workers spin briefly (a
/// decode step issues hundreds of short parallel loops per token, and waking a sleeping thread
/// costs tens of microseconds), then park on a condition variable.
///
/// ```swift
/// let pool = ThreadPool()                      // one thread per physical core
/// let out = UnsafeSendableBuffer(capacity: 1000, of: Float.self)
/// pool.parallelFor(count: 1000) { range in
///     for i in range { out[i] = Float(i) * 2 }  // chunks are disjoint
/// }
/// ```
///
/// A call made while the pool is busy (from another thread, or from inside a body) runs its
/// loop on the calling thread alone, so nesting never deadlocks.
public final class ThreadPool: Sendable {
    /// Threads taking part in a loop, the caller included.
    public let threadCount: Int
    private let state: PoolState
    private let workers: [PlatformThread]

    /// The number of threads `ThreadPool()` uses: the physical cores this process may run on.
    public static var defaultThreadCount: Int { CPUFeatures.current.physicalCores }

    /// Starts `threadCount - 1` workers (the caller is the remaining thread).
    /// - Parameters:
    ///   - threadCount: threads per loop, at least 1; defaults to the physical core count.
    ///   - spinMicroseconds: how long an idle worker polls for work before parking.
    public init(threadCount: Int = ThreadPool.defaultThreadCount, spinMicroseconds: Int = 200) {
        let count = max(1, threadCount)
        self.threadCount = count
        let state = PoolState(workerCount: count - 1, spinNanoseconds: UInt64(max(0, spinMicroseconds)) * 1000)
        self.state = state
        workers = (0..<(count - 1)).map { _ in PlatformThread { state.workerLoop() } }
    }

    deinit {
        state.shutdown()
        for worker in workers { worker.join() }
    }

    /// Runs `body` over `0..<count` split into at most `threadCount * chunksPerThread`
    /// contiguous chunks, each at least `minimumChunk` long (except when `count` is smaller),
    /// and returns when all are done. Chunk boundaries are multiples of `alignment` (the last
    /// chunk ends at `count`). `body` runs concurrently on different chunks; each chunk is
    /// handed to exactly one call. More chunks per thread even out threads that run at
    /// different speeds, at the cost of one more call per chunk.
    public func parallelFor(
        count: Int, minimumChunk: Int = 1, alignment: Int = 1, chunksPerThread: Int = 1,
        _ body: @Sendable (Range<Int>) -> Void
    ) {
        guard count > 0 else { return }
        let chunks = ChunkPlan(
            count: count, chunks: threadCount * max(1, chunksPerThread), minimumChunk: minimumChunk, alignment: alignment)
        guard chunks.chunkCount > 1, state.tryAcquire() else {
            body(0..<count)
            return
        }
        defer { state.release() }
        withoutActuallyEscaping(body) { escapable in
            let job = Job(plan: chunks, body: escapable)
            state.run(job)
            state.runChunks(of: job)
            state.waitForWorkers()
            state.clearJob()
        }
    }
}

/// How `0..<count` is cut into chunks.
struct ChunkPlan: Sendable {
    let count: Int
    let chunkCount: Int
    let alignment: Int

    init(count: Int, chunks: Int, minimumChunk: Int, alignment: Int) {
        self.count = count
        self.alignment = max(1, alignment)
        let units = (count + self.alignment - 1) / self.alignment
        let minimumUnits = max(1, (max(1, minimumChunk) + self.alignment - 1) / self.alignment)
        chunkCount = max(1, min(chunks, units / minimumUnits))
    }

    /// Chunk `index`: balanced in units of `alignment`.
    func range(_ index: Int) -> Range<Int> {
        let units = (count + alignment - 1) / alignment
        let lower = min(count, (units * index / chunkCount) * alignment)
        let upper = min(count, (units * (index + 1) / chunkCount) * alignment)
        return lower..<upper
    }
}

/// One parallel loop as the workers see it.
struct Job: Sendable {
    let plan: ChunkPlan
    let body: @Sendable (Range<Int>) -> Void
}

/// The shared state of a pool: a generation counter workers watch, a count of workers still
/// busy, the current job, and where idle workers sleep.
final class PoolState: Sendable {
    let workerCount: Int
    let spinNanoseconds: UInt64
    /// Bumped once per loop (and at shutdown); workers run when it moves.
    private let generation = Atomic<UInt64>(0)
    /// Workers that have not finished the current loop yet.
    private let pending = Atomic<Int>(0)
    /// The next chunk of the current loop to hand out.
    private let nextChunk = Atomic<Int>(0)
    /// Workers asleep (or about to be) in `lot`.
    private let sleepers = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    /// Set while a loop is being dispatched, so concurrent or nested calls run inline.
    private let busy = Atomic<Bool>(false)
    private let job = Mutex<Job?>(nil)
    private let lot = ParkingLot()

    init(workerCount: Int, spinNanoseconds: UInt64) {
        self.workerCount = workerCount
        self.spinNanoseconds = spinNanoseconds
    }

    func tryAcquire() -> Bool {
        busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    func release() { busy.store(false, ordering: .releasing) }

    /// Publishes `next` and wakes the workers.
    func run(_ next: Job) {
        job.withLock { $0 = next }
        nextChunk.store(0, ordering: .relaxed)
        pending.store(workerCount, ordering: .relaxed)
        generation.add(1, ordering: .sequentiallyConsistent)
        if sleepers.load(ordering: .sequentiallyConsistent) > 0 { lot.wakeAll() }
    }

    /// Spins until every worker has finished the current loop, yielding the CPU after a few
    /// microseconds so that a worker waiting for a core (more threads than free cores) gets it.
    func waitForWorkers() {
        var spins = 0
        while pending.load(ordering: .acquiring) > 0 {
            spins += 1
            if spins < 2048 { ck_cpu_relax() } else { Platform.yield() }
        }
    }

    func clearJob() { job.withLock { $0 = nil } }

    func shutdown() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        generation.add(1, ordering: .sequentiallyConsistent)
        lot.wakeAll()
    }

    /// A worker's life: wait for the generation to move, run chunks of the loop while any is
    /// left, report done.
    func workerLoop() {
        var seen: UInt64 = 0
        while true {
            seen = waitForWork(after: seen)
            if stopping.load(ordering: .acquiring) { return }
            runCurrentJob()
            pending.subtract(1, ordering: .releasing)
        }
    }

    /// Runs chunks of `current` until every chunk has been claimed (by this thread or others).
    func runChunks(of current: Job) {
        while true {
            let chunk = nextChunk.wrappingAdd(1, ordering: .relaxed).oldValue
            guard chunk < current.plan.chunkCount else { return }
            current.body(current.plan.range(chunk))
        }
    }

    /// A worker's share of the current job. A function of its own so that the worker's copy
    /// of the job (and its closure) is released before the worker reports done: the caller's
    /// `withoutActuallyEscaping` checks that nothing holds the closure when it returns.
    @inline(never)
    private func runCurrentJob() {
        guard let current = job.withLock({ $0 }) else { return }
        runChunks(of: current)
    }

    /// Returns the new generation once it differs from `seen`: polls for `spinNanoseconds`,
    /// then sleeps in the parking lot. A sleeper is counted before it checks the generation
    /// (and stays counted while asleep), and `run` bumps the generation before it looks at the
    /// count, so one of the two always sees the other: no wake-up is lost.
    private func waitForWork(after seen: UInt64) -> UInt64 {
        let start = Platform.monotonicNanoseconds()
        var polls = 0
        while true {
            let now = generation.load(ordering: .acquiring)
            if now != seen { return now }
            polls += 1
            if polls & 255 != 0 {
                ck_cpu_relax()
                continue
            }
            if Platform.monotonicNanoseconds() &- start < spinNanoseconds {
                // let a thread waiting for this core run (more threads than free cores)
                Platform.yield()
                continue
            }
            lot.park(
                arrive: { sleepers.add(1, ordering: .sequentiallyConsistent) },
                while: { generation.load(ordering: .sequentiallyConsistent) == seen },
                leave: { sleepers.subtract(1, ordering: .sequentiallyConsistent) })
        }
    }
}
