import Foundation
import Kernels
import Testing

/// `SHA256` against digests Python's hashlib computed (`Fixtures/make_sha256_fixture.py`):
/// messages on every padding boundary, fed whole and in uneven pieces, through the SHA
/// extensions (where this CPU has them) and the portable compression function.
@Suite struct SHA256Tests {
    struct Fixture: Decodable {
        struct Text: Decodable { let text: String; let sha256: String }
        struct Generated: Decodable { let length: Int; let sha256: String }
        let texts: [Text]
        let generated: [Generated]
    }

    static let fixture: Fixture = {
        let url = FixturePath.directory.appendingPathComponent("sha256_fixture.json")
        return try! JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }()

    /// The fixture script's message of `length` bytes.
    static func message(_ length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 * 131 + length * 7 + 11) }
    }

    static func digest(_ bytes: [UInt8], portable: Bool, pieces: [Int] = []) -> String {
        var hash = SHA256(portable: portable)
        var start = 0
        for size in pieces where start < bytes.count {
            let end = min(bytes.count, start + size)
            hash.update(Array(bytes[start..<end]))
            start = end
        }
        hash.update(Array(bytes[start...]))
        return SHA256.hex(hash.finalize())
    }

    @Test(arguments: [false, true])
    func textsMatchHashlib(portable: Bool) {
        #expect(Self.fixture.texts.count == 2)
        for case_ in Self.fixture.texts {
            #expect(Self.digest(Array(case_.text.utf8), portable: portable) == case_.sha256, "\(case_.text)")
        }
    }

    @Test(arguments: [false, true])
    func paddingBoundariesMatchHashlib(portable: Bool) {
        #expect(Self.fixture.generated.count >= 20)
        for case_ in Self.fixture.generated {
            let bytes = Self.message(case_.length)
            #expect(Self.digest(bytes, portable: portable) == case_.sha256, "length \(case_.length)")
            // Pieces that straddle block boundaries: a byte, a partial block, several blocks.
            #expect(Self.digest(bytes, portable: portable, pieces: [1, 63, 7, 200, 64, 3]) == case_.sha256, "length \(case_.length), in pieces")
        }
    }

    @Test func finalizeLeavesTheHashUsable() {
        var hash = SHA256()
        hash.update(Array("ab".utf8))
        _ = hash.finalize()
        hash.update(Array("c".utf8))
        #expect(SHA256.hex(hash.finalize()) == Self.fixture.texts[0].sha256)
    }

    @Test func reportsWhichVersionRuns() throws {
        // The flag is the CPU's (cpuid leaf 7, EBX bit 29): it must agree with Linux's reading.
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        #expect(SHA256.isAccelerated == cpuinfo.contains(" sha_ni"))
    }
}
