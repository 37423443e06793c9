/// How a model family marks its thinking, so that the token loop can tell thoughts from the
/// answer: an opener, the thoughts, a closer, then the answer.
///
/// Detected from the chat template (the markers it writes or strips) and the vocabulary (whether
/// each marker is one special token or plain text):
///
/// | family | opener | closer | note |
/// |---|---|---|---|
/// | Qwen3, SmolLM3, DeepSeek-R1 distills, QwQ | `<think>` | `</think>` | special tokens in Qwen3 (151667/151668); plain text where the vocabulary lacks them |
/// | Gemma 4 | `<\|channel>` | `<channel\|>` | the model writes `thought\n` after the opener (`label`) |
///
/// Models whose template mentions neither (Qwen2.5, Phi-4-mini, Gemma 3) have no format: they
/// never think, and their responses are handled as before.
///
/// ```swift
/// if let format = model.reasoningFormat { print(format.closerText) }   // "</think>"
/// ```
package struct ReasoningFormat: Sendable, Hashable {
    /// A marker: one token, or text spelled with ordinary tokens.
    package enum Marker: Sendable, Hashable {
        /// A single (special) token.
        case token(Int)
        /// Text the tokenizer spells with several tokens.
        case text(String)
    }

    /// What opens the thinking.
    package var opener: Marker
    /// The opener's text.
    package var openerText: String
    /// What closes it.
    package var closer: Marker
    /// The closer's text.
    package var closerText: String
    /// Text the model writes right after the opener, before its thoughts (Gemma 4's channel
    /// name, `thought\n`); not part of the reasoning.
    package var label: String

    /// A format.
    package init(opener: Marker, openerText: String, closer: Marker, closerText: String, label: String = "") {
        self.opener = opener
        self.openerText = openerText
        self.closer = closer
        self.closerText = closerText
        self.label = label
    }

    /// The marker pairs families use, with the label each writes after its opener.
    static let families: [(opener: String, closer: String, label: String)] = [
        ("<think>", "</think>", ""),
        ("<|channel>", "<channel|>", "thought\n"),
    ]

    /// The format of a model with chat template `template` and `tokenizer`'s vocabulary, or
    /// `nil` when the template never mentions thinking markers.
    package static func detect(template: String, vocabulary: TokenizerVocabulary) -> ReasoningFormat? {
        guard let family = families.first(where: { template.contains($0.opener) && template.contains($0.closer) }) else {
            return nil
        }
        let tokenizer = vocabulary.tokenizer
        var opener: Marker = .text(family.opener), closer: Marker = .text(family.closer)
        for id in 0..<tokenizer.vocabularySize where vocabulary.isSpecial(id) {
            switch tokenizer.piece(id) {
            case family.opener: opener = .token(id)
            case family.closer: closer = .token(id)
            default: break
            }
        }
        return ReasoningFormat(opener: opener, openerText: family.opener, closer: closer, closerText: family.closer, label: family.label)
    }

    /// Whether rendered prompt `text` leaves the model inside a thinking block (the generation
    /// prompt opened it: the answer starts with thoughts), after a closed block (the template
    /// turned thinking off with an empty block), or neither.
    package func state(atEndOf text: String) -> PromptState {
        var end = text[...]
        while let last = end.last, last.isWhitespace { end.removeLast() }
        if end.hasSuffix(closerText) { return .closed }
        if end.hasSuffix(openerText) { return .open }
        let label = label.trimmingTrailingWhitespace
        if !label.isEmpty, end.hasSuffix(openerText + label) { return .open }
        return .outside
    }

    /// Where a rendered prompt leaves the model with respect to thinking.
    package enum PromptState: Sendable, Equatable {
        /// The prompt ends inside an open block: the response starts with thoughts.
        case open
        /// The prompt ends with a closed block (thinking switched off by the template).
        case closed
        /// The prompt ends elsewhere (the generation prompt's usual opening).
        case outside
    }
}

extension String {
    /// The string without its trailing whitespace.
    var trimmingTrailingWhitespace: String {
        var text = self[...]
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
