import Foundation
import GGUF
import TestSupport
import Testing

@testable import LLMEngine

/// Qwen3.5's hybrid beyond what llama.cpp's logits (LlamaCppReferenceTests, `qwen35`) pin down:
/// the delta rule against its matrix form, the Gated DeltaNet layers' state across prefill
/// chunks, batched decode rows, rewinds and a prefix moved to another context, what IMRoPE's
/// sections leave still, and the typed errors of malformed files.
@Suite struct Qwen35Tests {
    static func file() throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("qwen35.f16.gguf").path)
    }

    static func tokens(_ count: Int, _ seed: Int) -> [Int] { LFM2Tests.tokens(count, seed: seed) }
    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float { LFM2Tests.maxDifference(a, b) }

    /// Floats of one DeltaNet layer's state in the fixture: 3 positions × 512 channels of
    /// history, 4 value heads × 64 × 64.
    static let stateWidth = 3 * 512 + 4 * 64 * 64

    /// The hyperparameters of `file` after `edit` (the tensors are not read).
    static func hyperparameters(_ file: GGUFFile, _ edit: (inout GGUFWriter) -> Void) throws -> ModelHyperparameters {
        var writer = GGUFWriter(copying: file)
        edit(&writer)
        return try ModelHyperparameters(GGUFFile(bytes: writer.encoded()))
    }

    @Test func theModelReadsItsDeltaNetAndAttentionLayers() throws {
        let model = try Transformer(file: Self.file(), threads: 1, batchCapacity: 8)
        let hp = model.hyperparameters
        #expect(hp.layers.map(\.stateSlot) == [0, 1, 2, nil])
        #expect(hp.recurrentStateWidths == Array(repeating: Self.stateWidth, count: 3))
        #expect(hp.gatedDeltaNet == GatedDeltaNetShape(convolutionLength: 4, keyHeads: 2, valueHeads: 4, headLength: 64))
        #expect(hp.cacheSlotWidths.map(\.key) == [64] && hp.layers[3].cacheSlot == 0)
        #expect(hp.layers.map(\.gatesOutput) == [false, false, false, true])
        #expect(hp.layers[3].rope == .global && hp.ropeDimensions == 16 && hp.ropeSectionFactors == nil)
        #expect(model.layers[0].gatedDeltaNet?.kernel.count == 512 * 4 && model.layers[0].query == nil)
        #expect(model.layers[0].gatedDeltaNet?.decayRate.allSatisfy { $0 < 0 } == true)
        #expect(model.layers[3].gatedDeltaNet == nil && model.layers[3].query?.rows == 2 * 4 * 64)
    }

    /// Where the file gives no flags per layer, every `full_attention_interval`-th layer attends;
    /// layers of multi-token prediction at the end are left out.
    @Test func layerKindsFromTheIntervalAndDraftLayers() throws {
        let file = try Self.file()
        let interval = try Self.hyperparameters(file) { w in
            w.metadata.removeAll { $0.key == "qwen35.attention.recurrent_layers" || $0.key == "qwen35.full_attention_interval" }
            w.add("qwen35.full_attention_interval", .uint32(2))
        }
        #expect(interval.layers.map(\.attends) == [false, true, false, true])
        #expect(interval.cacheSlotWidths.count == 2 && interval.layers[3].cacheSlot == 1)
        let drafts = try Self.hyperparameters(file) { $0.add("qwen35.nextn_predict_layers", .uint32(1)) }
        #expect(drafts.blockCount == 3 && drafts.layers.allSatisfy { !$0.attends } && drafts.cacheSlotWidths.isEmpty)
    }

    /// IMRoPE over text: the pairs whose sector falls in none of the three position sections
    /// (the fourth's) do not turn.
    @Test func theFourthSectionStaysStill() throws {
        let hp = try Self.hyperparameters(Self.file()) { w in
            w.metadata.removeAll { $0.key == "qwen35.rope.dimension_sections" }
            w.add("qwen35.rope.dimension_sections", .array(GGUFArray([Int32(2), 1, 1, 4])))
        }
        // 8 pairs, sectors 0..7: t takes 0, 3 (< 3 × 2), h takes 1 (< 3 × 1), w takes 2; 4-7 stay.
        #expect(hp.ropeSectionFactors == [1, 1, 1, 1, .infinity, .infinity, .infinity, .infinity])
    }

    /// The delta rule against its matrix form, in doubles, with `S` the `[key][value]` state
    /// (the transpose of the kernel's layout): `S ← e^g S + β k (v − e^g Sᵀ k)ᵀ`, `o = Sᵀ q / √n`.
    @Test func theDeltaRuleIsTheMatrixRecurrence() {
        let n = 12
        var rng = SystemRandomNumberGenerator()
        func random(_ count: Int) -> [Float] { (0..<count).map { _ in Float.random(in: -1...1, using: &rng) } }
        var state = random(n * n) // [value j][key i]
        var reference = (0..<n).map { i in (0..<n).map { j in Double(state[j * n + i]) } } // [key i][value j]
        for _ in 0..<5 {
            var q = random(n), k = random(n)
            let v = random(n), g = -Float.random(in: 0.01...2, using: &rng), beta = Float.random(in: 0.05...0.95, using: &rng)
            DeltaRule.l2Normalize(&q, count: n, epsilon: 1e-6)
            DeltaRule.l2Normalize(&k, count: n, epsilon: 1e-6)
            var out = [Float](repeating: 0, count: n)
            DeltaRule.step(state: &state, query: q, key: k, value: v, decay: g, beta: beta, length: n, into: &out)
            let decay = exp(Double(g))
            let recalled = (0..<n).map { j in (0..<n).reduce(0.0) { $0 + decay * reference[$1][j] * Double(k[$1]) } }
            for i in 0..<n {
                for j in 0..<n {
                    reference[i][j] = decay * reference[i][j] + Double(beta) * Double(k[i]) * (Double(v[j]) - recalled[j])
                }
            }
            for j in 0..<n {
                let expected = (0..<n).reduce(0.0) { $0 + reference[$1][j] * Double(q[$1]) } / Double(n).squareRoot()
                #expect(abs(Double(out[j]) - expected) < 1e-5)
                for i in 0..<n { #expect(abs(Double(state[j * n + i]) - reference[i][j]) < 1e-5) }
            }
        }
        var x: [Float] = [3, 4]
        DeltaRule.l2Normalize(&x, count: 2, epsilon: 0)
        #expect(x == [0.6, 0.8])
    }

    /// A prompt run in one step of 512 positions (the delta rule's chunked form, chunks of 64),
    /// in steps of 37 (chunked, a short last chunk), of 5 (position by position, the states
    /// crossing every step) and of 1 gives the same logits at every position.
    @Test func chunksCarryTheState() throws {
        let file = try Self.file()
        let tokens = Self.tokens(517, 1)
        var logits: [[Float]] = []
        for chunk in [512, 37, 5, 1] {
            let model = try Transformer(file: file, threads: 2, batchCapacity: chunk)
            var cache = model.makeCache(capacity: 600)
            logits.append(try model.forward(tokens: tokens, cache: &cache, logits: .all))
        }
        for i in 1..<logits.count { #expect(Self.maxDifference(logits[0], logits[i]) < 1e-3, "step \([512, 37, 5, 1][i])") }
    }

    /// Decode rows of three sequences computed in one step (the batcher's step) are the rows each
    /// gets alone.
    @Test func batchedDecodeRowsAreEachSequencesOwn() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 32)
        let prompts = [Self.tokens(9, 1), Self.tokens(14, 2), Self.tokens(5, 3)]
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

    /// What a conversation returns to through the kept states: the live state, the state after
    /// the prompt, the state one short of it, and the start; each continues with the logits a
    /// fresh context computes.
    @Test func aContextReturnsWhereItKeptItsState() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 16)
        func fresh(_ prompt: [Int]) throws -> [Float] { try ModelContext(model: model, capacity: 128).prefill(prompt) }
        let context = ModelContext(model: model, capacity: 128)
        let prompt = Self.tokens(40, 1)
        _ = try context.prefill(prompt)
        var answer: [Int] = []
        for token in [5, 6, 7, 8] {
            _ = try context.append(token)
            answer.append(token)
        }
        let turn2 = prompt + answer + [9, 10, 11]
        #expect(context.reusablePrefixLength(of: turn2) == 44)
        #expect(Self.maxDifference(try context.prefill(turn2), try fresh(turn2)) < 1e-4)
        let rewritten = prompt + [99, 98, 97]
        #expect(context.reusablePrefixLength(of: rewritten) == 40)
        #expect(Self.maxDifference(try context.prefill(rewritten), try fresh(rewritten)) < 1e-4)
        #expect(context.reusablePrefixLength(of: rewritten) == 42)
        #expect(Self.maxDifference(try context.prefill(rewritten), try fresh(rewritten)) < 1e-4)
        context.rewind(to: 30)
        #expect(context.count == 0 && context.tokens.isEmpty)
        #expect(Self.maxDifference(try context.prefill(rewritten), try fresh(rewritten)) < 1e-4)
    }

    /// A prefix's rows and states, copied out and loaded into another context, continue as the
    /// original does.
    @Test func aPrefixMovesWithItsStates() throws {
        let model = try Transformer(file: Self.file(), threads: 2, batchCapacity: 16)
        let original = ModelContext(model: model, capacity: 64)
        _ = try original.prefill(Self.tokens(20, 1))
        _ = try original.append(3)
        let layout = original.rowLayout
        #expect(layout.stateBytes == 3 * Self.stateWidth * 4 && layout.layers == 1)
        var saved: (tokens: [Int], states: [UInt8], rows: [([UInt8], [UInt8])]) = ([], [], [])
        try original.withHeldRows(count: 21) { tokens, states, rows in
            saved = (Array(tokens), Array(states), (0..<layout.layers).map { (Array(rows($0).keys), Array(rows($0).values)) })
        }
        #expect(saved.tokens.count == 21 && saved.states.count == layout.stateBytes)
        let copy = ModelContext(model: model, capacity: 64)
        try copy.load(tokens: saved.tokens, fillStates: { $0.copyBytes(from: saved.states) }) { layer, keys, values in
            keys.copyBytes(from: saved.rows[layer].0)
            values.copyBytes(from: saved.rows[layer].1)
        }
        #expect(copy.tokens == original.tokens)
        #expect(Self.maxDifference(try copy.append(4), try original.append(4)) == 0)
    }

    /// Malformed files are typed errors that name the key or tensor.
    @Test func badFilesAreNamed() throws {
        let file = try Self.file()
        func replacing(_ key: String, _ value: GGUFValue) throws -> ModelLoadError? {
            try modelLoadError(file) { w in
                w.metadata.removeAll { $0.key == key }
                w.add(key, value)
            }
        }
        let noDecay = try modelLoadError(file) { $0.tensors.removeAll { $0.name == "blk.1.ssm_a" } }
        #expect(noDecay == .missingTensor("blk.1.ssm_a"))
        #expect(
            try replacing("qwen35.ssm.inner_size", .uint32(128))
                == .invalidHyperparameter(key: "qwen35.ssm.inner_size", reason: "128 is not 4 value heads × 64 (ssm.state_size)"))
        #expect(
            try replacing("qwen35.ssm.group_count", .uint32(3))
                == .invalidHyperparameter(key: "qwen35.ssm.time_step_rank", reason: "4 value heads are not a multiple of 3 key heads"))
        #expect(
            try replacing("qwen35.attention.recurrent_layers", .array(GGUFArray([true, false])))
                == .invalidHyperparameter(key: "qwen35.attention.recurrent_layers", reason: "2 flags for 4 layers"))
        #expect(
            try replacing("qwen35.ssm.conv_kernel", .uint32(3))
                == .shapeMismatch(tensor: "blk.0.ssm_conv1d.weight", expected: [3, 512], found: [4, 512]))
        let noSections = try modelLoadError(file) { $0.metadata.removeAll { $0.key == "qwen35.rope.dimension_sections" } }
        #expect(noSections == .invalidHyperparameter(key: "qwen35.rope.dimension_sections", reason: "missing (1 to 4 section sizes)"))
    }
}
