/// What a language model can do: guided generation, tool calling, reasoning, vision (Apple
/// 27.0's provider API).
///
/// ```swift
/// var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling]) }
/// model.capabilities.contains(.toolCalling)  // true
/// ```
public struct LanguageModelCapabilities: Sendable {
    /// The capabilities, without duplicates.
    let members: Set<Capability>

    /// Creates a set of capabilities.
    public init(_ capabilities: [Capability]) {
        members = Set(capabilities)
    }

    /// Creates a set of capabilities (the old spelling of `init(_:)`).
    @available(*, deprecated, renamed: "init(_:)")
    public init(capabilities: [Capability]) {
        self.init(capabilities)
    }

    /// Whether the model has `capability`.
    public func contains(_ capability: Capability) -> Bool {
        members.contains(capability)
    }
}

extension LanguageModelCapabilities {
    /// One thing a model can do.
    public struct Capability: Sendable, Hashable {
        /// The capability's name, for equality and debugging.
        let name: String

        /// The model understands images in prompts.
        public static var vision: Capability { Capability(name: "vision") }
        /// The model's decoding can be constrained to a schema.
        public static var guidedGeneration: Capability { Capability(name: "guidedGeneration") }
        /// The model reasons before it answers.
        public static var reasoning: Capability { Capability(name: "reasoning") }
        /// The model can call tools.
        public static var toolCalling: Capability { Capability(name: "toolCalling") }
    }
}
