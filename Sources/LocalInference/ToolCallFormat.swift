/// How a model family writes tool calls in its answers, so that the decoder can hold the model
/// to it: an opener token, the call as JSON (`{"name": ..., "arguments": {...}}`), a closer
/// token, and the text between consecutive calls.
///
/// Qwen2.5 and the Hermes-style templates write
/// `<tool_call>\n{"name": "getWeather", "arguments": {"city": "Paris"}}\n</tool_call>`, one block
/// per call, separated by a newline. A model needs single tokens for the opener and closer (so
/// free text can never be mistaken for a call); models without them cannot call tools here.
///
/// ```swift
/// if let format = ToolCallFormat.detect(in: tokenizer) { ... }   // Qwen: <tool_call> 151657
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
    /// The text between one call's closer and the next call's opener.
    package var betweenCalls: String

    /// A format.
    package init(opener: Int, afterOpener: String = "\n", beforeCloser: String = "\n", closer: Int, betweenCalls: String = "\n") {
        self.opener = opener
        self.afterOpener = afterOpener
        self.beforeCloser = beforeCloser
        self.closer = closer
        self.betweenCalls = betweenCalls
    }

    /// The Hermes / Qwen format, when the vocabulary has `<tool_call>` and `</tool_call>` as
    /// single tokens.
    package static func detect(in vocabulary: TokenizerVocabulary) -> ToolCallFormat? {
        let tokenizer = vocabulary.tokenizer
        var opener: Int?, closer: Int?
        for id in 0..<tokenizer.vocabularySize where vocabulary.isSpecial(id) {
            switch tokenizer.piece(id) {
            case "<tool_call>": opener = id
            case "</tool_call>": closer = id
            default: break
            }
        }
        guard let opener, let closer else { return nil }
        return ToolCallFormat(opener: opener, closer: closer)
    }
}
