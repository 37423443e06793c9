import GGUF
import TestSupport
import Testing

@Suite("metadata accessors")
struct MetadataAccessorTests {
    let metadata: GGUFMetadata

    init() throws {
        metadata = try GGUFFile(bytes: try Sample.bytes()).metadata
    }

    @Test func scalars() throws {
        #expect(metadata.string("general.architecture") == "llama")
        #expect(metadata.int("t.uint8") == 200)
        #expect(metadata.int("t.int8") == -100)
        #expect(metadata.int("t.uint32") == 4_000_000_000)
        #expect(metadata.int("t.int64") == Int(Int64.min))
        #expect(metadata.int("t.uint64") == nil) // does not fit in Int
        #expect(metadata.int("t.float32") == nil)
        #expect(metadata.double("t.float32") == 3.5)
        #expect(metadata.double("t.int16") == -30_000)
        #expect(metadata.double("t.uint64") == Double(UInt64.max))
        #expect(metadata.bool("t.bool") == true)
        #expect(metadata.bool("t.uint8") == nil)
        #expect(metadata.string("t.uint8") == nil)
        #expect(metadata.string("absent") == nil)
        #expect(metadata.contains("t.string") && !metadata.contains("absent"))
        #expect(metadata.count == Sample.metadata.count)
        #expect(metadata[0].key == "general.architecture")
    }

    @Test func arrays() throws {
        #expect(metadata.stringArray("a.strings") == ["a", "", "ü", "<|im_end|>", "Ġthe"])
        #expect(metadata.int32Array("a.int32") == [1, -2, 3, .max])
        #expect(metadata.intArray("a.int32") == [1, -2, 3, Int(Int32.max)])
        #expect(metadata.intArray("a.uint8") == [0, 1, 255])
        #expect(metadata.uint32Array("a.int32") == nil)
        #expect(metadata.floatArray("a.float32") == [0.5, -1, 1e-6])
        #expect(metadata.floatArray("a.int32") == [1, -2, 3, Float(Int32.max)])
        #expect(metadata.doubleArray("a.float64") == [0.25, 1e300])
        #expect(metadata.boolArray("a.bool") == [true, false, true])
        #expect(metadata.intArray("a.empty") == [])
        #expect(metadata.stringArray("a.int32") == nil)
        #expect(metadata.intArray("a.strings") == nil)
        #expect(metadata.stringArray("t.string") == nil)
    }

    @Test func lazyArrayAccess() throws {
        let strings = try #require(metadata.array("a.strings"))
        #expect(strings.elementType == .string && strings.count == 5)
        #expect(try strings.element(at: 3) == .string("<|im_end|>"))
        #expect(try strings.values(prefix: 2) == [.string("a"), .string("")])
        #expect(try strings.values(prefix: 99).count == 5)
        let ints = try #require(metadata.array("a.int32"))
        #expect(try ints.element(at: 1) == .int32(-2))

        let nested = try #require(metadata.array("a.nested"))
        #expect(nested.elementType == .array && nested.count == 3)
        let third = try #require(try nested.element(at: 2).arrayValue)
        let innermost = try #require(try third.element(at: 0).arrayValue)
        #expect(innermost.scalars(of: Int64.self) == [5])
        #expect(try nested.element(at: 0).arrayValue?.strings() == ["x", "y"])
    }

    @Test func requireThrowsTypedErrors() throws {
        #expect(try metadata.requireString("general.architecture") == "llama")
        #expect(try metadata.requireInt("t.uint16") == 60_000)
        #expect(try metadata.requireStringArray("a.strings").count == 5)
        #expect(throws: GGUFError.missingKey("llama.block_count")) {
            try metadata.requireInt("llama.block_count")
        }
        #expect(throws: GGUFError.typeMismatch(key: "t.string", expected: "an integer that fits in Int", found: "string")) {
            try metadata.requireInt("t.string")
        }
        #expect(
            throws: GGUFError.typeMismatch(
                key: "t.uint64", expected: "an integer that fits in Int", found: "uint64 18446744073709551615")
        ) {
            try metadata.requireInt("t.uint64")
        }
        #expect(throws: GGUFError.typeMismatch(key: "a.int32", expected: "an array of string", found: "array of int32")) {
            try metadata.requireStringArray("a.int32")
        }
        let error = GGUFError.typeMismatch(key: "t.bool", expected: "a string", found: "bool")
        #expect(error.description == "GGUF: metadata key 't.bool' should be a string, found bool")
    }

    @Test func invalidUTF8InArrayElementsThrowsOnAccess() throws {
        // Array strings are bounds-checked at parse time but validated when decoded.
        let bytes = Sample.craft(entryCount: 1) { out in
            out.append(string: "tokens")
            out.append(GGUFValueType.array.rawValue)
            out.append(GGUFValueType.string.rawValue)
            out.append(UInt64(2))
            out.append(string: "ok")
            out.append(UInt64(2))
            out.append(raw: [0xC3, 0x28]) // invalid 2-byte sequence
        }
        let file = try GGUFFile(bytes: bytes)
        let elementOffset = 24 + 8 + 6 + 4 + 4 + 8 + 10
        #expect(file.metadata.stringArray("tokens") == nil)
        #expect(throws: GGUFError.invalidUTF8(what: "string element 1 of 'tokens'", offset: elementOffset)) {
            try file.metadata.requireStringArray("tokens")
        }
        let array = try #require(file.metadata.array("tokens"))
        #expect(try array.element(at: 0) == .string("ok"))
        #expect(throws: GGUFError.invalidUTF8(what: "string element 1", offset: elementOffset)) {
            try array.element(at: 1)
        }
    }

    @Test func inMemoryMetadata() throws {
        let built = try GGUFMetadata([("a", .uint8(1)), ("b", .string("x"))])
        #expect(built.keys == ["a", "b"] && built.int("a") == 1)
        #expect(throws: GGUFError.duplicateKey("a", offset: -1)) {
            try GGUFMetadata([("a", .uint8(1)), ("a", .uint8(2))])
        }
    }
}
