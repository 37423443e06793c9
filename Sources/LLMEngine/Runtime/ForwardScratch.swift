import Foundation
import Kernels

/// The buffers one forward call works in, sized for `capacity` positions at a time (a prefill
/// chunk; decode uses row 0). Raw allocations, reused by every call, freed with the model;
/// zeroed but untouched until written (`calloc`), so the rows of a chunk longer than any the
/// model has run take no memory.
///
/// Shapes, with n = rows of the current chunk:
/// `x`, `normed`, `projected`: [n, d]; `q`: [n, heads * keyLength]; `k`: [n, kvHeads * keyLength];
/// `v`: [n, kvHeads * valueLength]; `attention`: [n, heads * valueLength] (each as wide as the
/// widest block's); `gate`, `up`: [n, max(ff, p)]; `perLayerInputs`: [n, blocks * p] (Gemma 4's
/// per-layer inputs, p = `perLayerInputLength`); with routed experts, `routerLogits`:
/// [n, experts], `expertInput`, `expertOutput` and `held` (a branch kept aside): [n, d] (gate and up as wide as the widest
/// expert and the shared expert too); `rope[t]` cos/sin: [n, rotated(t) / 2] per
/// table; `scores`: [slices, group * context]; `partials`: [parts, group * (valueLength + 2)].
final class ForwardScratch {
    let capacity: Int
    let x, normed, projected, q, k, v, attention, gate, up, perLayerInputs: UnsafeMutablePointer<Float>
    let routerLogits, expertInput, expertOutput, held: UnsafeMutablePointer<Float>
    /// The input projection of a recurrent layer (LFM2's `b | c | x`, `[n, 3d]`; a Gated
    /// DeltaNet's `q | k | v`, `[n, channels]`), or the queries and gates of an attention
    /// layer with output gates (`[n, heads * 2 headK]`).
    let mixerInput: UnsafeMutablePointer<Float>
    /// `[n, V]`: the output gates (a Gated DeltaNet's z, V its value width; an attention
    /// layer's, V = heads * headV).
    let outputGate: UnsafeMutablePointer<Float>
    /// `[2, n, valueHeads]`: a Gated DeltaNet's β, then its decays g.
    let mixerRates: UnsafeMutablePointer<Float>
    /// `[n]`: each row's smallest routing margin over the blocks of the last pass
    /// (`ExpertAssignment.margins`), for a model with routed experts: where the reference tests
    /// see a near tie of routing.
    var routingMargins: [Float] = []
    /// A test seam: the experts block `layer` runs for the row at `position`, when it answers
    /// (the reference tests run llama.cpp's recorded choices through it); nil in use.
    var forcedExperts: ((_ layer: Int, _ position: Int) -> [Int]?)?
    /// `[n]`: for each row of the last pass whose forced experts were not its own best ones,
    /// the largest routing margin among the blocks where they differed (-infinity: none did).
    var overruledMargins: [Float] = []
    /// RoPE angles of each row, per table (`RopeTable.rawValue`).
    let rope: [(cos: UnsafeMutablePointer<Float>, sin: UnsafeMutablePointer<Float>)]
    /// Attention scores, one region per parallel slice, grown on demand to the context.
    private(set) var scores: UnsafeMutablePointer<Float>
    private(set) var scoresPerSlice = 0
    /// Partial attention results of a decode step whose ranges go in parts, grown on demand.
    private(set) var partials: UnsafeMutablePointer<Float>
    private var partialsCount = 0
    let slices: Int
    /// Quantized activations by (weight type, columns).
    private var activations: [Int: QuantizedActivations] = [:]
    let kernels: KernelSet
    private var allocations: [UnsafeMutablePointer<Float>] = []

    init(_ hp: ModelHyperparameters, capacity: Int, slices: Int, kernels: KernelSet) {
        self.capacity = capacity
        self.slices = slices
        self.kernels = kernels
        var owned: [UnsafeMutablePointer<Float>] = []
        func buffer(_ width: Int) -> UnsafeMutablePointer<Float> {
            let count = max(1, capacity * width)
            guard let raw = calloc(count, MemoryLayout<Float>.size) else { fatalError("ForwardScratch: cannot allocate \(count) floats") }
            let p = raw.bindMemory(to: Float.self, capacity: count)
            owned.append(p)
            return p
        }
        let d = hp.embeddingLength, layers = hp.layers
        func widest(_ width: (LayerAttention) -> Int) -> Int { layers.map(width).max() ?? 0 }
        x = buffer(d); normed = buffer(d); projected = buffer(d)
        q = buffer(widest(\.queryWidth))
        k = buffer(widest(\.keyWidth))
        v = buffer(max(widest(\.valueWidth), widest(\.keyWidth)))
        let delta = hp.gatedDeltaNet
        attention = buffer(max(widest(\.outputWidth), delta?.valueWidth ?? 0))
        let p = hp.perLayerInputLength ?? 0, expertWidth = max(hp.experts?.feedForwardLengths.max() ?? 0, hp.experts?.sharedFeedForwardLength ?? 0)
        let hidden = max(hp.feedForwardLengths.max() ?? 0, p, expertWidth)
        gate = buffer(hidden); up = buffer(hidden)
        let routed = hp.experts != nil
        routerLogits = buffer(hp.experts?.count ?? 0)
        expertInput = buffer(routed ? d : 0); expertOutput = buffer(routed ? d : 0); held = buffer(routed ? d : 0)
        perLayerInputs = buffer(p * hp.blockCount)
        let gatedQueries = widest { $0.gatesOutput ? 2 * $0.queryWidth : 0 }
        mixerInput = buffer(max(hp.shortConvolutionLength == nil ? 0 : 3 * d, delta?.channels ?? 0, gatedQueries))
        outputGate = buffer(max(widest { $0.gatesOutput ? $0.outputWidth : 0 }, delta?.valueWidth ?? 0))
        mixerRates = buffer(2 * (delta?.valueHeads ?? 0))
        rope = RopeTable.allCases.map { table in
            let half = hp.ropeDimensions(of: table) / 2
            return (buffer(half), buffer(half))
        }
        scores = .allocate(capacity: 1)
        partials = .allocate(capacity: 1)
        allocations = owned
    }

    deinit {
        for p in allocations { free(p) }
        scores.deallocate()
        partials.deallocate()
    }

    /// Makes room for `count` scores in every slice.
    func reserveScores(_ count: Int) {
        guard count > scoresPerSlice else { return }
        scores.deallocate()
        scores = .allocate(capacity: count * slices)
        scoresPerSlice = count
    }

    /// Makes room for `count` partial attention floats.
    func reservePartials(_ count: Int) {
        guard count > partialsCount else { return }
        partials.deallocate()
        partials = .allocate(capacity: count)
        partialsCount = count
    }

    /// The activation buffer for `w`'s type and width, `capacity` rows.
    func activations(for w: QuantizedMatrix) -> QuantizedActivations {
        let key = Int(w.type.rawValue) << 32 | w.columns
        if let a = activations[key] { return a }
        let a = QuantizedActivations(type: w.type, columns: w.columns, capacity: capacity, kernels: kernels)
        activations[key] = a
        return a
    }
}
