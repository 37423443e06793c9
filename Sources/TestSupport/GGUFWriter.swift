import Foundation
import GGUF

/// Builds small, valid GGUF v3 (or v2) files in memory: metadata (any value type, nested
/// arrays) and tensors with their raw bytes, laid out at the chosen alignment.
///
/// ```swift
/// var writer = GGUFWriter()
/// writer.add("general.architecture", .string("llama"))
/// writer.add("tokenizer.ggml.tokens", .array(GGUFArray(["<s>", "a", "b"])))
/// writer.addTensor("token_embd.weight", dimensions: [4, 3], f32: (0..<12).map(Float.init))
/// let file = try GGUFFile(bytes: try writer.encoded())
/// ```
///
/// Tensors without an explicit offset are placed one after another, each padded to the
/// alignment (as gguf-py does). An explicit offset places the data exactly there, which lets
/// tests build misaligned or overlapping layouts; later tensors overwrite earlier bytes.
package struct GGUFWriter: Sendable {
    /// One tensor to write.
    package struct Tensor: Sendable {
        /// The tensor's name.
        package var name: String
        /// The shape in ggml `ne` order (innermost first).
        package var dimensions: [Int]
        /// The element type.
        package var type: GGMLType
        /// The encoded data.
        package var data: [UInt8]
        /// The offset in the data section, or `nil` to place it after the previous tensor.
        package var offset: Int?

        /// A tensor; `data` should hold `type.byteCount(elements:)` bytes.
        package init(name: String, dimensions: [Int], type: GGMLType, data: [UInt8], offset: Int? = nil) {
            self.name = name
            self.dimensions = dimensions
            self.type = type
            self.data = data
            self.offset = offset
        }
    }

    /// The version number written in the header (2 and 3 share one layout).
    package var version: UInt32
    /// The alignment of the data section and of each tensor's data.
    package var alignment: Int
    /// The metadata entries, written in this order.
    package var metadata: [(key: String, value: GGUFValue)] = []
    /// The tensors, written in this order.
    package var tensors: [Tensor] = []

    /// A writer for `version`; an `alignment` other than 32 also records `general.alignment`.
    package init(version: UInt32 = 3, alignment: Int = 32) {
        self.version = version
        self.alignment = alignment
        if alignment != 32 { add("general.alignment", .uint32(UInt32(alignment))) }
    }

    /// Appends a metadata entry (keys are not checked for uniqueness, so tests can repeat one).
    package mutating func add(_ key: String, _ value: GGUFValue) {
        metadata.append((key, value))
    }

    /// Appends a tensor with raw, already-encoded data.
    package mutating func addTensor(
        _ name: String, dimensions: [Int], type: GGMLType, data: [UInt8], offset: Int? = nil
    ) {
        tensors.append(Tensor(name: name, dimensions: dimensions, type: type, data: data, offset: offset))
    }

    /// Each tensor's offset in the data section: explicit, or after the previous one, aligned.
    package func tensorOffsets() -> [Int] {
        var next = 0
        return tensors.map { tensor in
            let offset = tensor.offset ?? next
            next = max(next, Self.align(offset + tensor.data.count, to: alignment))
            return offset
        }
    }

    /// The encoded file.
    package func encoded() throws(GGUFError) -> [UInt8] {
        var out = GGUFByteBuffer()
        out.append(magic: "GGUF")
        out.append(version)
        out.append(UInt64(tensors.count))
        out.append(UInt64(metadata.count))
        for (key, value) in metadata { try out.append(key: key, value: value) }

        let offsets = tensorOffsets()
        for (tensor, offset) in zip(tensors, offsets) {
            out.append(string: tensor.name)
            out.append(UInt32(tensor.dimensions.count))
            for dimension in tensor.dimensions { out.append(UInt64(dimension)) }
            out.append(tensor.type.rawValue)
            out.append(UInt64(offset))
        }
        out.pad(to: alignment)

        var data = [UInt8](repeating: 0, count: Self.dataSectionSize(tensors, offsets, alignment))
        for (tensor, offset) in zip(tensors, offsets) {
            data.replaceSubrange(offset..<offset + tensor.data.count, with: tensor.data)
        }
        out.append(raw: data)
        return out.bytes
    }

    /// Encodes the file and writes it to `path`.
    package func write(to path: String) throws {
        try Data(encoded()).write(to: URL(fileURLWithPath: path))
    }

    private static func dataSectionSize(_ tensors: [Tensor], _ offsets: [Int], _ alignment: Int) -> Int {
        let end = zip(tensors, offsets).map { $1 + $0.data.count }.max() ?? 0
        return align(end, to: alignment)
    }

    static func align(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }
}
