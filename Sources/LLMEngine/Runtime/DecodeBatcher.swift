import FMSupport
import Foundation

/// Runs the decode steps of concurrent generations on one model together, so that each weight
/// matrix is read once per step for all of them instead of once per generation.
///
/// Decode is bound by memory bandwidth: one step reads every weight (about 400 MB for
/// Qwen2.5-0.5B) to compute one row. Four generations side by side read them four times; batched,
/// they read them once and compute four rows from each weight block while it is in the cache.
///
/// There is no scheduler thread and no fixed tick. Each `ModelContext.append` submits a step and
/// waits; when no batch is running, the first waiting caller becomes the leader, takes the steps
/// that are pending (oldest first, one per context, at most `maximumRows` rows) and runs them as
/// one forward pass, then wakes the others. A generation alone never waits for anyone. The leader
/// does wait, briefly, for the contexts of the previous batch that are not back yet (they are
/// sampling their next token): without that, two generations would take turns instead of
/// sharing steps. The wait is bounded by the previous step's time (and `maximumWait`), so a
/// generation that ended, or went on to a long prefill, costs the others at most that, once.
///
/// Rows stay below the matrix-matrix kernels' threshold, so every row is computed by the same
/// dot products as a step alone: a generation's logits do not depend on what it was batched with.
final class DecodeBatcher: @unchecked Sendable {
    /// Most rows of one batched step (the GEMM kernels take over from 16 activation rows).
    static let maximumRows = 15
    /// The longest wait of a leader for the previous batch's contexts.
    static let maximumWait: Duration = .milliseconds(20)

    /// One context's step: `tokens` appended after the positions it holds.
    final class Step: @unchecked Sendable {
        let context: ModelContext
        let tokens: [Int]
        /// Set once the step has run (or failed); read under the batcher's lock.
        var result: Result<[Float], GenerationFailure>?

        init(context: ModelContext, tokens: [Int]) {
            self.context = context
            self.tokens = tokens
        }
    }

    private let condition = NSCondition()
    private var pending: [Step] = []
    private var running = false
    /// Contexts of the last batch, which the next leader waits for a moment.
    private var previous: Set<ObjectIdentifier> = []
    private var previousDuration: Duration = .zero
    private var statistics = DecodeStatistics()

    /// Steps and rows run so far.
    var counts: DecodeStatistics {
        condition.lock()
        defer { condition.unlock() }
        return statistics
    }

    /// Runs `step` (alone or with the steps of other contexts) and returns its logits.
    func run(_ step: Step, on model: Transformer) throws(GenerationFailure) -> [Float] {
        condition.lock()
        pending.append(step)
        condition.broadcast() // a leader may be waiting for this context
        while step.result == nil {
            if running {
                condition.wait()
                continue
            }
            running = true
            waitForPrevious()
            let batch = takeBatch()
            condition.unlock()
            let clock = ContinuousClock(), started = clock.now
            Self.execute(batch, on: model)
            let elapsed = clock.now - started
            condition.lock()
            let ran = batch.filter { (try? $0.result?.get()) != nil }
            previous = Set(ran.map { ObjectIdentifier($0.context) })
            previousDuration = elapsed
            if !ran.isEmpty {
                statistics.steps += 1
                statistics.rows += ran.reduce(0) { $0 + $1.tokens.count }
                statistics.largestBatch = max(statistics.largestBatch, ran.count)
            }
            running = false
            condition.broadcast()
        }
        condition.unlock()
        return try step.result!.get()
    }

    /// Waits (holding the leader's role) until every context of the previous batch has a step
    /// pending, or the previous step's time has passed. Called with the lock held.
    private func waitForPrevious() {
        guard previous.count > 1 else { return }
        let budget = min(previousDuration, Self.maximumWait)
        let deadline = Date(timeIntervalSinceNow: budget.seconds)
        while !previous.isSubset(of: Set(pending.map { ObjectIdentifier($0.context) })), Date() < deadline {
            _ = condition.wait(until: deadline)
        }
    }

    /// Removes from `pending` the steps of the next batch: oldest first, one per context, while
    /// the rows fit (a step too large for any batch runs alone). Called with the lock held.
    private func takeBatch() -> [Step] {
        var batch: [Step] = [], rows = 0, contexts = Set<ObjectIdentifier>(), rest: [Step] = []
        for step in pending {
            let id = ObjectIdentifier(step.context)
            let fits = batch.isEmpty || rows + step.tokens.count <= Self.maximumRows
            if fits, !contexts.contains(id) {
                batch.append(step)
                rows += step.tokens.count
                contexts.insert(id)
            } else {
                rest.append(step)
            }
        }
        pending = rest
        return batch
    }

    /// Runs `batch` as one forward pass, each context locked for the duration, and sets every
    /// step's result (a typed failure for a step that cannot run, which leaves its context as
    /// it was).
    private static func execute(_ batch: [Step], on model: Transformer) {
        // Lock the contexts in one global order, so that locking several never deadlocks
        // against anything else that locks more than one.
        let ordered = batch.sorted { ObjectIdentifier($0.context) < ObjectIdentifier($1.context) }
        ModelContext.withStates(ordered.map(\.context)) { states in
            var runnable: [(step: Step, state: UnsafeMutablePointer<ModelContext.State>)] = []
            for (step, state) in zip(ordered, states) {
                if let failure = validate(step.tokens, state.pointee.cache, model) {
                    step.result = .failure(failure)
                } else {
                    runnable.append((step, state))
                }
            }
            guard !runnable.isEmpty else { return }
            if runnable.count == 1, let (step, state) = runnable.first {
                // Alone: the plain forward pass (matrix-vector products for one token).
                step.result = Result { () throws(GenerationFailure) -> [Float] in
                    try model.forward(tokens: step.tokens, cache: &state.pointee.cache)
                }
                if case .success = step.result { state.pointee.tokens += step.tokens }
                return
            }
            let offset = MemoryLayout<ModelContext.State>.offset(of: \ModelContext.State.cache)!
            let caches = runnable.map {
                (UnsafeMutableRawPointer($0.state) + offset).assumingMemoryBound(to: KVCache.self)
            }
            let logits = model.decodeStep(runnable.map(\.step.tokens), caches: caches)
            for (i, (step, state)) in runnable.enumerated() {
                state.pointee.tokens += step.tokens
                step.result = .success(logits[i])
            }
        }
    }

    /// The failure `tokens` would meet in `cache`, checked before anything runs.
    private static func validate(_ tokens: [Int], _ cache: KVCache, _ model: Transformer) -> GenerationFailure? {
        let vocabulary = model.hyperparameters.vocabularySize
        if let bad = tokens.first(where: { !(0..<vocabulary).contains($0) }) {
            return .tokenOutOfRange(bad, vocabularySize: vocabulary)
        }
        if cache.count >= cache.capacity { return .contextFull(capacity: cache.capacity) }
        if cache.count + tokens.count > cache.capacity {
            return .exceedsContext(tokens: tokens.count, used: cache.count, capacity: cache.capacity)
        }
        return nil
    }
}

/// How a model's decode steps were batched: `rows / steps` is the mean batch.
public struct DecodeStatistics: Sendable, Equatable {
    /// Forward passes run for decode steps.
    public var steps = 0
    /// Rows (tokens) they computed.
    public var rows = 0
    /// The most contexts one step served.
    public var largestBatch = 0
}
