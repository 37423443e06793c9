import Foundation
import GGUF
import LLMEngine
import TestSupport

@testable import LocalInference

/// A tiny synthetic qwen2 model that can think: a byte-level vocabulary (token `b` writes byte
/// `b`, no merges) followed by markup tokens — Qwen3's `<|im_start|>`, `<|im_end|>` (the end of
/// turn), and, when asked, `<think>`/`</think>` and `<tool_call>`/`</tool_call>` as user-defined
/// tokens, as Qwen3's vocabulary has them (151667/151668 there) — and a real chat template
/// (Qwen3's from the ChatTemplates fixtures). Its weights are random; the tests drive the
/// token loop with `ScriptedThinker` logits instead of its forward pass.
enum ThinkingModel {
    /// Markup tokens of the vocabulary, after the 256 byte tokens, with their types (3 control,
    /// 4 user-defined).
    static func markup(thinkTokens: Bool) -> [(String, Int32)] {
        var tokens: [(String, Int32)] = [("<|im_start|>", 3), ("<|im_end|>", 3), ("<tool_call>", 4), ("</tool_call>", 4)]
        if thinkTokens { tokens += [("<think>", 4), ("</think>", 4)] }
        return tokens
    }

    /// A chat template from the ChatTemplates fixtures (`Qwen-Qwen3-0.6B`, ...).
    static func template(_ name: String) throws -> String {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return try String(contentsOfFile: path + "../ChatTemplatesTests/Fixtures/templates/\(name).jinja", encoding: .utf8)
    }

    /// Writes the model file; returns its path (remove it with `TemplateErrorTests.remove`).
    /// `endOfTurn` is the piece of the file's EOS token; `contextLength` the trained length it declares.
    static func file(
        template: String, markup: [(String, Int32)], endOfTurn: String = "<|im_end|>", contextLength: Int = 256
    ) throws
        -> String
    {
        var synthetic = SyntheticModel(architecture: "qwen2")
        synthetic.contextLength = contextLength
        var writer = synthetic.writer()
        var tokens = (0..<256).map { TemplateErrorTests.byteSymbol(UInt8($0)) }
        var types = [Int32](repeating: 1, count: 256)
        for (piece, type) in markup {
            tokens.append(piece)
            types.append(type)
        }
        while tokens.count < synthetic.vocabularySize {
            tokens.append("[PAD\(tokens.count)]")
            types.append(5)
        }
        writer.add("tokenizer.ggml.model", .string("gpt2"))
        writer.add("tokenizer.ggml.pre", .string("qwen2"))
        writer.add("tokenizer.ggml.tokens", .array(GGUFArray(tokens)))
        writer.add("tokenizer.ggml.token_type", .array(GGUFArray(types)))
        writer.add("tokenizer.ggml.merges", .array(GGUFArray([String]())))
        writer.add("tokenizer.ggml.eos_token_id", .uint32(UInt32(tokens.firstIndex(of: endOfTurn)!)))
        writer.add("tokenizer.chat_template", .string(template))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("thinking-\(UUID().uuidString).gguf").path
        try writer.write(to: path)
        return path
    }

    /// Qwen3's template over a vocabulary with (`thinkTokens`) or without the think tokens,
    /// loaded through the shared instances sessions use (context 256); its file is removed once
    /// loaded.
    static func qwen3(thinkTokens: Bool = true) throws -> (model: LocalModel, path: String) {
        let path = try file(template: template("Qwen-Qwen3-0.6B"), markup: markup(thinkTokens: thinkTokens))
        let model = try LocalModel.shared(at: ModelLocation(path: path), contextSize: 256)
        return (model, path)
    }

    /// The tokens of `text` in the byte-level vocabulary (one per byte).
    static func bytes(_ text: String) -> [Int] { text.utf8.map(Int.init) }
}

/// Logits of a scripted model: it writes `script` token by token (its `preferred` token gets the
/// highest logit, a few others after it), whatever the constraint does to the rest; where the
/// script and what was generated part (a constraint refused a token, or forced one), it goes on
/// after the last token they share that is in the script — after a forced closer, with the
/// script's text after its own closer.
final class ScriptedThinker: LogitsSource, @unchecked Sendable {
    /// What the model "wants" to write, in order, and what it would rather write at some points
    /// (junk a constraint must refuse): `detours[i]` is preferred to `script[i]`.
    let script: [Int]
    let detours: [Int: Int]
    let vocabularySize: Int
    /// Where the script resumes after the closer (the index after the script's closer).
    let resumeAfter: (closer: Int, index: Int)?
    var tokens: [Int] = []
    var promptCount = 0
    let capacity: Int
    var count: Int { tokens.count }
    var candidateLimit: Int { 0 }

    init(script: [Int], detours: [Int: Int] = [:], vocabularySize: Int, closer: Int? = nil, capacity: Int = 256) {
        self.capacity = capacity
        self.script = script
        self.detours = detours
        self.vocabularySize = vocabularySize
        resumeAfter = closer.flatMap { closer in script.firstIndex(of: closer).map { (closer: closer, index: $0 + 1) } }
    }

    /// The tokens generated so far.
    var generated: [Int] { Array(tokens[promptCount...]) }

    /// The request's prompt length, as the loop asks about it before prefilling (the prefill
    /// may carry the answer's forced opening, a forced `<think>`, after it).
    private var requestedPromptCount: Int?

    func reusablePrefixLength(of prompt: [Int]) -> Int {
        requestedPromptCount = prompt.count
        return 0
    }

    func prefill(_ prompt: [Int], isCancelled: () -> Bool) throws -> [Float] {
        tokens = prompt
        promptCount = requestedPromptCount ?? prompt.count
        return next()
    }

    func append(_ token: Int) throws -> [Float] {
        tokens.append(token)
        return next()
    }

    func append(contentsOf more: [Int], candidates: [Int]?) throws -> [Float] {
        tokens += more
        return next()
    }

    /// The script's position after what was generated.
    private func position() -> Int {
        let generated = generated
        if let resume = resumeAfter, let last = generated.lastIndex(of: resume.closer) {
            return resume.index + (generated.count - last - 1)
        }
        return generated.count
    }

    private func next() -> [Float] {
        var logits = [Float](repeating: 0, count: vocabularySize)
        let at = position()
        guard at < script.count else { return logits }
        logits[script[at]] = 10
        if let detour = detours[at] { logits[detour] = 20 }
        return logits
    }
}
