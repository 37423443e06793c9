import Foundation
import GGUF
import LocalInference
import TestSupport
import Testing

@_spi(LocalEngine) @testable import FoundationModels

/// A model whose chat template is broken: the error is typed and names the template's line, and
/// a session on it fails cleanly (nothing recorded, the session still usable).
@Suite struct TemplateErrorTests {
    /// A tiny synthetic qwen2 model with a byte-level vocabulary and the given chat template.
    static func model(template: String) throws -> String {
        let synthetic = SyntheticModel(architecture: "qwen2")
        var writer = synthetic.writer()
        var tokens = (0..<256).map { Self.byteSymbol(UInt8($0)) }
        tokens += ["<|im_start|>", "<|im_end|>"]
        while tokens.count < synthetic.vocabularySize { tokens.append("[PAD\(tokens.count)]") }
        let types = tokens.indices.map { Int32($0 < 256 ? 1 : $0 < 258 ? 3 : 5) }
        writer.add("tokenizer.ggml.model", .string("gpt2"))
        writer.add("tokenizer.ggml.pre", .string("qwen2"))
        writer.add("tokenizer.ggml.tokens", .array(GGUFArray(tokens)))
        writer.add("tokenizer.ggml.token_type", .array(GGUFArray(types)))
        writer.add("tokenizer.ggml.merges", .array(GGUFArray([String]())))
        writer.add("tokenizer.ggml.eos_token_id", .uint32(257))
        writer.add("tokenizer.chat_template", .string(template))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("template-\(UUID().uuidString).gguf").path
        try writer.write(to: path)
        return path
    }

    /// Removes a model made by `model(template:)` and the token trie loading it kept beside it
    /// (`MODEL.gguf.fmtrie`).
    static func remove(model path: String) {
        for file in [path, VocabularyIndexStore.cachePath(forModelAt: path)] { try? FileManager.default.removeItem(atPath: file) }
    }

    /// GPT-2's printable spelling of a byte.
    static func byteSymbol(_ byte: UInt8) -> String {
        let printable = (33...126).contains(byte) || (161...172).contains(byte) || (174...255).contains(byte)
        if printable { return String(Unicode.Scalar(byte)) }
        let shifted = (0..<256).filter { b in !((33...126).contains(b) || (161...172).contains(b) || (174...255).contains(b)) }
        return String(Unicode.Scalar(UInt32(256 + shifted.firstIndex(of: Int(byte))!))!)
    }

    @Test func aTemplateThatDoesNotParseNamesItsLine() throws {
        let path = try Self.model(template: "{% for message in messages %}\n{{ message.content }}\n{% endfor\n")
        defer { Self.remove(model: path) }
        do {
            _ = try LocalModel(location: ModelLocation(path: path))
            Issue.record("a broken template loaded")
        } catch let error {
            guard case .template(let message) = error else { Issue.record("wrong error: \(error)"); return }
            #expect(message.contains("line 3"), "\(message)")
        }
    }

    @Test func aTemplateThatRaisesFailsTheRequestNamingTheLineAndTheSessionStaysUsable() async throws {
        let template = """
            {%- for message in messages -%}
            {%- if message.role == 'system' -%}
            {{- raise_exception('This model does not take instructions') -}}
            {%- endif -%}
            {{- '<|im_start|>' + message.role + '\\n' + message.content + '<|im_end|>\\n' -}}
            {%- endfor -%}
            {{- '<|im_start|>assistant\\n' -}}
            """
        let path = try Self.model(template: template)
        defer { Self.remove(model: path) }
        let backend = LocalModelBackend(location: ModelLocation(path: path), contextSize: 256)
        let model = SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
        #expect(model.availability == .available)
        let session = LanguageModelSession(model: model, instructions: "Be brief.")
        do {
            _ = try await session.respond(to: "Hi")
            Issue.record("the template did not raise")
        } catch SystemLanguageModel.Error.assetsUnavailable(let context) {
            #expect(context.debugDescription.contains("This model does not take instructions"))
            #expect(context.debugDescription.contains("line 3"), "\(context.debugDescription)")
        }
        #expect(kinds(session.transcript) == ["instructions"])
        let plain = LanguageModelSession(model: model)
        let answer = try await plain.respond(to: "Hi", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 4))
        #expect(kinds(plain.transcript) == ["prompt", "response"])
        _ = answer
    }
}
