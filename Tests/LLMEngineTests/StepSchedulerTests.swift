import Foundation
import GGUF
import TestSupport
import Testing

@testable import LLMEngine

/// Concurrent generations on one model share forward passes (`StepScheduler`), and batching
/// changes no logit: each row is computed by the same dot products as a step alone. Prefill
/// chunks take turns with decode steps, the shortest prompt first.
@Suite("step scheduler")
struct StepSchedulerTests {
    typealias Model = BatchedForwardTests.Model

    /// Four sequences with prompts of different lengths, as (prompt, tokens decoded after it).
    static func sequences(_ model: Transformer) -> [(prompt: [Int], decoded: [Int])] {
        let v = model.hyperparameters.vocabularySize
        return (0..<4).map { s in
            let prompt = (0..<(3 + 4 * s)).map { ($0 * 7_919 + 13 * s + 5) % v }
            let decoded = (0..<12).map { ($0 * 104_729 + 31 * s + 1) % v }
            return (prompt, decoded)
        }
    }

    /// The logits after each decoded token of `sequence`, decoded alone.
    static func alone(_ model: Transformer, _ sequence: (prompt: [Int], decoded: [Int])) throws -> [[Float]] {
        let context = ModelContext(model: model, capacity: 64)
        try context.prefill(sequence.prompt)
        return try sequence.decoded.map { try context.append($0) }
    }

    /// One batched step for the four sequences at once gives each sequence's own logits, bit for
    /// bit, and commits each cache by its own rows (one token, or several for the forced case).
    @Test(arguments: Model.allCases)
    func batchedStepEqualsStepsAlone(model kind: Model) throws {
        let model = try BatchedForwardTests.load(kind, batchCapacity: 16)
        let sequences = Self.sequences(model)
        let expected = try sequences.map { try Self.alone(model, $0) }

        var caches = try sequences.map { s -> KVCache in
            var cache = model.makeCache(capacity: 64)
            _ = try model.forward(tokens: s.prompt, cache: &cache)
            return cache
        }
        // Step 0: one token each; then sequence 2 takes three tokens at once (forced tokens),
        // the others one; then one each again.
        let plan: [[Int]] = [[1, 1, 1, 1], [1, 1, 3, 1], [1, 1, 1, 1]]
        var done = [0, 0, 0, 0]
        for rows in plan {
            let tokens = (0..<4).map { Array(sequences[$0].decoded[done[$0]..<(done[$0] + rows[$0])]) }
            let logits = caches.withUnsafeMutableBufferPointer { buffer in
                model.decodeStep(tokens, caches: (0..<4).map { buffer.baseAddress! + $0 })
            }
            for s in 0..<4 {
                done[s] += rows[s]
                #expect(caches[s].count == sequences[s].prompt.count + done[s])
                #expect(logits[s] == expected[s][done[s] - 1], "\(kind): sequence \(s) after \(done[s]) tokens")
            }
        }
    }

    /// Four threads decoding at once through `ModelContext.append` get the logits each gets
    /// alone, and their steps were batched (more rows than forward passes).
    ///
    /// The threads start together, but whether two of them wait for a step at the same moment
    /// is the OS scheduler's call: on the synthetic model a step takes microseconds, and on a
    /// loaded 2-core machine one thread can finish all its tokens before another is scheduled.
    /// So the sharing is asked of at least one of five rounds (a scheduler that never batches
    /// fails all five); the logits are checked in every round.
    @Test(arguments: [Model.qwen, .syntheticGemma3])
    func concurrentGenerationsShareStepsAndKeepTheirLogits(model kind: Model) throws {
        let model = try BatchedForwardTests.load(kind, batchCapacity: 16)
        let sequences = Self.sequences(model)
        let expected = try sequences.map { try Self.alone(model, $0) }
        var shared: [(steps: Int, rows: Int)] = []
        for _ in 0..<5 {
            let before = model.decodeStatistics
            let results = ResultsBox(count: sequences.count)
            let group = DispatchGroup()
            let ready = DispatchSemaphore(value: 0), start = DispatchSemaphore(value: 0)
            for (s, sequence) in sequences.enumerated() {
                let context = ModelContext(model: model, capacity: 64)
                try context.prefill(sequence.prompt)
                group.enter()
                Thread {
                    ready.signal()
                    start.wait()
                    results.set(s, Result { try sequence.decoded.map { try context.append($0) } })
                    group.leave()
                }.start()
            }
            for _ in sequences { ready.wait() }
            for _ in sequences { start.signal() }
            #expect(group.wait(timeout: .now() + 300) == .success)
            for s in 0..<sequences.count {
                let logits = try #require(try results.get(s)?.get())
                #expect(logits == expected[s], "\(kind): sequence \(s)")
            }
            let after = model.decodeStatistics
            let steps = after.steps - before.steps, rows = after.rows - before.rows
            #expect(rows == 4 * 12)
            shared.append((steps, rows))
            if steps < rows { break }
        }
        #expect(shared.contains { $0.steps < $0.rows }, "no step was shared in 5 rounds: \(shared)")
        #expect(model.decodeStatistics.largestBatch > 1)
    }

    /// A step that cannot run fails alone, typed, and leaves its context as it was; the others
    /// in its batch go on.
    @Test func aFailingStepLeavesItsBatchAndContextIntact() throws {
        let model = try BatchedForwardTests.load(.syntheticLlama, batchCapacity: 16)
        let full = ModelContext(model: model, capacity: 4)
        try full.prefill([1, 2, 3, 4])
        let fine = ModelContext(model: model, capacity: 16)
        try fine.prefill([1, 2, 3])
        let expected = try Self.alone(model, (prompt: [1, 2, 3], decoded: [9]))[0]

        #expect(throws: GenerationFailure.contextFull(capacity: 4)) { try full.append(5) }
        #expect(full.tokens == [1, 2, 3, 4])
        #expect(throws: GenerationFailure.tokenOutOfRange(320, vocabularySize: 320)) { try fine.append(320) }
        #expect(fine.tokens == [1, 2, 3])
        #expect(try fine.append(9) == expected)
        #expect(throws: GenerationFailure.exceedsContext(tokens: 16, used: 4, capacity: 16)) {
            try fine.append(contentsOf: Array(repeating: 1, count: 16))
        }
        #expect(fine.tokens == [1, 2, 3, 9])
    }
}

extension StepSchedulerTests {
    /// While a long prompt prefills (24 chunks), a running generation keeps decoding — its 12
    /// steps finish before the prompt does, with the logits it gets alone — and a short prompt
    /// that arrives after the long one started is computed before it; the long prompt's logits
    /// are those of a prefill alone.
    @Test func prefillChunksTakeTurnsWithDecodeAndShortPromptsGoFirst() throws {
        let model = try BatchedForwardTests.load(.qwen, batchCapacity: 16)
        let v = model.hyperparameters.vocabularySize
        let long = (0..<(16 * 24)).map { ($0 * 7_919 + 3) % v }
        let short = (0..<16).map { ($0 * 104_729 + 11) % v }
        let running = Self.sequences(model)[0]
        let expected = (
            long: try ModelContext(model: model, capacity: 512).prefill(long),
            short: try ModelContext(model: model, capacity: 64).prefill(short),
            decoded: try Self.alone(model, running)
        )
        let before = model.decodeStatistics

        let decoder = ModelContext(model: model, capacity: 64)
        try decoder.prefill(running.prompt)
        let finished = FinishOrder()
        let started = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        func thread(_ name: String, _ body: @escaping @Sendable () throws -> [[Float]]) {
            group.enter()
            Thread {
                finished.record(name, Result { try body() })
                group.leave()
            }.start()
        }
        thread("long") {
            var chunks = 0
            let logits = try ModelContext(model: model, capacity: 512).prefill(long) {
                chunks += 1
                if chunks == 2 { started.signal() } // the first chunk has run
                return false
            }
            return [logits]
        }
        started.wait()
        thread("decode") { try running.decoded.map { try decoder.append($0) } }
        thread("short") { [try ModelContext(model: model, capacity: 64).prefill(short)] }
        #expect(group.wait(timeout: .now() + 600) == .success)

        #expect(try finished.result("long") == [expected.long])
        #expect(try finished.result("short") == [expected.short])
        #expect(try finished.result("decode") == expected.decoded)
        let order = finished.names
        #expect(order.last == "long", "finish order: \(order)")
        let after = model.decodeStatistics
        #expect(after.prefillChunks - before.prefillChunks == 24 + 2)
        #expect(after.rows - before.rows == 12)
    }
}

/// The order threads finished in, and what each returned.
private final class FinishOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(name: String, result: Result<[[Float]], any Error>)] = []

    func record(_ name: String, _ result: Result<[[Float]], any Error>) {
        lock.withLock { entries.append((name, result)) }
    }

    var names: [String] { lock.withLock { entries.map(\.name) } }

    func result(_ name: String) throws -> [[Float]]? {
        try lock.withLock { entries.first { $0.name == name } }?.result.get()
    }
}

/// Per-thread results, written once each.
private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[[Float]], any Error>?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ result: Result<[[Float]], any Error>) {
        lock.withLock { results[index] = result }
    }

    func get(_ index: Int) -> Result<[[Float]], any Error>? {
        lock.withLock { results[index] }
    }
}
