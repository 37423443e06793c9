import FMSupport
import Foundation
import GGUF
import TestSupport
import Testing

@testable import LLMEngine

/// LFM2's hybrid beyond what llama.cpp's logits (LlamaCppReferenceTests, `lfm2`, `lfm2-swa`)
/// pin down: the convolution layers' state across prefill chunks, batched decode rows,
/// rewinds and a prefix moved to another context, and the typed errors of malformed files.
@Suite struct LFM2Tests {
    static func file(_ variant: String = "lfm2") throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("\(variant).f16.gguf").path)
    }

    static func tokens(_ count: Int, seed: Int = 1) -> [Int] { (0..<count).map { ($0 * 7919 + seed * 104_729) % 151_643 } }

    /// The largest |a - b| over two logit arrays of the same length.
    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count)
        return zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    @Test func theModelReadsItsConvolutionAndAttentionLayers() throws {
        let model = try Transformer(file: Self.file(), threads: 1, batchCapacity: 8)
        let hp = model.hyperparameters
        #expect(hp.layers.map(\.stateSlot) == [0, 1, nil, 2, 3, nil])
        #expect(hp.recurrentStateWidths == [512, 512, 512, 512]) // 2 positions × 256 channels
        #expect(hp.shortConvolutionLength == 3)
        #expect(hp.cacheSlotWidths.map(\.key) == [128, 128] && hp.layers.allSatisfy { $0.window == nil })
        #expect(model.layers[0].shortConvolution?.kernel.count == 256 * 3 && model.layers[0].query == nil)
        #expect(model.layers[2].shortConvolution == nil && model.layers[2].keyNorm?.count == 64)
        let swa = try Transformer(file: Self.file("lfm2-swa"), threads: 1, batchCapacity: 8)
        #expect(swa.hyperparameters.layers.map(\.window) == [nil, 16, nil, nil, 16, nil])
        #expect(!swa.hyperparameters.layers[0].attends && swa.hyperparameters.layers[1].attends)
    }

    /// A prompt run in chunks of 5 positions (the state crossing every chunk boundary) gives
    /// the logits of one pass, at every position.
    @Test(arguments: ["lfm2", "lfm2-swa"])
    func chunksCarryTheState(_ variant: String) throws {
        let file = try Self.file(variant)
        let tokens = Self.tokens(37)
        var logits: [[Float]] = []
        for chunk in [128, 5] {
            let model = try Transformer(file: file, threads: 2, batchCapacity: chunk)
            var cache = model.makeCache(capacity: 64)
            logits.append(try model.forward(tokens: tokens, cache: &cache, logits: .all))
        }
        #expect(Self.maxDifference(logits[0], logits[1]) < 1e-3)
    }

    /// Decode rows of three sequences computed in one step (the batcher's step) are the rows each
    /// gets alone.
    @Test func batchedDecodeRowsAreEachSequencesOwn() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 32)
        let prompts = [Self.tokens(9, seed: 1), Self.tokens(14, seed: 2), Self.tokens(5, seed: 3)]
        let next = [[11], [12, 13], [14]]
        var alone: [[Float]] = []
        for (prompt, more) in zip(prompts, next) {
            var cache = model.makeCache(capacity: 32)
            _ = try model.forward(tokens: prompt, cache: &cache)
            alone.append(try model.forward(tokens: more, cache: &cache))
        }
        var caches = try prompts.map { prompt in
            var cache = model.makeCache(capacity: 32)
            _ = try model.forward(tokens: prompt, cache: &cache)
            return cache
        }
        let batched = caches.withUnsafeMutableBufferPointer { buffer in
            model.decodeStep(next, caches: (0..<3).map { buffer.baseAddress! + $0 })
        }
        for i in 0..<3 {
            #expect(Self.maxDifference(batched[i], alone[i]) < 1e-4, "sequence \(i)")
            #expect(caches[i].count == prompts[i].count + next[i].count && caches[i].states.position == caches[i].count)
        }
    }

    /// What a conversation returns to: the live state (the next turn after the answer), the
    /// state kept after the prompt (an answer re-rendered differently), the state kept after
    /// all but its last token (the same prompt again), and the start; each continues with the
    /// logits a fresh context computes.
    @Test func aContextReturnsWhereItKeptItsState() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 16)
        func fresh(_ prompt: [Int]) throws -> [Float] { try ModelContext(model: model, capacity: 128).prefill(prompt) }
        let context = ModelContext(model: model, capacity: 128)
        let prompt = Self.tokens(40)
        _ = try context.prefill(prompt)
        var answer: [Int] = []
        for token in [5, 6, 7, 8] {
            _ = try context.append(token)
            answer.append(token)
        }
        // The next turn: everything held is reused.
        let turn2 = prompt + answer + [9, 10, 11]
        #expect(context.reusablePrefixLength(of: turn2) == 44)
        #expect(Self.maxDifference(try context.prefill(turn2), try fresh(turn2)) < 1e-4)
        // The answer rendered otherwise: back to where the second prompt ended (its kept state),
        // then to the first prompt's end.
        let other = turn2 + [12, 13]
        #expect(context.reusablePrefixLength(of: other) == turn2.count)
        let rewritten = prompt + [99, 98, 97]
        #expect(context.reusablePrefixLength(of: rewritten) == 40)
        #expect(Self.maxDifference(try context.prefill(rewritten), try fresh(rewritten)) < 1e-4)
        // The same prompt again: from the state kept one short of its end.
        #expect(context.reusablePrefixLength(of: rewritten) == 42)
        #expect(Self.maxDifference(try context.prefill(rewritten), try fresh(rewritten)) < 1e-4)
        // A position in between goes back to the latest kept state before it.
        context.rewind(to: 30)
        #expect(context.count == 0 && context.tokens.isEmpty)
        #expect(Self.maxDifference(try context.prefill(rewritten), try fresh(rewritten)) < 1e-4)
    }

    /// 8-bit keys and values apply to the attention layers (the states stay f32): the logits
    /// stay those of the f16 cache up to the rounding of two layers' keys and values.
    @Test func eightBitKeysAndValuesServeTheAttentionLayers() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 16)
        #expect(model.supportsKVFormat(.q8_0))
        let tokens = Self.tokens(30)
        var f16 = model.makeCache(capacity: 64), q8 = model.makeCache(capacity: 64, format: .q8_0)
        let exact = try model.forward(tokens: tokens, cache: &f16, logits: .all)
        let eight = try model.forward(tokens: tokens, cache: &q8, logits: .all)
        #expect(q8.positionBytes * 32 == f16.positionBytes * 17 && q8.states.totalWidth == f16.states.totalWidth) // 34 bytes per 32 halves
        let spread = (exact.map { $0 * $0 }.reduce(0, +) / Float(exact.count)).squareRoot()
        #expect(Self.maxDifference(exact, eight) < 0.05 * spread, "spread \(spread)")
    }

    /// The kept states are bounded and their bytes reported with the cache's.
    @Test func keptStatesAreBoundedAndCounted() throws {
        let model = try Transformer(file: Self.file(), threads: 1, batchCapacity: 16)
        var cache = model.makeCache(capacity: 64)
        let stateBytes = 4 * 512 * MemoryLayout<Float>.size
        #expect(cache.residentByteCount == stateBytes)
        for end in stride(from: 4, through: 24, by: 4) {
            cache.keepStates(at: [end])
            _ = try model.forward(tokens: Self.tokens(4, seed: end), cache: &cache)
        }
        #expect(cache.states.snapshotPositions == [12, 16, 20, 24])
        #expect(cache.residentByteCount == 24 * cache.positionBytes + 5 * stateBytes)
        cache.truncate(to: 11)
        #expect(cache.count == 0 && cache.states.snapshotPositions.isEmpty)
        #expect(cache.residentByteCount == 24 * cache.positionBytes + stateBytes)
    }

    /// A prefix's rows and states, copied out and loaded into another context, continue as the
    /// original does; a count between kept states is clamped to the latest one.
    @Test func aPrefixMovesWithItsStates() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 16)
        let original = ModelContext(model: model, capacity: 64)
        _ = try original.prefill(Self.tokens(20))
        _ = try original.append(3)
        let layout = original.rowLayout
        #expect(layout.stateBytes == 4 * 512 * 4 && layout.description.hasSuffix("8192 bytes of recurrent state"))
        var saved: (tokens: [Int], states: [UInt8], rows: [([UInt8], [UInt8])]) = ([], [], [])
        try original.withHeldRows(count: 21) { tokens, states, rows in
            saved = (Array(tokens), Array(states), (0..<layout.layers).map { (Array(rows($0).keys), Array(rows($0).values)) })
        }
        #expect(saved.tokens.count == 21 && saved.states.count == layout.stateBytes)
        try original.withHeldRows(count: 15) { tokens, _, _ in #expect(tokens.count == 0) }
        let copy = ModelContext(model: model, capacity: 64)
        try copy.load(tokens: saved.tokens, fillStates: { $0.copyBytes(from: saved.states) }) { layer, keys, values in
            keys.copyBytes(from: saved.rows[layer].0)
            values.copyBytes(from: saved.rows[layer].1)
        }
        #expect(copy.tokens == original.tokens)
        #expect(Self.maxDifference(try copy.append(4), try original.append(4)) == 0)
    }

    /// Malformed hybrid files are typed errors that name the key or tensor.
    @Test func badFilesAreNamed() throws {
        let file = try Self.file()
        let noInput = try modelLoadError(file) { $0.tensors.removeAll { $0.name == "blk.3.shortconv.in_proj.weight" } }
        #expect(noInput == .missingTensor("blk.3.shortconv.in_proj.weight"))
        let oneTap = try modelLoadError(file) { w in
            w.metadata.removeAll { $0.key == "lfm2.shortconv.l_cache" }
            w.add("lfm2.shortconv.l_cache", .uint32(1))
        }
        #expect(oneTap == .invalidHyperparameter(key: "lfm2.shortconv.l_cache", reason: "1 taps (2 to 64 are supported)"))
        let wrongTaps = try modelLoadError(file) { w in
            w.metadata.removeAll { $0.key == "lfm2.shortconv.l_cache" }
            w.add("lfm2.shortconv.l_cache", .uint32(4))
        }
        #expect(wrongTaps == .shapeMismatch(tensor: "blk.0.shortconv.conv.weight", expected: [4, 256], found: [3, 256]))
        // A layer without key/value heads in a family without recurrent layers.
        let qwen3 = try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("qwen3-tied.f16.gguf").path)
        let noHeads = try modelLoadError(qwen3) { w in
            w.metadata.removeAll { $0.key == "qwen3.attention.head_count_kv" }
            w.add("qwen3.attention.head_count_kv", .array(GGUFArray([UInt32(2), 0])))
        }
        #expect(
            noHeads
                == .invalidHyperparameter(key: "qwen3.attention.head_count_kv", reason: "layer 1 has no key/value heads and no recurrent state"))
    }

    /// LFM2-MoE: the leading dense blocks, then experts with their selection bias.
    @Test func theMixtureReadsItsDenseAndExpertBlocks() throws {
        let model = try Transformer(file: Self.file("lfm2moe"), threads: 1, batchCapacity: 8)
        let routing = try #require(model.hyperparameters.experts)
        #expect(routing.gating == .sigmoid && routing.normalizesWeights && routing.count == 8 && routing.used == 2)
        #expect(model.layers.map { $0.experts != nil } == [false, false, true, true, true, true])
        #expect(model.layers[1].gate != nil && model.layers[2].gate == nil && model.layers[3].shortConvolution != nil)
        #expect(model.layers[4].experts?.selectionBias?.count == 8)
        let file = try Self.file("lfm2moe")
        let softmaxGating = try modelLoadError(file) { w in
            w.metadata.removeAll { $0.key == "lfm2moe.expert_gating_func" }
            w.add("lfm2moe.expert_gating_func", .uint32(4))
        }
        #expect(
            softmaxGating
                == .invalidHyperparameter(key: "lfm2moe.expert_gating_func", reason: "gating function 4 is not supported (1 softmax, 2 sigmoid)"))
        let noBias = try modelLoadError(file) { $0.tensors.removeAll { $0.name == "blk.5.exp_probs_b.bias" } }
        #expect(noBias == .missingTensor("blk.5.exp_probs_b.bias"))
    }

    /// Sigmoid gating as its definition says, computed the slow way: scores sigmoid(logit), the
    /// best `used` by score plus bias, weights the unbiased scores over their sum.
    @Test func sigmoidRoutingChoosesByBiasedScores() {
        let routing = ExpertRouting(count: 16, used: 4, feedForwardLengths: [64], gating: .sigmoid, normalizesWeights: true)
        var rng = SplitMix64(seed: 16)
        let rows = 23
        let logits = (0..<(rows * 16)).map { _ in rng.nextSigned() * 4 }
        let bias = (0..<16).map { _ in rng.nextSigned() * 0.3 }
        let assignment = logits.withUnsafeBufferPointer {
            ExpertAssignment(logits: $0.baseAddress!, rows: rows, routing, selectionBias: bias)
        }
        var seen = Array(repeating: [Int: Float](), count: rows)
        for (expert, chosen) in assignment.rowsByExpert.enumerated() {
            for c in chosen { seen[c.row][expert] = c.weight }
        }
        for r in 0..<rows {
            let scores = (0..<16).map { 1 / (1 + expf(-logits[r * 16 + $0])) }
            let best = (0..<16).sorted { scores[$0] + bias[$0] > scores[$1] + bias[$1] }.prefix(4)
            #expect(Set(seen[r].keys) == Set(best), "row \(r)")
            let total = best.map { scores[$0] }.reduce(0, +)
            for e in best { #expect(abs((seen[r][e] ?? .nan) - scores[e] / total) < 1e-6, "row \(r) expert \(e)") }
        }
    }
}
