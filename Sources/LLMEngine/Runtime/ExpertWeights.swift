import GGUF
import Kernels

/// A block's routed experts bound for the kernels: the router and the stacked expert matrices
/// over the mapped file (nothing is copied: an expert's matrix is a view of its rows).
struct ExpertWeights {
    /// `[experts rows, d columns]`.
    let router: QuantizedMatrix
    /// Every expert's gate and up rows (`[experts * ff, d]` each, or `[experts * 2 ff, d]` the
    /// two fused); down rows `[experts * d, ff]`.
    private let gates, ups, downs: QuantizedMatrix
    private let fused: Bool
    /// The experts' hidden width.
    let width: Int
    /// The factor on each expert's output, `[experts]`, when the file has one.
    let downScales: [Float]?
    /// Gemma 4's router input weights, `[d]`: `ffn_gate_inp.scale / sqrt(d)`, the factors on
    /// the RMS-normalized residual that the router reads.
    let routerInputWeights: [Float]?
    /// The bias on each expert's score when choosing, `[experts]` (LFM2-MoE).
    let selectionBias: [Float]?
    /// gpt-oss's biases: the router's `[experts]`, and per expert its gate's and up's
    /// `[experts * ff]` and its down projection's `[experts * d]` (expert e's at e * width).
    let routerBias, gateBias, upBias, downBias: [Float]?
    /// The shared expert every row runs, where the block has one.
    let shared: SharedExpertWeights?

    init(_ t: ExpertTensors, file: GGUFFile, kernels: KernelSet) throws {
        router = try LayerWeights.matrix(t.router, file: file)
        gates = try LayerWeights.matrix(t.gate, file: file)
        ups = try LayerWeights.matrix(t.up, file: file)
        downs = try LayerWeights.matrix(t.down, file: file)
        fused = t.fusedGateUp
        width = t.down.dimensions[0]
        func vector(_ v: GGUFTensorInfo?) throws -> [Float]? {
            try v.map { try LayerWeights.vector(TensorSlice($0), file: file, kernels: kernels) }
        }
        downScales = try vector(t.downScales)
        let root = Float(t.router.dimensions[0]).squareRoot()
        routerInputWeights = try vector(t.routerInputScale)?.map { $0 / root }
        selectionBias = try vector(t.selectionBias)
        // A stack of bias vectors, `[width, experts]`: every row, one after another.
        func stack(_ v: GGUFTensorInfo?) throws -> [Float]? { try v.map { try LayerWeights.floats($0, file: file, kernels: kernels) } }
        routerBias = try vector(t.routerBias)
        gateBias = try stack(t.gateBias)
        upBias = try stack(t.upBias)
        downBias = try stack(t.downBias)
        shared = try t.shared.map { try SharedExpertWeights($0, file: file, kernels: kernels) }
    }

    /// Expert `e`'s gate and up projections, `[ff, d]` each.
    func gateAndUp(_ e: Int) -> (gate: QuantizedMatrix, up: QuantizedMatrix) {
        if fused {
            let start = 2 * e * width
            return (gates.rows(start..<(start + width)), ups.rows((start + width)..<(start + 2 * width)))
        }
        let rows = (e * width)..<((e + 1) * width)
        return (gates.rows(rows), ups.rows(rows))
    }

    /// Expert `e`'s down projection, `[d, ff]`.
    func down(_ e: Int) -> QuantizedMatrix {
        let d = downs.rows / router.rows
        return downs.rows((e * d)..<((e + 1) * d))
    }
}
