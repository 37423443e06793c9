import GGUF

/// Tensor payload helpers: float tensors, ggml's reference Q8_0 quantizer, and deterministic
/// filler bytes of the right size for any type.
extension GGUFWriter {
    /// Appends an `F32` tensor.
    package mutating func addTensor(_ name: String, dimensions: [Int], f32 values: [Float], offset: Int? = nil) {
        addTensor(name, dimensions: dimensions, type: .f32, data: Self.f32Bytes(values), offset: offset)
    }

    /// Appends an `F16` tensor (values rounded to half precision).
    package mutating func addTensor(_ name: String, dimensions: [Int], f16 values: [Float], offset: Int? = nil) {
        addTensor(name, dimensions: dimensions, type: .f16, data: Self.f16Bytes(values), offset: offset)
    }

    /// Appends a `Q8_0` tensor quantized from `values` (count a multiple of 32).
    package mutating func addTensor(_ name: String, dimensions: [Int], q8_0 values: [Float], offset: Int? = nil) {
        addTensor(name, dimensions: dimensions, type: .q8_0, data: Self.q8_0Bytes(values), offset: offset)
    }

    /// Appends a tensor of any type filled with deterministic pseudo-random bytes of the right
    /// size (for layout tests; quantized scales may decode to any value).
    package mutating func addTensor(_ name: String, dimensions: [Int], type: GGMLType, fillSeed seed: UInt64, offset: Int? = nil) {
        let elements = dimensions.reduce(1, *)
        let count = type.byteCount(elements: elements) ?? 0
        addTensor(name, dimensions: dimensions, type: type, data: Self.fillerBytes(count: count, seed: seed), offset: offset)
    }

    /// Little-endian `float32` bytes.
    package static func f32Bytes(_ values: [Float]) -> [UInt8] {
        var out = GGUFByteBuffer()
        for value in values { out.append(value.bitPattern) }
        return out.bytes
    }

    /// Little-endian IEEE half bytes (round to nearest even).
    package static func f16Bytes(_ values: [Float]) -> [UInt8] {
        var out = GGUFByteBuffer()
        for value in values { out.append(halfBits(value)) }
        return out.bytes
    }

    /// `block_q8_0` bytes: per 32 values, an f16 scale `d = max|x| / 127` then 32 `int8`
    /// quants `round(x / d)` (ggml's `quantize_row_q8_0_ref`).
    package static func q8_0Bytes(_ values: [Float]) -> [UInt8] {
        precondition(values.count % 32 == 0, "Q8_0 needs a multiple of 32 values")
        var out = GGUFByteBuffer()
        for start in stride(from: 0, to: values.count, by: 32) {
            let block = values[start..<start + 32]
            let amax = block.map(abs).max() ?? 0
            let d = amax / 127
            let inverse: Float = d != 0 ? 1 / d : 0
            out.append(halfBits(d))
            for value in block { out.append(Int8((value * inverse).rounded(.toNearestOrAwayFromZero))) }
        }
        return out.bytes
    }

    /// `count` deterministic pseudo-random bytes (SplitMix64 from `seed`).
    package static func fillerBytes(count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }

    /// The IEEE half bit pattern nearest to `value` (round to nearest even).
    package static func halfBits(_ value: Float) -> UInt16 {
        Float16(value).bitPattern
    }
}
