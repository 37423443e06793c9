import GGUF
import TestSupport

/// Shared builders for the GGUF tests.
enum Sample {
    /// One metadata entry of every value type, plus arrays of several element types and
    /// arrays nested three deep.
    static let metadata: [(String, GGUFValue)] = [
        ("general.architecture", .string("llama")),
        ("t.uint8", .uint8(200)),
        ("t.int8", .int8(-100)),
        ("t.uint16", .uint16(60_000)),
        ("t.int16", .int16(-30_000)),
        ("t.uint32", .uint32(4_000_000_000)),
        ("t.int32", .int32(-2_000_000_000)),
        ("t.float32", .float32(3.5)),
        ("t.bool", .bool(true)),
        ("t.string", .string("héllo, wörld ✓ 🦙")),
        ("t.empty_string", .string("")),
        ("t.uint64", .uint64(.max)),
        ("t.int64", .int64(.min)),
        ("t.float64", .float64(-2.25)),
        ("a.strings", .array(GGUFArray(["a", "", "ü", "<|im_end|>", "Ġthe"]))),
        ("a.int32", .array(GGUFArray([Int32(1), -2, 3, .max]))),
        ("a.uint8", .array(GGUFArray([UInt8(0), 1, 255]))),
        ("a.uint64", .array(GGUFArray([UInt64(1), 2]))),
        ("a.float32", .array(GGUFArray([Float(0.5), -1, 1e-6]))),
        ("a.float64", .array(GGUFArray([Double(0.25), 1e300]))),
        ("a.bool", .array(GGUFArray([true, false, true]))),
        ("a.empty", .array(GGUFArray(elementType: .uint16, values: []))),
        (
            "a.nested",
            .array(
                GGUFArray([
                    GGUFArray(["x", "y"]),
                    GGUFArray([Int16(-1), 7]),
                    GGUFArray([GGUFArray([Int64(5)]), GGUFArray(elementType: .string, values: [])]),
                ]))
        ),
    ]

    /// A writer holding `metadata` and tensors of several types and ranks.
    static func writer(version: UInt32 = 3, alignment: Int = 32) -> GGUFWriter {
        var writer = GGUFWriter(version: version, alignment: alignment)
        for (key, value) in metadata { writer.add(key, value) }
        writer.addTensor("token_embd.weight", dimensions: [4, 3], f32: (0..<12).map(Float.init))
        writer.addTensor("blk.0.attn_norm.weight", dimensions: [5], f16: [1, -2, 0.5, 65504, 0])
        writer.addTensor("blk.0.attn_q.weight", dimensions: [64, 2], q8_0: (0..<128).map { Float($0) / 10 - 6 })
        writer.addTensor("blk.0.ffn_down.weight", dimensions: [256, 2, 1], type: .q4_K, fillSeed: 1)
        writer.addTensor("blk.0.ffn_up.weight", dimensions: [32, 1, 2, 3], type: .q5_0, fillSeed: 2)
        writer.addTensor("output.weight", dimensions: [256, 1], type: .q6_K, fillSeed: 3)
        return writer
    }

    /// The bytes of `writer(version:alignment:)`.
    static func bytes(version: UInt32 = 3, alignment: Int = 32) throws -> [UInt8] {
        try writer(version: version, alignment: alignment).encoded()
    }

    /// A hand-built file: header with the given counts, then whatever `body` appends.
    static func craft(
        version: UInt32 = 3, tensorCount: UInt64 = 0, entryCount: UInt64 = 0,
        _ body: (inout GGUFByteBuffer) -> Void = { _ in }
    ) -> [UInt8] {
        var out = GGUFByteBuffer()
        out.append(magic: "GGUF")
        out.append(version)
        out.append(tensorCount)
        out.append(entryCount)
        body(&out)
        return out.bytes
    }
}

/// Parses `bytes` and returns the error it throws, or `nil` if it parses.
func parseError(_ bytes: [UInt8]) -> GGUFError? {
    do {
        _ = try GGUFFile(bytes: bytes)
        return nil
    } catch {
        return error
    }
}
