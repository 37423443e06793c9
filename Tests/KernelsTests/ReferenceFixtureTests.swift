import CKernels
import Foundation
import Testing

@testable import Kernels

/// Our reference dequantization against the `gguf` Python package, on real model rows and
/// synthetic blocks (`Fixtures/make_dequant_fixture.py` wrote the fixture).
@Suite("gguf-py dequantization fixture")
struct ReferenceFixtureTests {
    struct Manifest: Decodable {
        struct Case: Decodable, Sendable, CustomTestStringConvertible {
            let name: String
            let type: String
            let type_id: UInt32
            let elements: Int
            let raw_offset: Int
            let raw_bytes: Int
            let floats_offset: Int
            let source: String
            var testDescription: String { name }
        }
        let reference: String
        let bin: String
        let cases: [Case]
    }

    static let manifest: Manifest = {
        // A missing or broken fixture is a set-up error: fail loudly.
        let url = FixturePath.directory.appendingPathComponent("dequant_fixture.json")
        return try! JSONDecoder().decode(Manifest.self, from: Data(contentsOf: url))
    }()

    static let blob: [UInt8] = {
        let url = FixturePath.directory.appendingPathComponent(manifest.bin)
        return try! [UInt8](Data(contentsOf: url))
    }()

    /// Every type appears, and the real-model cases cover the models' five types.
    @Test func coverage() {
        let types = Set(Self.manifest.cases.map(\.type))
        #expect(types == Set(QuantType.allCases.map(\.name)))
        let real = Set(Self.manifest.cases.filter { $0.source == "model" }.map(\.type))
        #expect(real == ["Q4_K", "Q5_0", "Q6_K", "Q8_0", "F32"])
        #expect(Self.blob.count < 2_000_000)
    }

    /// The Swift and C reference dequantizers reproduce gguf-py's floats bit for bit.
    @Test(arguments: manifest.cases)
    func matchesGGUFPy(_ fixture: Manifest.Case) throws {
        let type = try #require(QuantType(rawValue: fixture.type_id))
        #expect(type.name == fixture.type)
        let raw = Array(Self.blob[fixture.raw_offset..<(fixture.raw_offset + fixture.raw_bytes)])
        let expected: [UInt32] = Self.blob.withUnsafeBytes { all in
            (0..<fixture.elements).map { all.loadUnaligned(fromByteOffset: fixture.floats_offset + 4 * $0, as: UInt32.self) }
        }
        let swift = try ReferenceDequantizer.dequantize(raw, type: type, count: fixture.elements)
        #expect(swift.map(\.bitPattern) == expected, "Swift reference vs \(Self.manifest.reference)")
        var c = [Float](repeating: .nan, count: fixture.elements)
        raw.withUnsafeBytes { r in
            c.withUnsafeMutableBufferPointer { _ = ck_dequantize_row(Int32(type.rawValue), r.baseAddress, $0.baseAddress, Int64(fixture.elements)) }
        }
        #expect(c.map(\.bitPattern) == expected, "C reference vs \(Self.manifest.reference)")
    }
}
