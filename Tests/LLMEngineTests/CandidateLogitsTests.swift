import GGUF
import TestSupport
import Testing

@testable import LLMEngine

/// A forward pass asked for a few vocabulary entries computes exactly those entries' logits —
/// bit for bit what the whole output projection gives them — and `-infinity` everywhere else,
/// alone, in a batch beside a row that wants every entry, and past `candidateLimit` (where the
/// whole projection runs and the rest is masked).
@Suite("candidate logits")
struct CandidateLogitsTests {
    typealias Model = BatchedForwardTests.Model

    /// What `candidates` should give: `full` at those entries, `-infinity` elsewhere.
    static func expected(_ full: [Float], keeping candidates: [Int]) -> [Float] {
        var out = [Float](repeating: -.infinity, count: full.count)
        for token in candidates { out[token] = full[token] }
        return out
    }

    /// A cache holding `prefix`, and the full logits after `prefix + [next]` on a copy of it.
    static func prepared(_ model: Transformer, _ prefix: [Int]) throws -> KVCache {
        var cache = model.makeCache(capacity: 64)
        _ = try model.forward(tokens: prefix, cache: &cache, logits: .none)
        return cache
    }

    @Test(arguments: Model.allCases)
    func candidatesGetTheWholeProjectionsValues(model kind: Model) throws {
        let model = try BatchedForwardTests.load(kind, batchCapacity: 8)
        let v = model.hyperparameters.vocabularySize
        let prefix = Array(BatchedForwardTests.tokens(model).prefix(11))
        let next = (prefix.last! * 31 + 5) % v
        var fullCache = try Self.prepared(model, prefix)
        let full = try model.forward(tokens: [next], cache: &fullCache)

        // Few (the sparse projection), the last entry included, and more than the limit (the
        // whole projection, masked).
        let few = Array(Set([0, v - 1, next, (next * 7) % v])).sorted().prefix(model.candidateLimit)
        let many = Array(stride(from: 0, to: v, by: max(1, v / (model.candidateLimit + 2))))
        #expect(many.count > model.candidateLimit)
        for candidates in [Array(few), many] {
            var cache = try Self.prepared(model, prefix)
            let sparse = try model.forward(tokens: [next], cache: &cache, candidates: candidates)
            #expect(sparse == Self.expected(full, keeping: candidates), "\(kind), \(candidates.count) candidates")
            #expect(cache.count == fullCache.count)
            // The positions it committed are the ones a full pass commits: the next step agrees.
            let after = try model.forward(tokens: [3], cache: &cache)
            var fullAfterCache = fullCache
            #expect(after == (try model.forward(tokens: [3], cache: &fullAfterCache)))
        }

        // Several positions at once (a forced run after a sampled token): only the last row's.
        var runCache = try Self.prepared(model, Array(prefix.dropLast(2)))
        let run = try model.forward(tokens: Array(prefix.suffix(2)) + [next], cache: &runCache, candidates: Array(few))
        #expect(run == Self.expected(full, keeping: Array(few)))
    }

    /// A candidate outside the vocabulary is refused by name before anything runs, as a token
    /// is, and the cache and context are left as they were.
    @Test func aCandidateOutsideTheVocabularyIsATypedError() throws {
        let model = try BatchedForwardTests.load(.syntheticQwen2, batchCapacity: 8)
        let v = model.hyperparameters.vocabularySize
        var cache = try Self.prepared(model, [1, 2, 3])
        #expect(throws: GenerationFailure.tokenOutOfRange(v, vocabularySize: v)) {
            try model.forward(tokens: [4], cache: &cache, candidates: [0, v])
        }
        #expect(cache.count == 3)
        let context = ModelContext(model: model, capacity: 16)
        _ = try context.prefill([1, 2, 3])
        #expect(throws: GenerationFailure.tokenOutOfRange(-1, vocabularySize: v)) {
            try context.append(contentsOf: [4], candidates: [-1])
        }
        #expect(context.tokens == [1, 2, 3])
    }

    /// In one batched step, a row with candidates gets what it gets alone, and so does the row
    /// beside it that wants every entry (or other candidates).
    @Test(arguments: [Model.syntheticQwen2, .syntheticGemma3, .qwen])
    func batchingDoesNotChangeWhatARowGets(model kind: Model) throws {
        let model = try BatchedForwardTests.load(kind, batchCapacity: 8)
        let v = model.hyperparameters.vocabularySize
        let tokens = BatchedForwardTests.tokens(model)
        let limit = model.candidateLimit
        let a = Array(Array(0..<v).filter { $0 % 3 == 1 }.prefix(limit)), b = [v - 1, 2]
        for candidates: [[Int]?] in [[a, nil], [nil, a], [a, b]] {
            var alone: [[Float]] = []
            for (i, list) in candidates.enumerated() {
                var cache = try Self.prepared(model, Array(tokens.prefix(5 + i)))
                alone.append(try model.forward(tokens: [tokens[9], tokens[10 + i]], cache: &cache, candidates: list))
            }
            var first = try Self.prepared(model, Array(tokens.prefix(5)))
            var second = try Self.prepared(model, Array(tokens.prefix(6)))
            let batched = withUnsafeMutablePointer(to: &first) { p in
                withUnsafeMutablePointer(to: &second) { q in
                    model.decodeStep([[tokens[9], tokens[10]], [tokens[9], tokens[11]]], caches: [p, q], candidates: candidates)
                }
            }
            #expect(batched == alone, "\(kind), candidates \(candidates.map { $0?.count ?? -1 })")
        }
    }
}
