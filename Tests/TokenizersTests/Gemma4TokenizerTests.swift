import Foundation
import GGUF
import LLMEngine
import TestSupport
import Testing
import Tokenizers

/// Gemma 4's tokenizer (`tokenizer.ggml.model = gemma4`) on a small vocabulary trained with
/// Hugging Face `tokenizers` and written as llama.cpp's converter writes Gemma 4
/// (`Fixtures/gemma4_toy.gguf`), compared with HF's encoding and decoding of the shared corpus
/// (`Fixtures/gemma4_toy.json`; both made by `Fixtures/make_gpt4o_gemma4_fixtures.py`).
@Suite struct Gemma4TokenizerTests {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let tag: String
            let text: String
            let ids: [Int]
            let ids_special: [Int]?
            let decoded: String?
        }
        let bos_id: Int
        let cases: [Case]
    }

    static func url(_ name: String, _ ext: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures"))
    }

    static let tokenizer = Result { try TokenizerLoader.load(from: GGUFFile(path: Gemma4TokenizerTests.url("gemma4_toy", "gguf").path)) }
    static let fixture = Result {
        try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: Gemma4TokenizerTests.url("gemma4_toy", "json")))
    }

    @Test(arguments: [false, true])
    func encodingMatchesHuggingFace(parseSpecial: Bool) throws {
        let tok = try Self.tokenizer.get(), fixture = try Self.fixture.get()
        #expect(fixture.cases.count >= 1000)
        var failures = 0
        for c in fixture.cases {
            let want = parseSpecial ? c.ids_special ?? c.ids : c.ids
            let got = tok.encode(c.text, addSpecialTokens: false, parseSpecial: parseSpecial)
            if got != want {
                failures += 1
                if failures <= 5 { Issue.record("\(c.tag) \(c.text.debugDescription): got \(got), want \(want)") }
            }
        }
        #expect(failures == 0, "\(failures) of \(fixture.cases.count) texts encode differently")
    }

    @Test func decodingMatchesHuggingFace() throws {
        let tok = try Self.tokenizer.get(), fixture = try Self.fixture.get()
        var failures = 0
        for c in fixture.cases {
            let ids = c.ids_special ?? c.ids
            let want = c.decoded ?? c.text
            var stream = tok.makeStreamingDetokenizer()
            var streamed = ""
            for id in ids { streamed += stream.append(id) }
            streamed += stream.finish()
            if tok.decode(ids) != want || streamed != want {
                failures += 1
                if failures <= 5 { Issue.record("\(c.tag): decoded \(tok.decode(ids).debugDescription), want \(want.debugDescription)") }
            }
        }
        #expect(failures == 0)
    }

    @Test func bosIsAlwaysAdded() throws {
        let tok = try Self.tokenizer.get(), fixture = try Self.fixture.get()
        #expect(tok.encode("hi").first == fixture.bos_id)
        #expect(tok.encode("hi", addSpecialTokens: false).first != fixture.bos_id)
        // llama.cpp overrides `add_bos_token = false` for Gemma 4.
        let file = try GGUFFile(bytes: Self.writer(addBOS: false).encoded())
        #expect(try TokenizerLoader.configuration(from: file).addBOS)
    }

    @Test func visibleTokensAreAlwaysMatchedAndControlTokensOnlyWhenAsked() throws {
        let tok = try Self.tokenizer.get()
        let channel = tok.encode("<|channel>", addSpecialTokens: false)
        #expect(channel.count == 1 && tok.tokenType(channel[0]) == .userDefined)
        #expect(tok.encode("<turn|>", addSpecialTokens: false, parseSpecial: true).count == 1)
        #expect(tok.encode("<turn|>", addSpecialTokens: false).count > 1)
    }

    @Test func missingMergesIsATypedError() throws {
        var writer = Self.writer(addBOS: true)
        writer.metadata.removeAll { $0.key == "tokenizer.ggml.merges" }
        let file = try GGUFFile(bytes: writer.encoded())
        #expect(throws: GGUFError.missingKey("tokenizer.ggml.merges")) { try TokenizerLoader.load(from: file) }
    }

    @Test func mergeOfUnknownPiecesIsATypedError() throws {
        var writer = Self.writer(addBOS: true)
        writer.metadata.removeAll { $0.key == "tokenizer.ggml.merges" }
        writer.add("tokenizer.ggml.merges", .array(GGUFArray(["▁ a", "x y"])))
        let file = try GGUFFile(bytes: writer.encoded())
        #expect(throws: TokenizerError.self) { try TokenizerLoader.load(from: file) }
        do {
            _ = try TokenizerLoader.load(from: file)
        } catch let error as TokenizerError {
            guard case let .invalidMerge(index, rule, _) = error else { Issue.record("\(error)"); return }
            #expect(index == 1 && rule == "x y")
        }
    }

    @Test func spacesBecomeTheMarkerAndUnknownCharactersFallBackToBytes() throws {
        let file = try GGUFFile(bytes: Self.writer(addBOS: true).encoded())
        let tok = try TokenizerLoader.load(from: file)
        // 0 <bos>, 1 <eos>, 2...257 <0x00>...<0xFF>, then ▁ a ▁a b \n\n
        #expect(tok.encode(" a b", addSpecialTokens: false) == [260, 258, 261])
        // A newline run that is a token is taken whole; another one is merged like any run
        // (here nothing merges, and `\n` alone is no token).
        #expect(tok.encode("a\n\nb", addSpecialTokens: false) == [259, 262, 261])
        #expect(tok.encode("a\n\n\nb", addSpecialTokens: false) == [259, 12, 12, 12, 261])
        #expect(tok.encode("é", addSpecialTokens: false) == [2 + 0xC3, 2 + 0xA9])
        #expect(tok.decode([260, 2 + 0xC3, 2 + 0xA9, 261]) == " aéb")
    }

    /// A tiny Gemma 4 vocabulary: `<bos>`, `<eos>`, the byte tokens, `▁`, `a`, `▁a`, `b`, `\n\n`.
    static func writer(addBOS: Bool) -> GGUFWriter {
        var tokens = ["<bos>", "<eos>"]
        var types: [Int32] = [3, 3]
        for b in 0..<256 {
            tokens.append("<0x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) + ">")
            types.append(6)
        }
        tokens += ["▁", "a", "▁a", "b", "\n\n"]
        types += [1, 1, 1, 1, 1]
        var w = GGUFWriter()
        w.add("general.architecture", .string("gemma4"))
        w.add("tokenizer.ggml.model", .string("gemma4"))
        w.add("tokenizer.ggml.tokens", .array(GGUFArray(tokens)))
        w.add("tokenizer.ggml.token_type", .array(GGUFArray(types)))
        w.add("tokenizer.ggml.merges", .array(GGUFArray(["▁ a"])))
        w.add("tokenizer.ggml.bos_token_id", .uint32(0))
        w.add("tokenizer.ggml.eos_token_id", .uint32(1))
        w.add("tokenizer.ggml.add_bos_token", .bool(addBOS))
        return w
    }
}
