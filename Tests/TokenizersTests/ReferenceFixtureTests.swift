import Foundation
import GGUF
import LLMEngine
import TestSupport
import Testing
import Tokenizers

/// Tokenization of the real models' vocabularies, compared with independent references:
/// Hugging Face `tokenizers` for Qwen2.5 and `sentencepiece` for Gemma 3. The fixtures and the
/// script that made them are in `Fixtures/`.
@Suite struct ReferenceFixtureTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let text: String
            let ids: [Int]
            let ids_special: [Int]
        }
        let tokenizer: String
        let reference: String
        let cases: [Case]
    }

    static func fixture(_ name: String) throws -> Fixture {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"))
        return try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: url))
    }

    static let qwen = Result { try TokenizerLoader.load(from: GGUFFile(path: TestModels.qwenPath())) }
    static let gemma = Result { try TokenizerLoader.load(from: GGUFFile(path: TestModels.gemmaPath())) }

    static func tokenizer(_ name: String) throws -> Tokenizer {
        try (name == "qwen2" ? qwen : gemma).get()
    }

    /// Every fixture case, with control tokens treated as text (`ids`) and recognised
    /// (`ids_special`).
    @Test(arguments: ["qwen2", "gemma3"], [false, true])
    func matchesReference(_ name: String, parseSpecial: Bool) throws {
        let fixture = try Self.fixture(name)
        let tok = try Self.tokenizer(name)
        #expect(fixture.cases.count >= 300)
        var failures = 0
        for c in fixture.cases {
            let ids = tok.encode(c.text, addSpecialTokens: false, parseSpecial: parseSpecial)
            let want = parseSpecial ? c.ids_special : c.ids
            if ids != want {
                failures += 1
                if failures <= 5 { Issue.record("\(name) \(c.text.debugDescription): got \(ids), want \(want)") }
            }
        }
        #expect(failures == 0, "\(failures) of \(fixture.cases.count) cases differ")
    }

    @Test(arguments: ["qwen2", "gemma3"])
    func decodingRoundTrips(_ name: String) throws {
        let fixture = try Self.fixture(name)
        let tok = try Self.tokenizer(name)
        for c in fixture.cases {
            // Qwen normalises to NFC, so its round trip gives the NFC form back; SentencePiece
            // spells spaces as `▁`, so a written `▁` comes back as a space.
            let expected =
                name == "qwen2"
                ? String(decoding: c.text._nfcCodeUnits, as: UTF8.self)
                : String(c.text.unicodeScalars.map { $0 == "\u{2581}" ? " " : Character($0) })
            #expect(tok.decode(c.ids_special) == expected)
            var stream = tok.makeStreamingDetokenizer()
            var streamed = ""
            for id in c.ids_special { streamed += stream.append(id) }
            streamed += stream.finish()
            #expect(streamed == expected)
        }
    }

    @Test func bosIsAddedForGemmaOnly() throws {
        let gemma = try Self.tokenizer("gemma3"), qwen = try Self.tokenizer("qwen2")
        #expect(gemma.encode("hi").first == 2)
        #expect(gemma.encode("hi", addSpecialTokens: false).first != 2)
        #expect(qwen.encode("hi") == qwen.encode("hi", addSpecialTokens: false))
        #expect(qwen.eosTokenID == 151645 && gemma.eosTokenID == 1)
    }

    @Test func chatTemplateControlTokensAreSingleTokens() throws {
        let qwen = try Self.tokenizer("qwen2")
        let ids = qwen.encode("<|im_start|>user\nHi<|im_end|>", parseSpecial: true)
        #expect(ids.first == 151644 && ids.last == 151645)
        let plain = qwen.encode("<|im_start|>", parseSpecial: false)
        #expect(plain.count > 1 && !plain.contains(151644))
    }
}
