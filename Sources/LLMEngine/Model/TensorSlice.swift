import GGUF

/// A run of rows of a tensor: a whole tensor, or the part of a fused one that one projection
/// owns (Phi-3's `attn_qkv` holds the query, key and value rows; its `ffn_up` the gate's and
/// the up projection's). For a vector (a 1-row tensor), the rows are its elements.
public struct TensorSlice: Sendable, Equatable {
    /// The tensor in the file.
    public let tensor: GGUFTensorInfo
    /// The rows (elements of a vector) that belong to the projection.
    public let rows: Range<Int>

    /// The whole of `tensor`.
    public init(_ tensor: GGUFTensorInfo) {
        self.tensor = tensor
        rows = 0..<(tensor.dimensions.count > 1 ? tensor.dimensions[1] : tensor.dimensions[0])
    }

    /// Rows `rows` of `tensor`.
    public init(_ tensor: GGUFTensorInfo, rows: Range<Int>) {
        self.tensor = tensor
        self.rows = rows
    }

    /// The ggml type of the tensor.
    public var type: GGMLType { tensor.type }
}
