import Foundation
import GGUF
import Kernels

/// The forward pass of every family the engine implements (`ModelArchitecture`, each defined
/// in its own file under `Model/Architectures/`): the embedding, each family's block
/// (`ArchitectureDefinition.block`, built from the shared steps of `BlockPass`), the final norm
/// and the output projection.
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
    /// The kernels every product of the model runs (their instruction-set level: `kernels.isa`).
    public let kernels: KernelSet
    let pool: ThreadPool?
    let layers: [LayerWeights]
    let embedding: QuantizedMatrix
    let output: QuantizedMatrix
    let outputNorm: [Float]
    /// The RoPE tables, indexed by `RopeTable.rawValue` (global, sliding-window).
    let ropeSchedules: [RopeSchedule]
    /// Gemma 4's per-layer token embeddings, when the model has them.
    let perLayerEmbedding: PerLayerEmbedding?
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
    /// about 60 KB per position for Qwen2.5-0.5B, taken as chunks that long first run). The
    /// default, 512, is llama.cpp's `n_ubatch`: the quantized matrix-matrix kernels repack each
    /// weight panel once per chunk, so longer chunks spend less of a prefill repacking (Gemma 4
    /// E2B: 13% of a 512-token prefill in chunks of 128, 4% in one chunk).
    public init(
        file: GGUFFile, threads: Int = ThreadPool.defaultThreadCount, kernels: KernelSet = .default,
        batchCapacity: Int = 512
    ) throws {
        let hp = try ModelHyperparameters(file)
        let w = try ModelWeights(file, hp)
        self.file = file
        hyperparameters = hp
        self.kernels = kernels
        pool = threads > 1 ? ThreadPool(threadCount: threads) : nil
        func matrix(_ t: GGUFTensorInfo) throws -> QuantizedMatrix { try LayerWeights.matrix(t, file: file) }
        func vector(_ t: GGUFTensorInfo?) throws -> [Float]? {
            try t.map { try LayerWeights.vector(TensorSlice($0), file: file, kernels: kernels) }
        }
        embedding = try matrix(w.tokenEmbedding)
        output = try matrix(w.output)
        outputNorm = try vector(w.outputNorm)!
        let factors = try vector(w.ropeFrequencyFactors)
        ropeSchedules = [
            // rope_freqs.weight applies at every length; LongRoPE's short and long factors by the cache's.
            RopeSchedule(
                rotated: hp.ropeDimensions, base: hp.ropeFreqBase, factors: try factors ?? hp.ropeSectionFactors ?? vector(w.ropeShortFactors),
                longFactors: factors == nil ? try vector(w.ropeLongFactors) : nil,
                originalContext: hp.ropeOriginalContextLength, positionDivisor: hp.ropeScaleFactor,
                magnitude: hp.ropeAttentionFactor, yarn: hp.ropeYarn),
            // Sliding-window layers are neither linearly scaled nor given factors (as llama.cpp's
            // gemma3 and gemma4: Gemma 4's `rope_freqs` belong to its global layers).
            RopeSchedule(rotated: hp.ropeDimensionsLocal, base: hp.ropeFreqBaseLocal, factors: nil),
        ]
        layers = try zip(w.layers, hp.layers).map { try LayerWeights($0, $1, file: file, kernels: kernels) }
        perLayerEmbedding = try PerLayerEmbedding(w, hp, file: file, kernels: kernels)
        self.batchCapacity = max(1, batchCapacity)
        scratch = ForwardScratch(hp, capacity: self.batchCapacity, slices: max(1, threads), kernels: kernels)
        keyScales = zip(layers, hp.layers).map { l, a in l.keyBias.flatMap { KeyChannelScales(bias: $0, keyLength: a.keyLength) } }
    }

    /// How this model's decode steps have been batched so far (`ModelContext.append` from
    /// concurrent generations): steps, rows and the largest batch.
    package var decodeStatistics: DecodeStatistics { scheduler.counts }

    /// A cache for `capacity` positions (at most the trained context length is sensible) in
    /// `format` (`.q8_0` needs heads of whole 32-element blocks: `supportsKVFormat`).
    public func makeCache(capacity: Int, format: KVFormat = .f16) -> KVCache {
        KVCache(
            slots: hyperparameters.cacheSlotWidths, stateWidths: hyperparameters.recurrentStateWidths, capacity: capacity,
            format: format)
    }

    /// Whether this model's heads can be cached in `format` (a head's elements must be whole blocks).
    public func supportsKVFormat(_ format: KVFormat) -> Bool {
        hyperparameters.layers.filter(\.writesCache).allSatisfy { format.holds(keyLength: $0.keyLength, valueLength: $0.valueLength) }
    }

    /// Runs `token` at position `cache.count`, appends its keys and values to the cache, and
    /// returns the logits of the next token (`[vocabularySize]`).
    public func forward(token: Int, cache: inout KVCache) throws(GenerationFailure) -> [Float] {
        try forward(tokens: [token], cache: &cache)
    }
}
