/// The sizes of a Gated DeltaNet layer (Qwen3.5's linear attention), from the `ssm.*` keys as
/// llama.cpp reads them: `ssm.conv_kernel` taps, `ssm.group_count` key heads,
/// `ssm.time_step_rank` value heads, `ssm.state_size` the length of every key and value head
/// (`ssm.inner_size` = value heads × head length).
///
/// A row's input projection holds `channels` = q | k | v: `keyHeads` query heads, `keyHeads`
/// key heads and `valueHeads` value heads of `headLength` each. Value head `h` reads query and
/// key head `h % keyHeads` (the tiled order llama.cpp's converter writes the value heads in).
/// The state of one sequence is the convolution's history, `[taps - 1][channels]` (the raw
/// projections of the latest positions, oldest first), then one matrix per value head,
/// `[valueHeads][headLength (value index j)][headLength (key index i)]`.
public struct GatedDeltaNetShape: Sendable, Equatable {
    /// Taps of the causal convolution over the positions (the current one and those before it).
    public var convolutionLength: Int
    /// Query and key heads (`ssm.group_count`).
    public var keyHeads: Int
    /// Value heads (`ssm.time_step_rank`), a multiple of `keyHeads`.
    public var valueHeads: Int
    /// Length of every query, key and value head (`ssm.state_size`).
    public var headLength: Int

    /// Width of the queries (and of the keys) of a row, `keyHeads * headLength`.
    public var keyWidth: Int { keyHeads * headLength }
    /// Width of the values of a row, `valueHeads * headLength`.
    public var valueWidth: Int { valueHeads * headLength }
    /// Channels of the convolution, q | k | v: `2 * keyWidth + valueWidth`.
    public var channels: Int { 2 * keyWidth + valueWidth }
    /// Floats of the convolution's history, `(taps - 1) * channels`.
    public var convolutionStateWidth: Int { (convolutionLength - 1) * channels }
    /// Floats of the heads' matrices, `valueHeads * headLength²`.
    public var matrixStateWidth: Int { valueHeads * headLength * headLength }
    /// Floats of a layer's state: the history, then the matrices.
    public var stateWidth: Int { convolutionStateWidth + matrixStateWidth }

    /// A shape of these sizes.
    public init(convolutionLength: Int, keyHeads: Int, valueHeads: Int, headLength: Int) {
        self.convolutionLength = convolutionLength
        self.keyHeads = keyHeads
        self.valueHeads = valueHeads
        self.headLength = headLength
    }

    /// Reads and checks the `ssm.*` keys of `read`'s architecture.
    init(_ read: HyperparameterReader) throws(ModelLoadError) {
        let arch = read.architecture
        convolutionLength = try read.int("ssm.conv_kernel")
        guard (2...64).contains(convolutionLength) else {
            throw .invalidHyperparameter(key: "\(arch).ssm.conv_kernel", reason: "\(convolutionLength) taps (2 to 64 are supported)")
        }
        keyHeads = try read.int("ssm.group_count")
        valueHeads = try read.int("ssm.time_step_rank")
        headLength = try read.int("ssm.state_size")
        guard valueHeads % keyHeads == 0 else {
            throw .invalidHyperparameter(
                key: "\(arch).ssm.time_step_rank", reason: "\(valueHeads) value heads are not a multiple of \(keyHeads) key heads")
        }
        let inner = try read.int("ssm.inner_size")
        guard inner == valueHeads * headLength else {
            throw .invalidHyperparameter(
                key: "\(arch).ssm.inner_size",
                reason: "\(inner) is not \(valueHeads) value heads × \(headLength) (ssm.state_size)")
        }
    }
}
