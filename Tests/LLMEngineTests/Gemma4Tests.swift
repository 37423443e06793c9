import GGUF
import Kernels
import LLMEngine
import TestSupport
import Testing

/// What Gemma 4 adds to the cache and the loader, on the synthetic model whose logits
/// `LlamaCppReferenceTests` checks against llama.cpp (`Fixtures/architectures`, variant
/// `gemma4`: sliding layers of one 64-wide kv head, global layers of two 128-wide ones, layers
/// 3–5 reading the caches of layers 1 and 2): a cache slot per layer that stores keys and values,
/// each of its own width, saved and reloaded as such; values that are keys when a layer has no
/// `attn_v`; typed errors for the variants it does not run.
@Suite struct Gemma4Tests {
    static func file() throws -> GGUFFile {
        try GGUFFile(path: try LlamaCppReferenceModels.assembled.get().appendingPathComponent("gemma4.f16.gguf").path)
    }

    static func model(_ file: GGUFFile) throws -> Transformer { try Transformer(file: file, threads: 2, batchCapacity: 16) }

    static let tokens = (0..<28).map { ($0 * 7919 + 13) % 151_643 }

    @Test func sharedLayersReadTheCachesOfEarlierLayers() throws {
        let model = try Self.model(Self.file())
        let layers = model.hyperparameters.layers
        #expect(layers.map(\.cacheSlot) == [0, 1, 2, 1, 1, 2])
        #expect(layers.map(\.writesCache) == [true, true, true, false, false, false])
        #expect(layers.map(\.window) == [16, 16, nil, 16, 16, nil])
        #expect(layers.map(\.keyLength) == [64, 64, 128, 64, 64, 128])
        #expect(layers.map(\.headCountKV) == [1, 1, 2, 1, 1, 2])
        #expect(model.hyperparameters.feedForwardLengths == [256, 256, 256, 512, 512, 512])
        // Three slots, of their own widths: the shared layers take no memory.
        let cache = model.makeCache(capacity: 32)
        #expect(cache.layerCount == 3 && cache.keyWidths == [64, 64, 256] && cache.valueWidths == [64, 64, 256])
        #expect(cache.byteCount == 32 * 2 * (64 + 64 + 64 + 64 + 256 + 256))
        let q8 = model.makeCache(capacity: 32, format: .q8_0)
        #expect(q8.keyRowBytes == [68, 68, 272])
    }

    /// Rows saved from slots of different widths load into another context, which then goes on
    /// exactly as the original.
    @Test(arguments: [KVFormat.f16, .q8_0])
    func heldRowsOfEveryWidthReload(format: KVFormat) throws {
        let model = try Self.model(Self.file())
        let original = ModelContext(model: model, capacity: 64, format: format)
        try original.prefill(Self.tokens)
        let layout = original.rowLayout
        #expect(layout.keyRowBytes.count == 3 && Set(layout.keyRowBytes).count == 2)
        #expect(layout.description.hasPrefix("3 layers, \(format.rawValue), "))
        var saved: [(keys: [UInt8], values: [UInt8])] = []
        try original.withHeldRows(count: 20) { _, _, rows in saved = (0..<layout.layers).map { (Array(rows($0).keys), Array(rows($0).values)) } }
        #expect(saved.map { $0.keys.count } == layout.keyRowBytes.map { 20 * $0 })
        let copy = ModelContext(model: model, capacity: 64, format: format)
        try copy.load(tokens: Array(Self.tokens.prefix(20))) { layer, keys, values in
            keys.copyBytes(from: saved[layer].keys)
            values.copyBytes(from: saved[layer].values)
        }
        original.rewind(to: 20)
        for next in Self.tokens[20...] {
            let a = try original.append(next), b = try copy.append(next)
            #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(format) after \(next)")
        }
    }

    /// A global layer without `attn_v` uses its keys as values (before they are normalized and
    /// turned): the same model with `attn_v` = `attn_k` gives the same logits, bit for bit.
    @Test func aLayerWithoutValuesUsesItsKeys() throws {
        let file = try Self.file()
        #expect(file.tensor(named: "blk.2.attn_v.weight") == nil)
        var writer = GGUFWriter(copying: file)
        var value = try #require(writer.tensors.first { $0.name == "blk.2.attn_k.weight" })
        value.name = "blk.2.attn_v.weight"
        writer.tensors.append(value)
        func logits(_ model: Transformer) throws -> [Float] {
            var cache = model.makeCache(capacity: 32)
            return try model.forward(tokens: Self.tokens, cache: &cache, logits: .all)
        }
        let with = try logits(Self.model(GGUFFile(bytes: writer.encoded())))
        let without = try logits(Self.model(file))
        #expect(with.map(\.bitPattern) == without.map(\.bitPattern))
    }

    /// Malformed files are typed errors that name the problem.
    @Test func badKeysAreNamed() throws {
        let file = try Self.file()
        func load(_ edit: (inout GGUFWriter) -> Void) throws -> ModelLoadError? { try modelLoadError(file, edit) }
        // A router (26B-A4B's expert layers) in a file that does not say how many experts it has.
        let moe = try load { w in
            w.addTensor("blk.0.ffn_gate_inp.weight", dimensions: [256, 8], f32: [Float](repeating: 0, count: 256 * 8))
        }
        #expect(moe == .invalidHyperparameter(key: "gemma4.expert_count", reason: "missing, while blk.0.ffn_gate_inp.weight routes experts"))
        // No sliding-window pattern.
        let pattern = try load { $0.metadata.removeAll { $0.key == "gemma4.attention.sliding_window_pattern" } }
        #expect(pattern?.description.contains("gemma4.attention.sliding_window_pattern") == true)
        // So many shared layers that none is left to share from.
        let shared = try load { w in
            w.metadata.removeAll { $0.key == "gemma4.attention.shared_kv_layers" }
            w.add("gemma4.attention.shared_kv_layers", .uint32(5))
        }
        #expect(shared?.description.contains("gemma4.attention.shared_kv_layers") == true)
        // Per-layer arrays of the wrong length.
        let heads = try load { w in
            w.metadata.removeAll { $0.key == "gemma4.attention.head_count_kv" }
            w.add("gemma4.attention.head_count_kv", .array(GGUFArray([UInt32(1), 1, 2])))
        }
        #expect(heads == .invalidHyperparameter(key: "gemma4.attention.head_count_kv", reason: "3 values for 6 layers"))
    }
}
