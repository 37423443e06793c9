import FMSupport
import Foundation

/// Runs the forward passes a model's contexts ask for — decode steps and prefill chunks — one
/// at a time, in an order that keeps every generation moving (continuous batching).
///
/// **Decode steps are batched.** Decode is bound by memory bandwidth: one step reads every
/// weight (about 400 MB for Qwen2.5-0.5B) to compute one row. Four generations side by side
/// read them four times; batched, they read them once and compute four rows from each weight
/// block while it is in the cache. Rows stay below the matrix-matrix kernels' threshold, so
/// every row is computed by the same dot products as a step alone: a generation's logits do
/// not depend on what it was batched with.
///
/// **Prefill runs in chunks that take turns with decode.** A prompt is computed
/// `Transformer.batchCapacity` positions at a time, each chunk a forward pass of its own (never
/// mixed with decode rows, which keeps the property above). When both kinds wait, they take
/// turns: a chunk, then a round of decode steps (every context that was waiting gets its step,
/// in one batch or, past `maximumRows` rows, several), then a chunk. A 2,000-token prompt
/// arriving costs the running generations one chunk's time per token, not the whole prompt's
/// (chunks of 64 positions halved that wait but cost a seventh of prefill's speed, and under
/// load the first tokens came later: `scripts/bench_server_latency`).
///
/// Among waiting prompts the one with the earliest `arrival + stretch × (positions left /
/// prefill rate)` goes first: shortest first (a short prompt is not queued behind a long one)
/// until a long prompt has waited `stretch` times what it takes to compute, after which it goes
/// before newer short ones, so a stream of short prompts cannot starve it.
///
/// There is no scheduler thread and no fixed tick. Each caller submits a step and waits; when
/// nothing is running, the first waiting caller becomes the leader, picks the next work (a
/// chunk, or the pending decode steps: oldest first, one per context, at most `maximumRows`
/// rows), runs it, then wakes the others. A generation alone never waits for anyone. Before a
/// decode batch the leader does wait, briefly, for the contexts of the previous batch that are
/// not back yet (they are sampling their next token): without that, two generations would take
/// turns instead of sharing steps. The wait is bounded by the previous batch's time (and
/// `maximumWait`); after a decode batch, a waiting chunk runs instead of the wait.
final class StepScheduler: @unchecked Sendable {
    /// Most rows of one batched decode step (the GEMM kernels take over from 16 activation rows).
    static let maximumRows = 15
    /// The longest wait of a leader for the previous batch's contexts.
    static let maximumWait: Duration = .milliseconds(20)

    /// What a step is, for the order the scheduler runs them in.
    enum Kind: Equatable {
        /// A decode step (a few tokens): joins other contexts' decode steps.
        case decode
        /// A prefill chunk, alone in its forward pass; `remaining` positions of its prompt are
        /// left (this chunk's included); the prompt's prefill started at `arrival`.
        case chunk(remaining: Int, arrival: ContinuousClock.Instant)
    }

    /// One context's step: `tokens` appended after the positions it holds.
    final class Step: @unchecked Sendable {
        let context: ModelContext
        let tokens: [Int]
        let kind: Kind
        /// Whether the logits after the last token are wanted (a prompt's earlier chunks skip them).
        let wantsLogits: Bool
        /// The only vocabulary entries of those logits wanted (the rest `-infinity`), or `nil`.
        let candidates: [Int]?
        /// Set once the step has run (or failed); read under the scheduler's lock.
        var result: Result<[Float], GenerationFailure>?

        init(context: ModelContext, tokens: [Int], kind: Kind = .decode, wantsLogits: Bool = true, candidates: [Int]? = nil) {
            self.context = context
            self.tokens = tokens
            self.kind = kind
            self.wantsLogits = wantsLogits
            self.candidates = candidates
        }
    }

    private let condition = NSCondition()
    private var pending: [Step] = []
    private var running = false
    /// Whether the last work run was a decode batch (the next turn goes to a chunk, if any waits).
    private var lastRanDecode = false
    /// Contexts whose decode steps waited when the last batch was taken (more than `maximumRows`
    /// rows): they run before the next chunk, so every generation gets a step per chunk.
    private var roundLeft: Set<ObjectIdentifier> = []
    /// Contexts of the last decode batch, which the next leader waits for a moment.
    private var previous: Set<ObjectIdentifier> = []
    private var previousDuration: Duration = .zero
    /// How many times its own computing time a prompt waits, at most, behind shorter prompts
    /// that came after it (with 4, a 2,000-token prompt at 300 tokens/s: about 27 s).
    static let stretch = 4.0
    /// Prefill positions per second, a moving average over the chunks run (the order of prompts).
    private var prefillRate = 500.0
    private var statistics = DecodeStatistics()

    /// Decode steps, rows and prefill chunks run so far.
    var counts: DecodeStatistics {
        condition.lock()
        defer { condition.unlock() }
        return statistics
    }

    /// Runs `step` (alone, or with other contexts' decode steps) and returns its logits (empty
    /// when it did not want them).
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
            let work = takeWork()
            condition.unlock()
            let clock = ContinuousClock(), started = clock.now
            Self.execute(work, on: model)
            let elapsed = clock.now - started
            condition.lock()
            record(work, elapsed: elapsed)
            running = false
            condition.broadcast()
        }
        condition.unlock()
        return try step.result!.get()
    }

    /// Removes from `pending` the next work: a prefill chunk when one waits and decode had the
    /// last turn (every context that was waiting then has had its step), or no decode step
    /// waits; else the decode batch. Called with the lock held.
    private func takeWork() -> [Step] {
        let decoding = pending.lazy.filter { $0.kind == .decode }.map { ObjectIdentifier($0.context) }
        let roundOpen = decoding.contains { self.roundLeft.contains($0) }
        if decoding.isEmpty || (lastRanDecode && !roundOpen), let index = nextChunkIndex() {
            lastRanDecode = false
            roundLeft = []
            return [pending.remove(at: index)]
        }
        if !roundOpen { waitForPrevious() }
        lastRanDecode = true
        let batch = takeBatch()
        roundLeft = Set(pending.lazy.filter { $0.kind == .decode }.map { ObjectIdentifier($0.context) })
        return batch
    }

    /// The pending chunk with the earliest `arrival + stretch × remaining / prefillRate`.
    private func nextChunkIndex() -> Int? {
        var best: (index: Int, finish: ContinuousClock.Instant)?
        for (index, step) in pending.enumerated() {
            guard case .chunk(let remaining, let arrival) = step.kind else { continue }
            let finish = arrival + .seconds(Self.stretch * Double(remaining) / prefillRate)
            if let b = best, b.finish <= finish { continue }
            best = (index, finish)
        }
        return best?.index
    }

    /// Waits (holding the leader's role) until every context of the previous decode batch has a
    /// step pending, or the previous batch's time has passed. Called with the lock held.
    private func waitForPrevious() {
        guard previous.count > 1 else { return }
        let budget = min(previousDuration, Self.maximumWait)
        let deadline = Date(timeIntervalSinceNow: budget.seconds)
        while !previous.isSubset(of: Set(pending.lazy.filter { $0.kind == .decode }.map { ObjectIdentifier($0.context) })),
            Date() < deadline
        {
            _ = condition.wait(until: deadline)
        }
    }

    /// Removes from `pending` the decode steps of the next batch: oldest first, one per context,
    /// while the rows fit. Called with the lock held.
    private func takeBatch() -> [Step] {
        var batch: [Step] = [], rows = 0, contexts = Set<ObjectIdentifier>(), rest: [Step] = []
        for step in pending {
            let id = ObjectIdentifier(step.context)
            let fits = batch.isEmpty || rows + step.tokens.count <= Self.maximumRows
            if step.kind == .decode, fits, !contexts.contains(id) {
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

    /// Counts what ran and remembers a decode batch's contexts and time. Called with the lock held.
    private func record(_ work: [Step], elapsed: Duration) {
        let ran = work.filter { (try? $0.result?.get()) != nil }
        guard !ran.isEmpty else { return }
        if case .chunk = ran[0].kind {
            statistics.prefillChunks += 1
            let rate = Double(ran[0].tokens.count) / max(elapsed.seconds, 1e-6)
            prefillRate = 0.8 * prefillRate + 0.2 * rate
            // The previous batch's contexts have had a whole chunk's time to ask for their next
            // step: one that has not has finished, and the next batch should not wait for it.
            previous = []
            return
        }
        previous = Set(ran.map { ObjectIdentifier($0.context) })
        previousDuration = elapsed
        statistics.steps += 1
        statistics.rows += ran.reduce(0) { $0 + $1.tokens.count }
        statistics.largestBatch = max(statistics.largestBatch, ran.count)
    }

    /// Runs `work` as one forward pass, each context locked for the duration, and sets every
    /// step's result (a typed failure for a step that cannot run, which leaves its context as
    /// it was).
    private static func execute(_ work: [Step], on model: Transformer) {
        // Lock the contexts in one global order, so that locking several never deadlocks
        // against anything else that locks more than one.
        let ordered = work.sorted { ObjectIdentifier($0.context) < ObjectIdentifier($1.context) }
        ModelContext.withStates(ordered.map(\.context)) { states in
            var runnable: [(step: Step, state: UnsafeMutablePointer<ModelContext.State>)] = []
            for (step, state) in zip(ordered, states) {
                if let failure = validate(step, state.pointee.cache, model) {
                    step.result = .failure(failure)
                } else {
                    runnable.append((step, state))
                }
            }
            guard !runnable.isEmpty else { return }
            if runnable.count == 1, let (step, state) = runnable.first {
                // Alone: the plain forward pass (matrix-vector products for one token, a
                // prefill chunk's matrix-matrix products).
                step.result = Result { () throws(GenerationFailure) -> [Float] in
                    try model.forward(
                        tokens: step.tokens, cache: &state.pointee.cache, logits: step.wantsLogits ? .last : .none,
                        candidates: step.candidates)
                }
                if case .success = step.result { state.pointee.tokens += step.tokens }
                return
            }
            let offset = MemoryLayout<ModelContext.State>.offset(of: \ModelContext.State.cache)!
            let caches = runnable.map {
                (UnsafeMutableRawPointer($0.state) + offset).assumingMemoryBound(to: KVCache.self)
            }
            let logits = model.decodeStep(runnable.map(\.step.tokens), caches: caches, candidates: runnable.map(\.step.candidates))
            for (i, (step, state)) in runnable.enumerated() {
                state.pointee.tokens += step.tokens
                step.result = .success(logits[i])
            }
        }
    }

    /// The failure `step` would meet in `cache`, checked before anything runs (the check
    /// `Transformer.forward` makes: `Transformer.stepFailure`).
    private static func validate(_ step: Step, _ cache: KVCache, _ model: Transformer) -> GenerationFailure? {
        model.stepFailure(tokens: step.tokens, candidates: step.candidates, cache: cache)
    }
}

/// How a model's forward passes were scheduled: `rows / steps` is the mean decode batch.
package struct DecodeStatistics: Sendable, Equatable {
    /// Forward passes run for decode steps.
    package var steps = 0
    /// Rows (tokens) they computed.
    package var rows = 0
    /// The most contexts one step served.
    package var largestBatch = 0
    /// Prefill chunks run (each a forward pass of its own).
    package var prefillChunks = 0
}
