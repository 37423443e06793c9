import GGUF

/// The tensors of one block as a family binds them: `blk.<index>.<name>`, each checked for its
/// shape (ggml order, `[columns, rows]`) and for a type the kernels handle. The shared layouts
/// (separate or fused q/k/v with optional biases, separate or fused gate/up) are read here once
/// for every family.
struct LayerTensors {
    let file: GGUFFile
    /// The block.
    let index: Int
    /// The model's hyperparameters.
    let hp: ModelHyperparameters

    /// The block's attention (heads, head sizes, whether it stores keys and values).
    var attention: LayerAttention { hp.layers[index] }

    /// `blk.<index>.<name>`.
    func name(_ name: String) -> String { "blk.\(index).\(name)" }

    /// A matrix of `shape`, or nil when absent and `optional`.
    func matrix(_ name: String, _ shape: [Int], optional: Bool = false) throws(ModelLoadError) -> GGUFTensorInfo? {
        try ModelWeights.bind(file, self.name(name), shape, optional: optional, vector: false)
    }

    /// A required matrix of `shape`.
    func matrix(_ name: String, _ shape: [Int]) throws(ModelLoadError) -> GGUFTensorInfo {
        try ModelWeights.bind(file, self.name(name), shape, optional: false, vector: false)!
    }

    /// A norm or bias vector of `count` elements, or nil when absent and `optional`.
    func vector(_ name: String, _ count: Int, optional: Bool = false) throws(ModelLoadError) -> GGUFTensorInfo? {
        try ModelWeights.bind(file, self.name(name), [count], optional: optional, vector: true)
    }

    /// A required stack of bias vectors of `shape` (`[width, count]`, a float type).
    func biases(_ name: String, _ shape: [Int]) throws(ModelLoadError) -> GGUFTensorInfo {
        try ModelWeights.bind(file, self.name(name), shape, optional: false, vector: true)!
    }

    /// A required norm vector of `count` elements.
    func vector(_ name: String, _ count: Int) throws(ModelLoadError) -> GGUFTensorInfo {
        try ModelWeights.bind(file, self.name(name), [count], optional: false, vector: true)!
    }

    /// The query, key and value projections (`[d, qWidth]`, `[d, kWidth]`, `[d, vWidth]`) and
    /// their biases, as llama.cpp reads them for every family: one fused `attn_qkv` (rows q, k,
    /// v in that order, with a fused bias or separate ones) or `attn_q`, `attn_k`, `attn_v`.
    /// Biases are optional unless `biases` is true. `keysAndValues` says which of the key and
    /// value projections the block reads.
    func attentionProjections(
        input d: Int, query qWidth: Int, key kWidth: Int, value vWidth: Int, biases: Bool = false,
        keysAndValues: KeyValueProjections = .required
    ) throws(ModelLoadError) -> AttentionProjections {
        let q = 0..<qWidth, k = qWidth..<(qWidth + kWidth), v = (qWidth + kWidth)..<(qWidth + kWidth + vWidth)
        let reads = keysAndValues != .none
        if let fused = try matrix("attn_qkv.weight", [d, v.upperBound], optional: true) {
            let bias = try vector("attn_qkv.bias", v.upperBound, optional: true)
            let separate = bias == nil ? try separateBiases(qWidth, kWidth, vWidth, required: biases) : (nil, nil, nil)
            return AttentionProjections(
                query: TensorSlice(fused, rows: q), key: reads ? TensorSlice(fused, rows: k) : nil,
                value: reads ? TensorSlice(fused, rows: v) : nil,
                queryBias: bias.map { TensorSlice($0, rows: q) } ?? separate.0,
                keyBias: reads ? bias.map { TensorSlice($0, rows: k) } ?? separate.1 : nil,
                valueBias: reads ? bias.map { TensorSlice($0, rows: v) } ?? separate.2 : nil)
        }
        let separate = try separateBiases(qWidth, kWidth, vWidth, required: biases)
        let key = reads ? try matrix("attn_k.weight", [d, kWidth]) : nil
        let value = reads ? try matrix("attn_v.weight", [d, vWidth], optional: keysAndValues == .valueOptional) : nil
        return AttentionProjections(
            query: TensorSlice(try matrix("attn_q.weight", [d, qWidth])),
            key: key.map { TensorSlice($0) }, value: value.map { TensorSlice($0) },
            queryBias: separate.0, keyBias: reads ? separate.1 : nil, valueBias: reads ? separate.2 : nil)
    }

    /// `attn_{q,k,v}.bias`, each optional unless `required` (as llama.cpp reads them).
    private func separateBiases(
        _ qWidth: Int, _ kWidth: Int, _ vWidth: Int, required: Bool
    ) throws(ModelLoadError) -> (TensorSlice?, TensorSlice?, TensorSlice?) {
        (
            try vector("attn_q.bias", qWidth, optional: !required).map { TensorSlice($0) },
            try vector("attn_k.bias", kWidth, optional: !required).map { TensorSlice($0) },
            try vector("attn_v.bias", vWidth, optional: !required).map { TensorSlice($0) }
        )
    }

    /// The gate and up projections of the feed-forward network, `[d, ff]` each: separate
    /// `ffn_gate` and `ffn_up`, or one `ffn_up` of `[d, 2 ff]` whose first half is the gate
    /// (Phi-3's fused layout, split as llama.cpp's SwiGLU splits it).
    func gateAndUp(input d: Int, hidden ff: Int) throws(ModelLoadError) -> (gate: TensorSlice, up: TensorSlice) {
        if let gate = try matrix("ffn_gate.weight", [d, ff], optional: true) {
            return (TensorSlice(gate), TensorSlice(try matrix("ffn_up.weight", [d, ff])))
        }
        // No gate of its own: `ffn_up` must hold both halves, else the gate is what is missing.
        let fusedShape = [d, 2 * ff], upName = name("ffn_up.weight")
        guard let info = file.tensor(named: upName), info.dimensions == fusedShape else {
            if let info = file.tensor(named: upName), info.dimensions != [d, ff] {
                throw .shapeMismatch(tensor: upName, expected: fusedShape, found: info.dimensions)
            }
            throw .missingTensor(name("ffn_gate.weight"))
        }
        let fused = try matrix("ffn_up.weight", fusedShape)
        return (TensorSlice(fused, rows: 0..<ff), TensorSlice(fused, rows: ff..<(2 * ff)))
    }
}

extension LayerTensors {
    /// The routed experts of the block as llama.cpp reads them: the router `ffn_gate_inp`
    /// `[d, experts]`, the stacked `ffn_gate_exps` and `ffn_up_exps` `[d, ff, experts]` (or one
    /// `ffn_gate_up_exps` `[d, 2 ff, experts]`), `ffn_down_exps` `[ff, d, experts]` and its
    /// optional per-expert `ffn_down_exps.scale` `[experts]`.
    func experts(_ routing: ExpertRouting) throws(ModelLoadError) -> ExpertTensors {
        let d = hp.embeddingLength, ff = routing.feedForwardLengths[index], n = routing.count
        let router = try matrix("ffn_gate_inp.weight", [d, n])
        let gate: GGUFTensorInfo, up: GGUFTensorInfo, fused: Bool
        if let both = try matrix("ffn_gate_up_exps.weight", [d, 2 * ff, n], optional: true) {
            (gate, up, fused) = (both, both, true)
        } else {
            (gate, up, fused) = (
                try matrix("ffn_gate_exps.weight", [d, ff, n]), try matrix("ffn_up_exps.weight", [d, ff, n]), false
            )
        }
        return ExpertTensors(
            router: router, gate: gate, up: up, fusedGateUp: fused, down: try matrix("ffn_down_exps.weight", [ff, d, n]),
            downScales: try vector("ffn_down_exps.scale", n, optional: true))
    }
}

/// The q, k and v projections of a block and their biases (views into a fused tensor or not).
struct AttentionProjections {
    let query: TensorSlice
    let key, value: TensorSlice?
    let queryBias, keyBias, valueBias: TensorSlice?
}

/// Which key and value projections a block reads.
enum KeyValueProjections {
    /// Both.
    case required
    /// The key projection; the value projection when present (else the values are the keys).
    case valueOptional
    /// Neither: the block attends over an earlier block's keys and values.
    case none
}
