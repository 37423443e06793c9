import Foundation
import GGUF
import TestSupport
import Testing

@Suite("writer -> reader round trip")
struct RoundTripTests {
    @Test(arguments: [UInt32(2), 3], [1, 32, 64, 4096])
    func everyValueAndTensor(version: UInt32, alignment: Int) throws {
        let writer = Sample.writer(version: version, alignment: alignment)
        let file = try GGUFFile(bytes: try writer.encoded())

        #expect(file.version == version)
        #expect(file.alignment == alignment)
        #expect(file.path == nil)
        #expect(file.dataOffset % alignment == 0)
        #expect(file.architecture == "llama")

        // Metadata: same keys in the same order, equal values (arrays decoded and compared).
        #expect(file.metadata.keys == writer.metadata.map(\.key))
        for (key, value) in writer.metadata {
            #expect(file.metadata[key] == value, "\(key)")
        }

        // Tensors: same names, shapes, types, offsets, and identical bytes.
        let offsets = writer.tensorOffsets()
        #expect(file.tensors.map(\.name) == writer.tensors.map(\.name))
        for ((written, offset), read) in zip(zip(writer.tensors, offsets), file.tensors) {
            #expect(read.dimensions == written.dimensions)
            #expect(read.type == written.type)
            #expect(read.offset == offset)
            #expect(read.absoluteOffset == file.dataOffset + offset)
            #expect(read.absoluteOffset % alignment == 0)
            #expect(read.elementCount == written.dimensions.reduce(1, *))
            #expect(read.byteCount == written.data.count)
            #expect(Array(file.data(for: read)) == written.data)
            #expect(file.tensor(named: written.name) == read)
        }
        #expect(file.tensor(named: "missing") == nil)
    }

    @Test func fromPath() throws {
        let path = "/tmp/gguf-roundtrip-\(getpid()).gguf"
        try Sample.writer().write(to: path)
        defer { unlink(path) }
        let file = try GGUFFile(path: path)
        #expect(file.path == path)
        #expect(file.fileSize == (try Sample.bytes()).count)
        #expect(file.tensors.count == 6)
        let embedding = try #require(file.tensor(named: "token_embd.weight"))
        let floats = file.withData(for: embedding) { Array($0.bindMemory(to: Float.self)) }
        #expect(floats == (0..<12).map(Float.init))
    }

    @Test func tensorGeometry() throws {
        let file = try GGUFFile(bytes: try Sample.bytes())
        let q = try #require(file.tensor(named: "blk.0.attn_q.weight"))
        #expect(q.rowLength == 64 && q.rowCount == 2 && q.rowByteCount == 68)
        let up = try #require(file.tensor(named: "blk.0.ffn_up.weight"))
        #expect(up.elementCount == 192 && up.byteCount == 6 * 22)
    }

    @Test func payloadHelpers() throws {
        #expect(GGUFWriter.halfBits(1) == 0x3C00)
        #expect(GGUFWriter.halfBits(-2) == 0xC000)
        #expect(GGUFWriter.halfBits(65504) == 0x7BFF)
        let block = GGUFWriter.q8_0Bytes((0..<32).map { Float($0) - 16 }) // max |x| = 16
        #expect(block.count == 34)
        #expect(UInt16(block[0]) | UInt16(block[1]) << 8 == GGUFWriter.halfBits(16 / 127))
        #expect(Int8(bitPattern: block[2]) == -127)
        #expect(Int8(bitPattern: block[33]) == 119) // 15 / (16 / 127) = 119.06
    }

    @Test func emptyFileWithoutTensorsOrPadding() throws {
        // A header with no metadata and no tensors: the data section would start past the end
        // of the file, which is fine because nothing lives there.
        let file = try GGUFFile(bytes: Sample.craft())
        #expect(file.metadata.isEmpty && file.tensors.isEmpty)
        #expect(file.dataOffset == 32 && file.fileSize == 24)
    }
}
