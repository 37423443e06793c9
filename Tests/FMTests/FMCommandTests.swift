import Foundation
import TestSupport
import Testing

/// The `fm` binary end to end on the real models.
@Suite struct FMCommandTests {
    @Test func inspectPrintsArchitectureAndEveryTensor() throws {
        for (path, arch, tensors) in [(try TestModels.qwenPath(), "qwen2", 291), (try TestModels.gemmaPath(), "gemma3", 236)] {
            let out = try FMBinary.run(["inspect", path])
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stdout.contains("general.architecture"))
            #expect(out.stdout.contains(arch))
            #expect(out.stdout.contains("tensors (\(tensors)):"), "tensor count line missing for \(arch)")
        }
    }

    @Test func inspectJSONListsTensors() throws {
        let out = try FMBinary.run(["inspect", "--json", try TestModels.qwenPath()])
        #expect(out.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let tensors = object?["tensors"] as? [[String: Any]]
        #expect(tensors?.count == 291)
    }

    @Test func malformedFilesFailWithAMessageNotASignal() throws {
        let source = try FileHandle(forReadingFrom: URL(fileURLWithPath: try TestModels.gemmaPath()))
        let header = try source.read(upToCount: 8 << 20) ?? Data()
        try source.close()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fm-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var cases: [(String, Data)] = [
            ("truncated-header", header.prefix(100_000)),
            ("truncated-tensors", header), // the tensor data lies far beyond 8 MiB
            ("empty", Data()),
            ("bad-magic", Data("GGUX".utf8) + header.dropFirst(4).prefix(4096)),
        ]
        var flipped = header.prefix(2_000_000)
        flipped[flipped.startIndex + 9] ^= 0x40 // the tensor count becomes absurd
        cases.append(("bit-flipped", flipped))
        for (name, bytes) in cases {
            let file = dir.appendingPathComponent(name + ".gguf")
            try bytes.write(to: file)
            let out = try FMBinary.run(["inspect", file.path])
            #expect(!out.crashed, "\(name): killed by a signal")
            #expect(out.status != 0, "\(name): accepted a malformed file")
            #expect(out.stderr.contains("GGUF"), "\(name): stderr does not name the problem: \(out.stderr)")
        }
        let missing = try FMBinary.run(["inspect", dir.appendingPathComponent("nope.gguf").path])
        #expect(missing.status != 0 && !missing.crashed)
    }

    @Test func tokenizeAndDetokenizeRoundTrip() throws {
        let text = "Hello, Linux! 12345 <|im_start|>"
        let out = try FMBinary.run(["tokenize", "--json", "--special", text])
        #expect(out.status == 0, "\(out.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let ids = try #require(object?["ids"] as? [Int])
        #expect(ids.last == 151644)
        let back = try FMBinary.run(["detokenize"] + ids.map(String.init))
        #expect(back.stdout == text)
        let gemma = try FMBinary.run(["tokenize", "--model", "gemma3-270m", "--ids-only", "hi"])
        #expect(gemma.stdout.hasPrefix("2 ")) // Gemma adds BOS
    }

    @Test func badArgumentsAreErrorsNotCrashes() throws {
        let unknown = try FMBinary.run(["tokenize", "--model", "no-such-model", "x"])
        #expect(unknown.status != 0 && !unknown.crashed && unknown.stderr.contains("unknown model"))
        let outside = try FMBinary.run(["detokenize", "99999999"])
        #expect(outside.status != 0 && outside.stderr.contains("outside the vocabulary"))
        let notGGUF = try FMBinary.run(["tokenize", "--model-file", "/etc/hostname", "x"])
        #expect(notGGUF.status != 0 && !notGGUF.crashed)
    }

    @Test func modelPathAndSecondInstallIsAVerifiedNoOp() throws {
        let path = try FMBinary.run(["model", "path", "gemma3-270m"])
        #expect(path.status == 0)
        #expect(path.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == (try TestModels.gemmaPath()))
        let again = try FMBinary.run(["model", "install", "gemma3-270m"])
        #expect(again.status == 0)
        #expect(again.stderr.contains("already installed and verified"))
        let list = try FMBinary.run(["model", "list"])
        #expect(list.stdout.contains("gemma3") && list.stdout.contains("Q4_K_M"))
    }
}
