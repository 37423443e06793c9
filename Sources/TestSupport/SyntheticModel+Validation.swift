extension SyntheticModel {
    /// Why a `SyntheticModel` cannot be written.
    package enum ValidationError: Error, Equatable, CustomStringConvertible {
        /// A size that must be positive is not.
        case nonPositive(property: String, value: Int)
        /// `headCount` is not a multiple of `headCountKV`.
        case headsNotGrouped(headCount: Int, headCountKV: Int)
        /// A matrix's rows (`columns` wide) do not split into blocks of `type`.
        case rowNotBlockAligned(tensor: String, columns: Int, type: WeightType)
        /// `ropeDimensions` is odd or wider than a head.
        case ropeDimensions(Int, headLength: Int)
        /// `matrixTypes` is empty.
        case noMatrixTypes

        /// A sentence naming the problem.
        package var description: String {
            switch self {
            case let .nonPositive(property, value): "\(property) must be positive, got \(value)"
            case let .headsNotGrouped(h, kv): "headCount \(h) is not a multiple of headCountKV \(kv)"
            case let .rowNotBlockAligned(tensor, columns, type):
                "\(tensor): rows of \(columns) values do not split into \(type.rawValue) blocks of \(type.blockSize)"
            case let .ropeDimensions(n, h): "ropeDimensions \(n) must be even and at most headLength \(h)"
            case .noMatrixTypes: "matrixTypes is empty"
            }
        }
    }

    /// Checks that every size is positive, the heads group evenly and every matrix row fits its
    /// type's blocks (the input width: `embeddingLength`, `headCount * headLength` for
    /// `attn_output`, `feedForwardLength` for `ffn_down`).
    package func validate() throws(ValidationError) {
        let sizes = [
            ("embeddingLength", embeddingLength), ("feedForwardLength", feedForwardLength),
            ("headCount", headCount), ("headCountKV", headCountKV), ("blockCount", blockCount),
            ("vocabularySize", vocabularySize), ("headLength", headLength), ("slidingWindow", slidingWindow),
        ]
        for (name, value) in sizes where value <= 0 { throw .nonPositive(property: name, value: value) }
        guard headCount % headCountKV == 0 else { throw .headsNotGrouped(headCount: headCount, headCountKV: headCountKV) }
        if let n = ropeDimensions, n <= 0 || n % 2 != 0 || n > headLength {
            throw .ropeDimensions(n, headLength: headLength)
        }
        guard !matrixTypes.isEmpty else { throw .noMatrixTypes }
        let inputs = [
            ("embeddingLength-wide matrices", embeddingLength),
            ("attn_output.weight", headCount * headLength), ("ffn_down.weight", feedForwardLength),
        ]
        for type in matrixTypes {
            for (tensor, columns) in inputs where columns % type.blockSize != 0 {
                throw .rowNotBlockAligned(tensor: tensor, columns: columns, type: type)
            }
        }
    }
}
