import FMSupport
import Foundation
import GGUF
import TestSupport
import Testing

/// A seeded, reproducible mutation fuzzer: damaged headers must parse or throw a `GGUFError`,
/// never crash or hang. Each case's seed is derived from the base seed and the case number;
/// every corpus prints its base seed first (so a crash log shows it) and failures name the case.
///
/// `GGUF_FUZZ_SEED` (decimal or 0x-hex) changes the base seed and `GGUF_FUZZ_CASES` the number
/// of cases per corpus (default 4000 synthetic in all, 300 per real-model header).
@Suite("mutation fuzzer")
struct MutationFuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let baseSeed: UInt64 =
        environment["GGUF_FUZZ_SEED"].flatMap { text in
            text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
        } ?? 0x6067_F00D
    static let scale: Int? = environment["GGUF_FUZZ_CASES"].flatMap { Int($0) }

    @Test(arguments: [UInt32(2), 3], [1, 32, 256])
    func syntheticFiles(version: UInt32, alignment: Int) throws {
        let seed = Self.baseSeed ^ UInt64(version) << 32 ^ UInt64(alignment)
        let bytes = try Sample.bytes(version: version, alignment: alignment)
        try Self.run(
            corpus: "synthetic v\(version) align \(alignment)", bytes: bytes, hot: [0..<bytes.count],
            cases: (Self.scale ?? 4000) / 6, seed: seed, decodeEverything: true)
    }

    @Test(arguments: ["qwen", "gemma"])
    func realModelHeaders(model: String) throws {
        let path = model == "qwen" ? try TestModels.qwenPath() : try TestModels.gemmaPath()
        let file = try GGUFFile(path: path)
        // The header plus a little of the data section; the parser treats the buffer's end as
        // the file's end, so no multi-hundred-MB copy is needed.
        let length = min(file.fileSize, file.dataOffset + 256)
        let prefix = file.withBytes { Array($0[..<length]) }
        let hot = [0..<4096, file.tensorInfoOffset - 64..<length]
        try Self.run(
            corpus: model, bytes: prefix, hot: hot, cases: Self.scale ?? 300,
            seed: Self.baseSeed ^ UInt64(model.utf8.count), decodeEverything: false)
    }

    /// Mutates `bytes` `cases` times and parses each result.
    static func run(
        corpus: String, bytes: [UInt8], hot: [Range<Int>], cases: Int, seed: UInt64, decodeEverything: Bool
    ) throws {
        print("fuzz \(corpus): base seed 0x\(String(seed, radix: 16)), \(cases) cases")
        var outcomes: [String: Int] = [:]
        let clock = ContinuousClock()
        for index in 0..<cases {
            let caseSeed = seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15
            var mutator = Mutator(random: SplitMix64(seed: caseSeed), hotRanges: hot)
            var mutated = bytes
            mutator.mutate(&mutated)
            let start = clock.now
            let label = "fuzz \(corpus) case \(index) (seed 0x\(String(caseSeed, radix: 16)))"
            let outcome = check(mutated, decodeEverything: decodeEverything, label: label)
            let elapsed = clock.now - start
            outcomes[outcome, default: 0] += 1
            if elapsed > .seconds(2) {
                Issue.record("\(label) took \(elapsed)")
            }
        }
        print("fuzz \(corpus): " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }

    /// Parses one case; on success, exercises every accessor. Returns an outcome label.
    static func check(_ bytes: [UInt8], decodeEverything: Bool, label: String) -> String {
        let file: GGUFFile
        do {
            file = try GGUFFile(bytes: bytes)
        } catch {
            #expect(error.description.hasPrefix("GGUF: "), "\(label)")
            return Mirror(reflecting: error).children.first?.label ?? "\(error)"
        }
        for tensor in file.tensors {
            #expect(tensor.absoluteOffset >= file.dataOffset && tensor.absoluteEnd <= file.fileSize, "\(label)")
            #expect(file.data(for: tensor).count == tensor.byteCount, "\(label)")
        }
        for entry in file.metadata {
            guard case .array(let array) = entry.value else { continue }
            _ = try? array.values(prefix: decodeEverything ? array.count : 4)
            if decodeEverything {
                _ = try? array.strings()
                _ = array.integers()
                _ = array.floats()
                _ = array.bools()
            }
        }
        return "parsed"
    }
}
