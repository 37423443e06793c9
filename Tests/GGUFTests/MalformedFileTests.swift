import Foundation
import GGUF
import TestSupport
import Testing

/// One test per error class: each malformed file gives exactly the expected error.
/// Hand-built files start with a 24-byte header, so the first entry or tensor info is at 24.
@Suite("malformed files")
struct MalformedFileTests {
    /// Appends a tensor info with a raw type id and raw dimensions.
    static func tensorInfo(
        _ out: inout GGUFByteBuffer, _ name: String, dims: [UInt64], type: UInt32, offset: UInt64 = 0
    ) {
        out.append(string: name)
        out.append(UInt32(dims.count))
        for dim in dims { out.append(dim) }
        out.append(type)
        out.append(offset)
    }

    @Test func truncatedAtEveryCutPoint() throws {
        let bytes = try Sample.bytes()
        let file = try GGUFFile(bytes: bytes)
        let lastEnd = file.tensors.map(\.absoluteEnd).max()!
        for cut in 0..<bytes.count {
            let error = parseError(Array(bytes[..<cut]))
            if cut >= lastEnd {
                #expect(error == nil, "cut at \(cut) is only trailing padding")
                continue
            }
            switch error {
            case .truncated?, .absurdCount?, .tensorOutOfBounds?: break
            default: Issue.record("cut at \(cut): unexpected \(String(describing: error))")
            }
        }
        #expect(parseError([]) == .truncated(offset: 0, needed: 4, what: "magic"))
        #expect(parseError(Array(bytes[..<2])) == .truncated(offset: 0, needed: 4, what: "magic"))
        #expect(parseError(Array(bytes[..<6])) == .truncated(offset: 4, needed: 4, what: "version"))
        #expect(parseError(Array(bytes[..<12])) == .truncated(offset: 8, needed: 8, what: "tensor count"))
        // Counts are checked against the bytes left, so a cut file makes them implausible.
        #expect(parseError(Array(bytes[..<30])) == .absurdCount(what: "tensor count", count: 6, offset: 8))
    }

    @Test func badMagic() {
        var bytes = Sample.craft()
        bytes[2] = 0x4D
        bytes[3] = 0x4C
        #expect(parseError(bytes) == .badMagic(found: [0x47, 0x47, 0x4D, 0x4C]))
        #expect(parseError([0x47, 0x47, 0x58]) == .badMagic(found: [0x47, 0x47, 0x58]))
        #expect(
            GGUFError.badMagic(found: [0x7F, 0x45, 0x4C, 0x46]).description
                == "GGUF: not a GGUF file: expected magic 47 47 55 46 (\"GGUF\"), found 7F 45 4C 46")
    }

    @Test(arguments: [UInt32(0), 1, 4, 99, 0x0300_0000])
    func unsupportedVersion(version: UInt32) {
        #expect(parseError(Sample.craft(version: version)) == .unsupportedVersion(version))
    }

    @Test func bigEndianHint() {
        #expect(GGUFError.unsupportedVersion(0x0300_0000).description.contains("big-endian"))
        #expect(!GGUFError.unsupportedVersion(1).description.contains("big-endian"))
    }

    @Test func absurdCounts() {
        let huge: UInt64 = 1 << 63
        #expect(
            parseError(Sample.craft(tensorCount: huge))
                == .absurdCount(what: "tensor count", count: huge, offset: 8))
        #expect(
            parseError(Sample.craft(entryCount: .max))
                == .absurdCount(what: "metadata entry count", count: .max, offset: 16))
        let keyLength = Sample.craft(entryCount: 1) { out in
            out.append(huge)
            out.append(raw: [UInt8](repeating: 0x41, count: 16))
        }
        #expect(
            parseError(keyLength)
                == .absurdCount(what: "length of the key of metadata entry 0", count: huge, offset: 24))
        let stringValue = Sample.craft(entryCount: 1) { out in
            out.append(string: "s")
            out.append(GGUFValueType.string.rawValue)
            out.append(huge)
            out.append(raw: [0x41, 0x42])
        }
        #expect(
            parseError(stringValue)
                == .absurdCount(what: "length of the string value of 's'", count: huge, offset: 37))
        let arrayCount = Sample.craft(entryCount: 1) { out in
            out.append(string: "a")
            out.append(GGUFValueType.array.rawValue)
            out.append(GGUFValueType.uint64.rawValue)
            out.append(UInt64(1) << 62) // * 8 bytes overflows UInt64
        }
        #expect(
            parseError(arrayCount)
                == .absurdCount(what: "element count of array 'a'", count: 1 << 62, offset: 41))
        let nestedCount = Sample.craft(entryCount: 1) { out in
            out.append(string: "a")
            out.append(GGUFValueType.array.rawValue)
            out.append(GGUFValueType.array.rawValue)
            out.append(UInt64(1000)) // 1000 nested headers need 12,000 bytes
            out.append(raw: [UInt8](repeating: 0, count: 100))
        }
        #expect(
            parseError(nestedCount)
                == .absurdCount(what: "element count of array 'a'", count: 1000, offset: 41))
    }

    @Test func unknownValueType() {
        let scalar = Sample.craft(entryCount: 1) { out in
            out.append(string: "k")
            out.append(UInt32(13))
            out.append(UInt64(0))
        }
        #expect(parseError(scalar) == .unknownValueType(key: "k", raw: 13, offset: 33))
        let element = Sample.craft(entryCount: 1) { out in
            out.append(string: "a")
            out.append(GGUFValueType.array.rawValue)
            out.append(UInt32(99))
            out.append(UInt64(0))
        }
        #expect(parseError(element) == .unknownValueType(key: "a", raw: 99, offset: 37))
    }

    @Test(arguments: [UInt32(4), 5, 31, 36, 40, 1000])
    func unknownTensorType(raw: UInt32) {
        let bytes = Sample.craft(tensorCount: 1) { Self.tensorInfo(&$0, "t", dims: [32], type: raw) }
        #expect(parseError(bytes) == .unknownTensorType(name: "t", raw: raw, offset: 45))
    }

    @Test func misalignedTensor() throws {
        var writer = GGUFWriter()
        writer.addTensor("t", dimensions: [4], f32: [1, 2, 3, 4], offset: 16)
        #expect(parseError(try writer.encoded()) == .misalignedTensor(name: "t", offset: 16, alignment: 32))
        writer = GGUFWriter(alignment: 16) // the same offset is fine at alignment 16
        writer.addTensor("t", dimensions: [4], f32: [1, 2, 3, 4], offset: 16)
        #expect(parseError(try writer.encoded()) == nil)
    }

    @Test func overlappingTensors() throws {
        var writer = GGUFWriter()
        writer.addTensor("b", dimensions: [8], f32: Array(repeating: 0, count: 8), offset: 64)
        writer.addTensor("a", dimensions: [32], f32: Array(repeating: 1, count: 32), offset: 0)
        let bytes = try writer.encoded()
        let dataOffset = bytes.count - 128
        #expect(parseError(bytes) == .overlappingTensors(first: "a", second: "b", offset: dataOffset + 64))
    }

    @Test func tensorOutOfBounds() throws {
        var writer = GGUFWriter()
        writer.addTensor("blk.0.attn_q.weight", dimensions: [8], f32: Array(repeating: 1, count: 8))
        let bytes = try writer.encoded()
        let dataOffset = bytes.count - 32
        let error = parseError(Array(bytes.dropLast(4)))
        #expect(
            error
                == .tensorOutOfBounds(
                    name: "blk.0.attn_q.weight", start: UInt64(dataOffset), end: UInt64(dataOffset + 32),
                    fileSize: bytes.count - 4))
        #expect(
            error?.description == "GGUF: tensor 'blk.0.attn_q.weight' (offset \(dataOffset)): data ends "
                + "at byte \(dataOffset + 32) past the end of the file (\(bytes.count - 4) bytes)")

        // Offsets far past the end, and offsets whose sum overflows, are reported the same way.
        let far = Sample.craft(tensorCount: 1) { Self.tensorInfo(&$0, "t", dims: [8], type: 0, offset: 1 << 40) }
        #expect(parseError(far) == .tensorOutOfBounds(name: "t", start: 64 + (1 << 40), end: 96 + (1 << 40), fileSize: 57))
        let wrap = Sample.craft(tensorCount: 1) { Self.tensorInfo(&$0, "t", dims: [8], type: 0, offset: .max - 31) }
        #expect(parseError(wrap) == .tensorOutOfBounds(name: "t", start: .max, end: .max, fileSize: 57))
    }

    @Test(arguments: [GGUFValue.uint32(0), .uint32(3), .uint32(48), .uint64(32), .string("32")])
    func badAlignment(value: GGUFValue) throws {
        var writer = GGUFWriter()
        writer.add("general.alignment", value)
        #expect(parseError(try writer.encoded()) == .badAlignment(found: value, offset: 53))
    }

    @Test func tooManyDimensions() throws {
        var writer = GGUFWriter()
        writer.addTensor("t", dimensions: [32, 1, 1, 1, 1], f32: Array(repeating: 0, count: 32))
        #expect(parseError(try writer.encoded()) == .tooManyDimensions(name: "t", count: 5, offset: 24))
    }

    @Test func badDimension() throws {
        for dims in [[0, 4], [4, 0, 2], [1 << 32, 1 << 32], [1 << 31, 1 << 31]] {
            var writer = GGUFWriter()
            writer.addTensor("t", dimensions: dims, type: .f32, data: [])
            #expect(
                parseError(try writer.encoded())
                    == .badDimension(name: "t", dimensions: dims.map(UInt64.init), offset: 24), "\(dims)")
        }
        let negative = Sample.craft(tensorCount: 1) { Self.tensorInfo(&$0, "t", dims: [1 << 63], type: 0) }
        #expect(parseError(negative) == .badDimension(name: "t", dimensions: [1 << 63], offset: 24))
    }

    @Test func rowNotMultipleOfBlock() throws {
        var writer = GGUFWriter()
        writer.addTensor("t", dimensions: [100, 2], type: .q4_K, data: [])
        #expect(
            parseError(try writer.encoded())
                == .rowNotMultipleOfBlock(name: "t", type: .q4_K, rowLength: 100, offset: 24))
        writer = GGUFWriter()
        writer.addTensor("scalar", dimensions: [], type: .q8_0, data: [])
        #expect(
            parseError(try writer.encoded())
                == .rowNotMultipleOfBlock(name: "scalar", type: .q8_0, rowLength: 1, offset: 24))
    }

    @Test func nestingTooDeep() throws {
        func nested(_ depth: Int) -> GGUFArray {
            depth == 1 ? GGUFArray([UInt8(1)]) : GGUFArray([nested(depth - 1)])
        }
        var writer = GGUFWriter()
        writer.add("deep", .array(nested(GGUFArray.maxNestingDepth)))
        let file = try GGUFFile(bytes: try writer.encoded())
        #expect(file.metadata["deep"] == .array(nested(GGUFArray.maxNestingDepth)))

        writer = GGUFWriter()
        writer.add("deep", .array(nested(9)))
        #expect(parseError(try writer.encoded()) == .nestingTooDeep(key: "deep", depth: 9, offset: 40 + 8 * 12))
    }

    @Test func duplicates() throws {
        var writer = GGUFWriter()
        writer.add("a", .uint8(1))
        writer.add("a", .uint8(2))
        #expect(parseError(try writer.encoded()) == .duplicateKey("a", offset: 38))
        writer = GGUFWriter()
        writer.addTensor("t", dimensions: [8], f32: Array(repeating: 0, count: 8))
        writer.addTensor("t", dimensions: [8], f32: Array(repeating: 0, count: 8))
        #expect(parseError(try writer.encoded()) == .duplicateTensor("t", offset: 57))
    }

    @Test func invalidUTF8() {
        let key = Sample.craft(entryCount: 1) { out in
            out.append(UInt64(1))
            out.append(raw: [0xFF])
            out.append(GGUFValueType.uint32.rawValue)
            out.append(UInt32(0))
        }
        #expect(parseError(key) == .invalidUTF8(what: "key of metadata entry 0", offset: 24))
        let value = Sample.craft(entryCount: 1) { out in
            out.append(string: "k")
            out.append(GGUFValueType.string.rawValue)
            out.append(UInt64(3))
            out.append(raw: [0xE2, 0x82, 0x28])
        }
        #expect(parseError(value) == .invalidUTF8(what: "string value of 'k'", offset: 37))
        let name = Sample.craft(tensorCount: 1) { out in
            out.append(UInt64(2))
            out.append(raw: [0xC0, 0xAF]) // overlong encoding of "/"
            out.append(raw: [UInt8](repeating: 0, count: 24))
        }
        #expect(parseError(name) == .invalidUTF8(what: "name of tensor 0", offset: 24))
    }

    @Test func cannotOpen() throws {
        #expect(throws: GGUFError.cannotOpen(path: "/nonexistent/model.gguf", reason: "No such file or directory")) {
            try GGUFFile(path: "/nonexistent/model.gguf")
        }
        let directory = FileManager.default.temporaryDirectory.path
        #expect(throws: GGUFError.cannotOpen(path: directory, reason: "not a regular file")) {
            try GGUFFile(path: directory)
        }
        let empty = directory + "/gguf-empty-\(getpid()).gguf"
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        defer { try? FileManager.default.removeItem(atPath: empty) }
        #expect(throws: GGUFError.truncated(offset: 0, needed: 4, what: "magic")) {
            try GGUFFile(path: empty)
        }
    }
}
