import Foundation
import Kernels
import Testing

@testable import LLMEngine

/// A context's held rows, copied out (`withHeldRows`) and loaded into another context (`load`),
/// make that context continue exactly as the first: the same logits after the same next tokens,
/// bit for bit, in both cache formats.
@Suite("context rows")
struct ModelContextRowsTests {
    typealias Model = BatchedForwardTests.Model

    /// (The synthetic models' heads are too short for q8_0 blocks.)
    @Test(arguments: [(Model.qwen, KVFormat.f16), (.qwen, .q8_0), (.syntheticLlama, .f16), (.syntheticGemma3, .f16)])
    func loadedRowsContinueAsTheOriginal(model kind: Model, format: KVFormat) throws {
        let model = try BatchedForwardTests.load(kind, batchCapacity: 8)
        try #require(model.supportsKVFormat(format))
        let tokens = BatchedForwardTests.tokens(model)
        let original = ModelContext(model: model, capacity: 64, format: format)
        try original.prefill(tokens)
        let copy = ModelContext(model: model, capacity: 64, format: format)
        #expect(copy.rowLayout == original.rowLayout)
        #expect(
            original.rowLayout.byteCount(positions: 2)
                == 2 * zip(original.rowLayout.keyRowBytes, original.rowLayout.valueRowBytes).reduce(0) { $0 + $1.0 + $1.1 })

        // Keep 15 of the 21 positions: a prefix of what was held.
        var saved: (tokens: [Int], rows: [(keys: [UInt8], values: [UInt8])]) = ([], [])
        let layers = original.rowLayout.layers // (not inside the call: it holds the context's lock)
        try original.withHeldRows(count: 15) { held, _, layer in
            saved.tokens = Array(held)
            saved.rows = (0..<layers).map { l in
                let (keys, values) = layer(l)
                return (Array(keys), Array(values))
            }
        }
        #expect(saved.tokens == Array(tokens.prefix(15)))
        try copy.load(tokens: saved.tokens) { layer, keys, values in
            keys.copyBytes(from: saved.rows[layer].keys)
            values.copyBytes(from: saved.rows[layer].values)
        }
        #expect(copy.tokens == saved.tokens)

        original.rewind(to: 15)
        for next in [tokens[15], 5, 9] {
            let a = try original.append(next), b = try copy.append(next)
            #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(kind) \(format) after \(next)")
        }
    }

    /// A fill that throws leaves the context empty; too many positions or a token outside the
    /// vocabulary are refused before anything changes.
    @Test func failedLoadsLeaveTheContextConsistent() throws {
        let model = try BatchedForwardTests.load(.syntheticLlama, batchCapacity: 8)
        let context = ModelContext(model: model, capacity: 16)
        try context.prefill([1, 2, 3, 4])
        struct Broken: Error {}
        #expect(throws: Broken.self) { try context.load(tokens: [1, 2, 3]) { _, _, _ in throw Broken() } }
        #expect(context.count == 0)
        try context.prefill([1, 2, 3, 4])
        #expect(throws: GenerationFailure.exceedsContext(tokens: 17, used: 0, capacity: 16)) {
            try context.load(tokens: Array(repeating: 1, count: 17)) { _, _, _ in }
        }
        let v = model.hyperparameters.vocabularySize
        #expect(throws: GenerationFailure.tokenOutOfRange(v, vocabularySize: v)) {
            try context.load(tokens: [1, v]) { _, _, _ in }
        }
        #expect(context.tokens == [1, 2, 3, 4])
    }
}
