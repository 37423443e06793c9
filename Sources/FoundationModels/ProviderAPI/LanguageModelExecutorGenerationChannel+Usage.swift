extension LanguageModelExecutorGenerationChannel {
    /// How many tokens a step of a response read and wrote (Apple 27.0's provider API).
    ///
    /// An executor reports it once it knows, usually when it is done:
    ///
    /// ```swift
    /// await channel.send(.response(action: .updateUsage(
    ///     input: .init(totalTokenCount: 812, cachedTokenCount: 790),
    ///     output: .init(totalTokenCount: 23, reasoningTokenCount: 0))))
    /// ```
    public struct Usage: Sendable {
        /// The prompt's tokens.
        public var input: Input
        /// The generated tokens.
        public var output: Output
        /// Values the executor attached, passed through unchanged.
        public var metadata: [String: any Sendable & Codable & Equatable]

        /// Creates a usage report.
        public init(input: Input, output: Output, metadata: [String: any Sendable & Codable & Equatable] = [:]) {
            self.input = input
            self.output = output
            self.metadata = metadata
        }
    }
}

extension LanguageModelExecutorGenerationChannel.Usage {
    /// The prompt's tokens.
    public struct Input: Sendable {
        /// Every token of the prompt.
        public var totalTokenCount: Int
        /// The tokens taken over from an earlier request's cache instead of computed.
        public var cachedTokenCount: Int

        /// Creates an input count.
        public init(totalTokenCount: Int, cachedTokenCount: Int) {
            self.totalTokenCount = totalTokenCount
            self.cachedTokenCount = cachedTokenCount
        }
    }

    /// The generated tokens.
    public struct Output: Sendable {
        /// Every token generated.
        public var totalTokenCount: Int
        /// The tokens spent reasoning before the answer.
        public var reasoningTokenCount: Int

        /// Creates an output count.
        public init(totalTokenCount: Int, reasoningTokenCount: Int) {
            self.totalTokenCount = totalTokenCount
            self.reasoningTokenCount = reasoningTokenCount
        }
    }
}

extension LanguageModelExecutorGenerationChannel.Response.Action {
    /// Reports the tokens the step read and wrote (the latest report counts).
    public static func updateUsage(
        input: LanguageModelExecutorGenerationChannel.Usage.Input,
        output: LanguageModelExecutorGenerationChannel.Usage.Output,
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> Self {
        Self(kind: .usage(.init(input: input, output: output, metadata: metadata)))
    }
}

extension LanguageModelExecutorGenerationChannel.ToolCalls.Action {
    /// Reports the tokens the step read and wrote (the latest report counts).
    public static func updateUsage(
        input: LanguageModelExecutorGenerationChannel.Usage.Input,
        output: LanguageModelExecutorGenerationChannel.Usage.Output,
        metadata: [String: any Sendable & Codable & Equatable] = [:]
    ) -> Self {
        Self(kind: .usage(.init(input: input, output: output, metadata: metadata)))
    }
}
