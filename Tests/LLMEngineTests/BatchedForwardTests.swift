import GGUF
import LLMEngine
import TestSupport
import Testing

/// Batched prefill, token-by-token decode and rewinding all compute the same logits.
///
/// The same kernels compute each row in both paths (a matrix-vector product is the one-row
/// case of the matrix-matrix kernel, and every other step works row by row), so the logits must
/// be identical, bit for bit, not merely close.
@Suite("batched forward")
struct BatchedForwardTests {
    enum Model: String, CaseIterable, Sendable {
        case qwen, gemma, syntheticQwen2, syntheticLlama, syntheticGemma3
    }

    static func load(_ model: Model, batchCapacity: Int) throws -> Transformer {
        let file: GGUFFile
        switch model {
        case .qwen: file = try GGUFFile(path: TestModels.qwenPath())
        case .gemma: file = try GGUFFile(path: TestModels.gemmaPath())
        case .syntheticQwen2: file = try GGUFFile(bytes: SyntheticModel(architecture: "qwen2").writer().encoded())
        case .syntheticLlama: file = try GGUFFile(bytes: SyntheticModel(architecture: "llama").writer().encoded())
        case .syntheticGemma3: file = try GGUFFile(bytes: SyntheticModel(architecture: "gemma3").writer().encoded())
        }
        return try Transformer(file: file, threads: 2, batchCapacity: batchCapacity)
    }

    /// 21 tokens: longer than the synthetic gemma3's sliding window (8) and than the chunk.
    static func tokens(_ model: Transformer) -> [Int] {
        let v = model.hyperparameters.vocabularySize
        return (0..<21).map { ($0 * 7_919 + 13) % v }
    }

    @Test(arguments: Model.allCases)
    func prefillEqualsDecodeAndRewind(model kind: Model) throws {
        let model = try Self.load(kind, batchCapacity: 8) // 21 tokens = chunks of 8, 8, 5
        let tokens = Self.tokens(model)
        let v = model.hyperparameters.vocabularySize

        var decodeCache = model.makeCache(capacity: 32)
        var decoded: [Float] = []
        for token in tokens { decoded += try model.forward(token: token, cache: &decodeCache) }

        var cache = model.makeCache(capacity: 32)
        let batched = try model.forward(tokens: tokens, cache: &cache, logits: .all)
        #expect(cache.count == tokens.count)
        #expect(batched.count == tokens.count * v)
        #expect(batched == decoded, "\(kind): max difference \(zip(batched, decoded).map { abs($0 - $1) }.max() ?? 0)")

        // The last row alone, and a rewind to position 9 followed by the rest again.
        var lastCache = model.makeCache(capacity: 32)
        #expect(try model.forward(tokens: tokens, cache: &lastCache) == Array(batched[((tokens.count - 1) * v)...]))
        cache.truncate(to: 9)
        let again = try model.forward(tokens: Array(tokens[9...]), cache: &cache, logits: .all)
        #expect(again == Array(batched[(9 * v)...]))
    }

    /// Past 256 positions (`attentionPart`) a decode step's attention goes in parts over the pool:
    /// the parts depend on the positions alone, so one thread and two give the same logits bit
    /// for bit; and a prefill of the same tokens (GEMMs, attention in tiles) agrees closely.
    @Test(arguments: [Model.syntheticQwen2, .syntheticGemma3])
    func longContextDecodeIsTheSameOnAnyThreadCount(model kind: Model) throws {
        let file: GGUFFile =
            kind == .syntheticQwen2
            ? try GGUFFile(bytes: SyntheticModel(architecture: "qwen2").writer().encoded())
            : try GGUFFile(bytes: SyntheticModel(architecture: "gemma3").writer().encoded())
        let one = try Transformer(file: file, threads: 1, batchCapacity: 64)
        let two = try Transformer(file: file, threads: 2, batchCapacity: 64)
        let v = one.hyperparameters.vocabularySize
        let tokens = (0..<602).map { ($0 * 7_919 + 13) % v }
        var cacheOne = one.makeCache(capacity: tokens.count), cacheTwo = two.makeCache(capacity: tokens.count)
        var lastOne: [Float] = [], lastTwo: [Float] = []
        for token in tokens {
            lastOne = try one.forward(token: token, cache: &cacheOne)
            lastTwo = try two.forward(token: token, cache: &cacheTwo)
            #expect(lastOne == lastTwo, "\(kind) at position \(cacheOne.count - 1)")
            if lastOne != lastTwo { return }
        }
        var prefillCache = two.makeCache(capacity: tokens.count)
        let prefilled = try two.forward(tokens: tokens, cache: &prefillCache)
        let scale = lastOne.map(abs).max() ?? 1
        let difference = zip(prefilled, lastOne).map { abs($0 - $1) }.max() ?? .infinity
        #expect(difference <= 1e-3 * scale, "\(kind): prefill and decode differ by \(difference) (logits up to \(scale))")
    }

    @Test func contextAndTokenErrorsLeaveTheCacheUntouched() throws {
        let model = try Self.load(.syntheticLlama, batchCapacity: 4)
        var cache = model.makeCache(capacity: 5)
        #expect(throws: GenerationFailure.exceedsContext(tokens: 6, used: 0, capacity: 5)) {
            try model.forward(tokens: [1, 2, 3, 4, 5, 6], cache: &cache)
        }
        #expect(cache.count == 0)
        #expect(throws: GenerationFailure.tokenOutOfRange(320, vocabularySize: 320)) {
            try model.forward(tokens: [1, 320], cache: &cache)
        }
        #expect(cache.count == 0)
        _ = try model.forward(tokens: [1, 2, 3, 4, 5], cache: &cache)
        #expect(throws: GenerationFailure.contextFull(capacity: 5)) { try model.forward(token: 1, cache: &cache) }
        #expect(try model.forward(tokens: [], cache: &cache).isEmpty)
    }
}
