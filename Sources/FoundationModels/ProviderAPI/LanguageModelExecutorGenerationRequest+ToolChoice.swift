extension LanguageModelExecutorGenerationRequest {
    /// Whether the step must call a tool (OpenAI's `tool_choice`), carried in the request's
    /// `metadata` so it crosses the 27.0 seam unchanged. Executors that do not read it treat
    /// every step as `.auto`; the local executor enforces it in the decoder.
    ///
    /// SPI: visible only to `@_spi(Serving) import FoundationModels`.
    @_spi(Serving)
    public enum ToolChoice: Sendable, Equatable {
        /// The model answers or calls enabled tools, as it likes.
        case auto
        /// The model must call one or more of the enabled tools.
        case required
        /// The model must call the tool with this name.
        case named(String)
    }

    /// The metadata key of `toolChoice`.
    static let toolChoiceKey = "fm.tool_choice"
    /// The metadata key of `allowsParallelToolCalls`.
    static let parallelToolCallsKey = "fm.parallel_tool_calls"

    /// Whether the step must call a tool (SPI, see `ToolChoice`); `.auto` when not set.
    @_spi(Serving)
    public var toolChoice: ToolChoice {
        get {
            switch metadata[Self.toolChoiceKey] as? String {
            case nil, "auto": .auto
            case "required": .required
            case let value?: value.hasPrefix("function:") ? .named(String(value.dropFirst("function:".count))) : .auto
            }
        }
        set {
            switch newValue {
            case .auto: metadata[Self.toolChoiceKey] = nil
            case .required: metadata[Self.toolChoiceKey] = "required"
            case .named(let name): metadata[Self.toolChoiceKey] = "function:" + name
            }
        }
    }

    /// The tools this step offers the model: the enabled ones, none under
    /// `toolCallingMode(.disallowed)`. SPI, the one reading of the mode every executor shares.
    @_spi(Serving)
    public var offeredToolDefinitions: [Transcript.ToolDefinition] {
        generationOptions.toolCallingMode?.kind == .disallowed ? [] : enabledToolDefinitions
    }

    /// The tool choice this step runs with: the request's own (`toolChoice`, OpenAI's
    /// `tool_choice` through `fm serve`) when set, else what `generationOptions.toolCallingMode`
    /// asks — `.required` at every step while tools are offered. As Apple documents it, the
    /// session then keeps calling tools until a tool throws or a dynamic profile changes the
    /// mode. SPI, see `offeredToolDefinitions`.
    @_spi(Serving)
    public var stepToolChoice: ToolChoice {
        if toolChoice != .auto { return toolChoice }
        guard generationOptions.toolCallingMode?.kind == .required, !offeredToolDefinitions.isEmpty else { return .auto }
        return .required
    }

    /// Whether the step may make several tool calls (OpenAI's `parallel_tool_calls`; `true` when
    /// not set). SPI, see `ToolChoice`.
    @_spi(Serving)
    public var allowsParallelToolCalls: Bool {
        get { metadata[Self.parallelToolCallsKey] as? Bool ?? true }
        set { metadata[Self.parallelToolCallsKey] = newValue }
    }
}
