/// A kernel call was given data of the wrong shape or type; each case names the problem.
public enum KernelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The ggml type id is not one the kernels support.
    case unsupportedType(id: UInt32)
    /// A row length is not a positive multiple of the type's block size.
    case columnsNotMultipleOfBlock(columns: Int, type: QuantType, blockSize: Int)
    /// A row count is negative.
    case negativeRows(Int)
    /// Rows are closer together than a row's size.
    case rowStrideTooSmall(stride: Int, rowBytes: Int)
    /// A buffer holds fewer bytes or elements than the shape needs.
    case bufferTooSmall(needed: Int, available: Int)
    /// Two operands disagree on a dimension.
    case shapeMismatch(String)

    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .unsupportedType(let id):
            "unsupported tensor type id \(id); supported: \(QuantType.allCases.map(\.name).joined(separator: ", "))"
        case .columnsNotMultipleOfBlock(let columns, let type, let blockSize):
            "\(columns) columns is not a positive multiple of \(type.name)'s block size \(blockSize)"
        case .negativeRows(let rows):
            "negative row count \(rows)"
        case .rowStrideTooSmall(let stride, let rowBytes):
            "row stride \(stride) bytes is smaller than a row (\(rowBytes) bytes)"
        case .bufferTooSmall(let needed, let available):
            "buffer too small: needs \(needed), has \(available)"
        case .shapeMismatch(let detail):
            "shape mismatch: \(detail)"
        }
    }
}
