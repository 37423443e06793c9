import Foundation
import GGUF
import Kernels

/// The forward pass shared by `qwen2`, `llama` and `gemma3` (each defined in its own file under
/// `Model/Architectures/`): the families differ only in their `ArchitectureTraits` (biases,
/// QK-norm, post-norms, GELU vs SiLU gating, embedding scale, RoPE style) and in what they add
/// to `ModelHyperparameters` (RoPE bases, sliding-window layers).
///
/// ```swift
/// let model = try Transformer(file: GGUFFile(path: path))
/// var cache = model.makeCache(capacity: 1024)
/// let logits = try model.forward(token: 42, cache: &cache)   // [vocabularySize]
/// ```
///
/// Weights stay in the memory-mapped file; only norm and bias vectors are copied to `Float`.
/// A prompt is prefilled in chunks of up to `batchCapacity` positions through matrix-matrix
/// products; decode runs one position through matrix-vector products. Calls are serialized: one
/// forward pass runs at a time per model (its scratch buffers are shared).
public final class Transformer: @unchecked Sendable {
    /// The model file (kept alive: the matrices point into its map).
    public let file: GGUFFile
    /// The hyperparameters.
    public let hyperparameters: ModelHyperparameters
    let kernels: KernelSet
    let pool: ThreadPool?
    let layers: [LayerWeights]
    let embedding: QuantizedMatrix
    let output: QuantizedMatrix
    let outputNorm: [Float]
    /// Rope angle per position of each rotated pair, for global and sliding-window layers.
    let ropeFrequencies: (global: [Float], local: [Float])
    let scratch: ForwardScratch
    /// Per layer, the key channel scales of 8-bit caches (`nil`: none needed).
    let keyScales: [KeyChannelScales?]
    let lock = NSLock()
    /// Orders the forward passes of this model's contexts: decode steps batched, prefill chunks between them.
    let scheduler = StepScheduler()
    /// The most positions one forward step processes (longer inputs are split into chunks).
    public let batchCapacity: Int

    /// The default thread count: the physical cores.
    public static var defaultThreads: Int { ThreadPool.defaultThreadCount }

    /// Loads `file`; throws `ModelLoadError` naming what is unsupported or malformed.
    ///
    /// `batchCapacity` bounds the positions of one prefill chunk (and so the scratch memory,
    /// about 60 KB per position for Qwen2.5-0.5B).
    public init(
        file: GGUFFile, threads: Int = ThreadPool.defaultThreadCount, kernels: KernelSet = .default,
        batchCapacity: Int = 128
    ) throws {
        let hp = try ModelHyperparameters(file)
        let w = try ModelWeights(file, hp)
        self.file = file
        hyperparameters = hp
        self.kernels = kernels
        pool = threads > 1 ? ThreadPool(threadCount: threads) : nil
        func matrix(_ t: GGUFTensorInfo) throws -> QuantizedMatrix {
            guard let type = QuantType(rawValue: t.type.rawValue) else {
                throw ModelLoadError.unsupportedTensorType(
                    tensor: t.name, type: t.type.name,
                    supported: ModelWeights.supportedTypes.map(\.name))
            }
            return try QuantizedMatrix(
                file.data(for: t), type: type, rows: t.dimensions.count > 1 ? t.dimensions[1] : 1,
                columns: t.dimensions[0])
        }
        func vector(_ t: GGUFTensorInfo?) throws -> [Float]? {
            guard let t else { return nil }
            let m = try matrix(t)
            var out = [Float](repeating: 0, count: m.columns)
            out.withUnsafeMutableBufferPointer { kernels.dequantize(m, row: 0, into: $0) }
            return out
        }
        embedding = try matrix(w.tokenEmbedding)
        output = try matrix(w.output)
        outputNorm = try vector(w.outputNorm)!
        let factors = try vector(w.ropeFrequencyFactors)
        ropeFrequencies = factors.withOptionalBuffer { f in
            (
                TensorOps.ropeFrequencies(rotated: hp.ropeDimensions, base: hp.ropeFreqBase, factors: f),
                TensorOps.ropeFrequencies(rotated: hp.ropeDimensions, base: hp.ropeFreqBaseLocal, factors: f)
            )
        }
        layers = try w.layers.map { l in
            LayerWeights(
                attentionNorm: try vector(l.attentionNorm)!, query: try matrix(l.query), key: try matrix(l.key),
                value: try matrix(l.value), queryBias: try vector(l.queryBias), keyBias: try vector(l.keyBias),
                valueBias: try vector(l.valueBias), queryNorm: try vector(l.queryNorm), keyNorm: try vector(l.keyNorm),
                output: try matrix(l.output), postAttentionNorm: try vector(l.postAttentionNorm),
                feedForwardNorm: try vector(l.feedForwardNorm)!, gate: try matrix(l.gate), up: try matrix(l.up),
                down: try matrix(l.down), postFeedForwardNorm: try vector(l.postFeedForwardNorm))
        }
        self.batchCapacity = max(1, batchCapacity)
        scratch = ForwardScratch(hp, capacity: self.batchCapacity, slices: max(1, threads), kernels: kernels)
        keyScales = layers.map { l in l.keyBias.flatMap { KeyChannelScales(bias: $0, keyLength: hp.keyLength) } }
    }

    /// How this model's decode steps have been batched so far (`ModelContext.append` from
    /// concurrent generations): steps, rows and the largest batch.
    package var decodeStatistics: DecodeStatistics { scheduler.counts }

    /// A cache for `capacity` positions (at most the trained context length is sensible) in
    /// `format` (`.q8_0` needs heads of whole 32-element blocks: `supportsKVFormat`).
    public func makeCache(capacity: Int, format: KVFormat = .f16) -> KVCache {
        let hp = hyperparameters
        return KVCache(
            layers: hp.blockCount, capacity: capacity,
            keyWidth: hp.headCountKV * hp.keyLength, valueWidth: hp.headCountKV * hp.valueLength, format: format)
    }

    /// Whether this model's heads can be cached in `format` (a head's elements must be whole blocks).
    public func supportsKVFormat(_ format: KVFormat) -> Bool {
        format.holds(keyLength: hyperparameters.keyLength, valueLength: hyperparameters.valueLength)
    }

    /// Runs `token` at position `cache.count`, appends its keys and values to the cache, and
    /// returns the logits of the next token (`[vocabularySize]`).
    public func forward(token: Int, cache: inout KVCache) throws(GenerationFailure) -> [Float] {
        try forward(tokens: [token], cache: &cache)
    }
}
