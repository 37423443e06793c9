import ChatTemplates
import Tokenizers

/// How a model family writes tool calls in its answers, so that the decoder can hold the model
/// to it: an opener token, the call as JSON (`{"name": ..., "arguments": {...}}`), a closer
/// token, and the text between consecutive calls.
///
/// Two families are known, by the single tokens of their vocabulary:
///
/// - Hermes / Qwen2.5 / Qwen3 (`<tool_call>`, `</tool_call>`): one block per call, separated by a
///   newline: `<tool_call>\n{"name": "getWeather", "arguments": {"city": "Paris"}}\n</tool_call>`.
/// - Phi-4-mini (`<|tool_call|>`, `<|/tool_call|>`): the calls as a JSON list,
///   `<|tool_call|>[{"name": "getWeather", "arguments": {"city": "Paris"}}]<|/tool_call|>`. Here
///   each block holds one call; parallel calls are consecutive blocks, nothing between them.
///
/// A model needs single tokens for the opener and closer (so free text can never be mistaken
/// for a call); models without them cannot call tools here.
///
/// ```swift
/// if let format = ToolCallFormat.detect(in: vocabulary) { ... }   // Qwen: <tool_call> 151657
/// ```
package struct ToolCallFormat: Sendable, Hashable {
    /// The token that starts a call.
    package var opener: Int
    /// The text between the opener and the call's JSON.
    package var afterOpener: String
    /// The text between the call's JSON and the closer.
    package var beforeCloser: String
    /// The token that ends a call.
    package var closer: Int
    /// The text between one call's closer and the next call's opener (empty: the opener follows
    /// the closer directly).
    package var betweenCalls: String

    /// A format.
    package init(opener: Int, afterOpener: String = "\n", beforeCloser: String = "\n", closer: Int, betweenCalls: String = "\n") {
        self.opener = opener
        self.afterOpener = afterOpener
        self.beforeCloser = beforeCloser
        self.closer = closer
        self.betweenCalls = betweenCalls
    }

    /// The format of the vocabulary's tool-call tokens: Hermes / Qwen's when it has
    /// `<tool_call>` and `</tool_call>` as single markup tokens, Phi-4-mini's when it has
    /// `<|tool_call|>` and `<|/tool_call|>`; `nil` when it has neither pair.
    package static func detect(in vocabulary: TokenizerVocabulary) -> ToolCallFormat? {
        let tokenizer = vocabulary.tokenizer
        var found: [String: Int] = [:]
        for id in 0..<tokenizer.vocabularySize where vocabulary.isSpecial(id) {
            let piece = tokenizer.piece(id)
            if Self.markers.contains(piece), found[piece] == nil { found[piece] = id }
        }
        if let opener = found["<tool_call>"], let closer = found["</tool_call>"] {
            return ToolCallFormat(opener: opener, closer: closer)
        }
        if let opener = found["<|tool_call|>"], let closer = found["<|/tool_call|>"] {
            return ToolCallFormat(opener: opener, afterOpener: "[", beforeCloser: "]", closer: closer, betweenCalls: "")
        }
        return nil
    }

    private static let markers: Set<String> = ["<tool_call>", "</tool_call>", "<|tool_call|>", "<|/tool_call|>"]

    /// The calls as the model writes them (`opener afterOpener JSON beforeCloser closer`, joined
    /// by `betweenCalls`), the JSON as Python's `json.dumps` writes `{"name": ..., "arguments":
    /// ...}`: the text of an earlier turn's calls for templates that show only an assistant
    /// message's `content` (Phi-4-mini's).
    package func text(of calls: [ChatToolCall], tokenizer: Tokenizer) -> String {
        calls.map { call in
            var object = TemplateObject()
            object["name"] = .string(call.name)
            object["arguments"] = (try? TemplateValue(jsonText: call.argumentsJSON)) ?? .string(call.argumentsJSON)
            let json = (try? Self.json.render(["call": .object(object)])) ?? ""
            return tokenizer.piece(opener) + afterOpener + json + beforeCloser + tokenizer.piece(closer)
        }.joined(separator: betweenCalls)
    }

    private static let json: ChatTemplate = {
        // force-try: a constant, valid template.
        try! ChatTemplate(source: "{{ call | tojson }}")
    }()
}
