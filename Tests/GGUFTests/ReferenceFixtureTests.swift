import Foundation
import GGUF
import TestSupport
import Testing

/// Compares every metadata key and tensor of the real models with what the reference `gguf`
/// Python package reads (fixtures made by `Fixtures/make_gguf_fixture.py`).
@Suite("real models vs gguf-py")
struct ReferenceFixtureTests {
    static func fixture(_ name: String) throws -> [String: Any] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name).json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        return try #require(object as? [String: Any])
    }

    @Test(arguments: ["qwen", "gemma"])
    func matchesReference(model: String) throws {
        let path = model == "qwen" ? try TestModels.qwenPath() : try TestModels.gemmaPath()
        let file = try GGUFFile(path: path)
        let fixture = try Self.fixture(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)

        #expect(Int(file.version) == fixture["version"] as? Int)
        #expect(file.alignment == fixture["alignment"] as? Int)
        #expect(file.dataOffset == fixture["dataOffset"] as? Int)
        #expect(file.tensors.count == fixture["tensorCount"] as? Int)

        let entries = try #require(fixture["metadata"] as? [[String: Any]])
        #expect(file.metadata.keys == entries.compactMap { $0["key"] as? String })
        for (entry, expected) in zip(file.metadata, entries) {
            try check(entry, against: expected)
        }

        let tensors = try #require(fixture["tensors"] as? [[String: Any]])
        #expect(file.tensors.count == tensors.count)
        for (tensor, expected) in zip(file.tensors, tensors) {
            #expect(tensor.name == expected["name"] as? String)
            #expect(tensor.type.name == expected["type"] as? String, "\(tensor.name)")
            #expect(Int(tensor.type.rawValue) == expected["typeId"] as? Int)
            #expect(tensor.dimensions == expected["dims"] as? [Int], "\(tensor.name)")
            #expect(tensor.offset == expected["offset"] as? Int, "\(tensor.name)")
            #expect(tensor.byteCount == expected["bytes"] as? Int, "\(tensor.name)")
        }
    }

    private func check(_ entry: GGUFMetadata.Entry, against expected: [String: Any]) throws {
        let key = entry.key
        #expect(entry.value.type.name == expected["type"] as? String, "\(key)")
        guard case .array(let array) = entry.value else {
            #expect(Self.matches(entry.value, expected["value"]), "\(key)")
            return
        }
        #expect(array.elementType.name == expected["elementType"] as? String, "\(key)")
        #expect(array.count == expected["count"] as? Int, "\(key)")
        let values = try array.values()
        let head = try #require(expected["head"] as? [Any])
        let tail = try #require(expected["tail"] as? [Any])
        for (value, want) in zip(values.prefix(head.count), head) {
            #expect(Self.matches(value, want), "\(key) head")
        }
        for (value, want) in zip(values.suffix(tail.count), tail) {
            #expect(Self.matches(value, want), "\(key) tail")
        }
        if let digest = expected["fnv1a64"] as? String {
            #expect(Self.fnv1a64(try #require(try array.strings())) == digest, "\(key) digest")
        } else {
            let sum = try #require(array.doubles()).reduce(0, +)
            #expect(sum == expected["sum"] as? Double, "\(key) sum")
        }
    }

    private static func matches(_ value: GGUFValue, _ expected: Any?) -> Bool {
        switch value {
        case .string(let s): s == expected as? String
        case .bool(let b): b == expected as? Bool
        case .float32, .float64: value.doubleValue == (expected as? NSNumber)?.doubleValue
        default: value.intValue == expected as? Int
        }
    }

    /// FNV-1a 64 over each string's UTF-8 bytes followed by a 0 byte (as the script computes).
    private static func fnv1a64(_ strings: [String]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for string in strings {
            for byte in string.utf8 + [0] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
