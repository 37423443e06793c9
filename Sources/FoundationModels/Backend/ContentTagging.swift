internal import LocalInference

/// The content-tagging use case on the local model.
///
/// Apple's `SystemLanguageModel(useCase: .contentTagging)` runs an adapter trained to tag: a
/// plain prompt comes back as a short list of tags (topics, entities, emotions, actions), and
/// apps split it on commas and newlines. The local GGUF model has no such adapter, so the backend
/// asks for the same answer in a system message ahead of the session's own instructions. A
/// response schema still decides the shape of a structured answer (`@Generable` tag types).
///
/// ```swift
/// let tagger = LanguageModelSession(model: SystemLanguageModel(useCase: .contentTagging))
/// let tags = try await tagger.respond(to: "Apple shipped a CLI for on-device AI.").content
/// // "apple, cli, on-device ai, software release"
/// ```
enum ContentTagging {
    /// What the model is asked to do in place of the tagging adapter.
    static let instructions =
        "You tag content. Give 3 to 6 short lowercase tags for the text's topics, entities, emotions and actions; "
        + "as plain text, separate them with commas and write nothing else."

    /// `messages` with the tagging request ahead of the session's instructions when `useCase`
    /// is `.contentTagging` (merged into the first system message, or as a system message of its
    /// own); other use cases' messages as they are.
    static func messages(_ messages: [ChatMessage], useCase: SystemLanguageModel.UseCase) -> [ChatMessage] {
        guard useCase == .contentTagging else { return messages }
        var messages = messages
        if let first = messages.first, first.role == .system {
            messages[0].content = instructions + "\n\n" + first.content
        } else {
            messages.insert(ChatMessage(role: .system, content: instructions), at: 0)
        }
        return messages
    }
}
