import GGUF
import Testing

@Suite("ggml type table")
struct GGMLTypeTests {
    @Test func knownLayouts() {
        let expected: [(GGMLType, UInt32, String, Int, Int)] = [
            (.f32, 0, "F32", 1, 4), (.f16, 1, "F16", 1, 2), (.q4_0, 2, "Q4_0", 32, 18),
            (.q5_0, 6, "Q5_0", 32, 22), (.q8_0, 8, "Q8_0", 32, 34), (.q8_1, 9, "Q8_1", 32, 36),
            (.q4_K, 12, "Q4_K", 256, 144), (.q6_K, 14, "Q6_K", 256, 210), (.q8_K, 15, "Q8_K", 256, 292),
            (.iq2_xxs, 16, "IQ2_XXS", 256, 66), (.iq4_nl, 20, "IQ4_NL", 32, 18), (.bf16, 30, "BF16", 1, 2),
            (.tq1_0, 34, "TQ1_0", 256, 54), (.mxfp4, 39, "MXFP4", 32, 17),
        ]
        for (type, raw, name, block, bytes) in expected {
            #expect(type.rawValue == raw)
            #expect(type.name == name)
            #expect(type.blockSize == block)
            #expect(type.bytesPerBlock == bytes)
            #expect(GGMLType(name: name.lowercased()) == type)
        }
        #expect(GGMLType.allCases.count == 32)
    }

    @Test func removedIdsAreInvalid() {
        for raw: UInt32 in [4, 5, 31, 32, 33, 36, 37, 38, 40, 1000] {
            #expect(GGMLType(rawValue: raw) == nil)
        }
    }

    @Test func quantizedFlag() {
        #expect(!GGMLType.f16.isQuantized && !GGMLType.bf16.isQuantized && !GGMLType.i8.isQuantized)
        #expect(GGMLType.q4_K.isQuantized && GGMLType.iq4_nl.isQuantized && GGMLType.mxfp4.isQuantized)
    }

    @Test func byteCount() {
        #expect(GGMLType.f32.byteCount(elements: 896) == 3584)
        #expect(GGMLType.q8_0.byteCount(elements: 896 * 151_936) == 144_643_072)
        #expect(GGMLType.q4_K.byteCount(elements: 896 * 4864) == 2_451_456)
        #expect(GGMLType.q4_K.byteCount(elements: 100) == nil)
        #expect(GGMLType.q8_0.byteCount(elements: -32) == nil)
        #expect(GGMLType.f64.byteCount(elements: Int.max / 4) == nil)
        #expect(GGMLType.f32.byteCount(elements: 0) == 0)
    }
}
