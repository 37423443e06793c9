extension Optional: ConvertibleToGeneratedContent, PromptRepresentable, InstructionsRepresentable where Wrapped: ConvertibleToGeneratedContent {
    /// The wrapped value's content, or `.null`.
    public var generatedContent: GeneratedContent {
        self?.generatedContent ?? GeneratedContent(kind: .null)
    }
}
