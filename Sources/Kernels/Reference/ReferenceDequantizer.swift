/// Reference dequantization in plain Swift, one function per ggml type, written from the block
/// layouts (see `ck_blocks.h`) independently of the C kernels, which tests check against it.
///
/// Every value is computed with the same float operations, in the same order, as ggml's
/// reference and the `gguf` Python package (e.g. Q4_K: `(d * sc) * q - (dmin * m)`), so the
/// results agree bit for bit.
///
/// ```swift
/// let floats = try ReferenceDequantizer.dequantize(bytes, type: .q6_K, count: 4864)
/// ```
public enum ReferenceDequantizer {
    /// Dequantizes the first `count` elements (a multiple of the block size) stored in `bytes`.
    public static func dequantize(_ bytes: UnsafeRawBufferPointer, type: QuantType, count: Int) throws(KernelError) -> [Float] {
        guard count >= 0, count % type.blockSize == 0 else {
            throw .columnsNotMultipleOfBlock(columns: count, type: type, blockSize: type.blockSize)
        }
        let needed = count / type.blockSize * type.bytesPerBlock
        guard bytes.count >= needed else { throw .bufferTooSmall(needed: needed, available: bytes.count) }
        var out = [Float](repeating: 0, count: count)
        var unsupported = false // a type of the C table without a Swift reference yet
        out.withUnsafeMutableBufferPointer { dst in
            let blocks = count / type.blockSize
            let reader = BlockReader(bytes: bytes, size: type.bytesPerBlock)
            switch type {
            case .f32: for i in 0..<count { dst[i] = Float(bitPattern: reader.u32(0, i * 4)) }
            case .f16: for i in 0..<count { dst[i] = HalfFloat.float(fromHalfBits: reader.u16(0, i * 2)) }
            case .bf16: for i in 0..<count { dst[i] = HalfFloat.float(fromBFloatBits: reader.u16(0, i * 2)) }
            case .q4_0: for b in 0..<blocks { q4_0(reader, b, dst, b * 32) }
            case .q4_1: for b in 0..<blocks { q4_1(reader, b, dst, b * 32) }
            case .q5_0: for b in 0..<blocks { q5_0(reader, b, dst, b * 32) }
            case .q5_1: for b in 0..<blocks { q5_1(reader, b, dst, b * 32) }
            case .q8_0: for b in 0..<blocks { q8_0(reader, b, dst, b * 32) }
            case .mxfp4: for b in 0..<blocks { mxfp4(reader, b, dst, b * 32) }
            case .q2_K: for b in 0..<blocks { q2_K(reader, b, dst, b * 256) }
            case .q3_K: for b in 0..<blocks { q3_K(reader, b, dst, b * 256) }
            case .q4_K: for b in 0..<blocks { q4_K(reader, b, dst, b * 256) }
            case .q5_K: for b in 0..<blocks { q5_K(reader, b, dst, b * 256) }
            case .q6_K: for b in 0..<blocks { q6_K(reader, b, dst, b * 256) }
            default: unsupported = true
            }
        }
        if unsupported { throw .unsupportedType(id: type.rawValue) }
        return out
    }

    /// Dequantizes `count` elements of `bytes` (see the pointer version).
    public static func dequantize(_ bytes: [UInt8], type: QuantType, count: Int) throws(KernelError) -> [Float] {
        let result: Result<[Float], KernelError> = bytes.withUnsafeBytes { raw in
            Result { () throws(KernelError) in try dequantize(raw, type: type, count: count) }
        }
        return try result.get()
    }

    // MARK: 32-element blocks

    /// block_q4_0: d, qs[16]; x = d * (q - 8).
    static func q4_0(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0)
        for i in 0..<16 {
            let q = r.u8(b, 2 + i)
            y[o + i] = d * Float(Int(q & 0xF) - 8)
            y[o + i + 16] = d * Float(Int(q >> 4) - 8)
        }
    }

    /// block_q4_1: d, m, qs[16]; x = d * q + m.
    static func q4_1(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0), m = r.half(b, 2)
        for i in 0..<16 {
            let q = r.u8(b, 4 + i)
            y[o + i] = d * Float(q & 0xF) + m
            y[o + i + 16] = d * Float(q >> 4) + m
        }
    }

    /// block_q5_0: d, qh[4], qs[16]; x = d * (q - 16), bit 4 of element i is bit i of qh.
    static func q5_0(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0), qh = r.u32(b, 2)
        for i in 0..<16 {
            let q = r.u8(b, 6 + i)
            let lo = Int(q & 0xF) | Int((qh >> UInt32(i)) & 1) << 4
            let hi = Int(q >> 4) | Int((qh >> UInt32(i + 16)) & 1) << 4
            y[o + i] = d * Float(lo - 16)
            y[o + i + 16] = d * Float(hi - 16)
        }
    }

    /// block_q5_1: d, m, qh[4], qs[16]; x = d * q + m.
    static func q5_1(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0), m = r.half(b, 2), qh = r.u32(b, 4)
        for i in 0..<16 {
            let q = r.u8(b, 8 + i)
            let lo = Int(q & 0xF) | Int((qh >> UInt32(i)) & 1) << 4
            let hi = Int(q >> 4) | Int((qh >> UInt32(i + 16)) & 1) << 4
            y[o + i] = d * Float(lo) + m
            y[o + i + 16] = d * Float(hi) + m
        }
    }

    /// block_q8_0: d, qs[32] (int8); x = q * d.
    static func q8_0(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let d = r.half(b, 0)
        for i in 0..<32 { y[o + i] = Float(r.i8(b, 2 + i)) * d }
    }
}

extension ReferenceDequantizer {
    /// The E2M1 values of MXFP4's 4-bit codes, doubled (ggml's `kvalues_mxfp4`): bit 3 is the
    /// sign, bits 0-2 index 0, 0.5, 1, 1.5, 2, 3, 4, 6.
    static let e2m1Doubled: [Int8] = [0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12]

    /// block_mxfp4: e, qs[16]; x = kv[q] * 2^(e - 128) (the doubled values, half the E8M0 scale).
    static func mxfp4(_ r: BlockReader, _ b: Int, _ y: UnsafeMutableBufferPointer<Float>, _ o: Int) {
        let e = Int(r.u8(b, 0))
        // 2^(e - 128): exact for every e, down to the subnormals 2^-128 and 2^-127.
        let d = Float(sign: .plus, exponent: e - 128, significand: 1)
        for i in 0..<16 {
            let q = r.u8(b, 1 + i)
            y[o + i] = Float(e2m1Doubled[Int(q & 0xF)]) * d
            y[o + i + 16] = Float(e2m1Doubled[Int(q >> 4)]) * d
        }
    }
}

/// Little-endian reads inside the blocks of a buffer.
struct BlockReader {
    let bytes: UnsafeRawBufferPointer
    let size: Int

    func u8(_ block: Int, _ offset: Int) -> UInt8 { bytes[block * size + offset] }
    func i8(_ block: Int, _ offset: Int) -> Int8 { Int8(bitPattern: u8(block, offset)) }
    func u16(_ block: Int, _ offset: Int) -> UInt16 { UInt16(u8(block, offset)) | UInt16(u8(block, offset + 1)) << 8 }
    func u32(_ block: Int, _ offset: Int) -> UInt32 {
        UInt32(u16(block, offset)) | UInt32(u16(block, offset + 2)) << 16
    }
    func half(_ block: Int, _ offset: Int) -> Float { HalfFloat.float(fromHalfBits: u16(block, offset)) }
}
