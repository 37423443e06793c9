extension LanguageModelSession.DynamicProfile {
    /// This profile on `model`.
    ///
    /// ```swift
    /// Profile { Instructions("Be brief.") }.model(SystemLanguageModel.default)
    /// ```
    public func model(_ model: any LanguageModel) -> some LanguageModelSession.DynamicProfile {
        let connection = ModelConnection(model)
        return setting { $0.model = connection }
    }

    /// This profile on `model`.
    public func model(_ model: some LanguageModel) -> some LanguageModelSession.DynamicProfile {
        let connection = ModelConnection(model)
        return setting { $0.model = connection }
    }

    /// This profile with a sampling temperature (`nil`: the request's own).
    public func temperature(_ temperature: Double?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.temperature = .some(temperature) }
    }

    /// This profile with a sampling mode (`nil`: the request's own).
    public func samplingMode(_ samplingMode: GenerationOptions.SamplingMode?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.samplingMode = .some(samplingMode) }
    }

    /// This profile with a limit on the response's tokens (`nil`: the request's own).
    public func maximumResponseTokens(_ maximumResponseTokens: Int?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.maximumResponseTokens = .some(maximumResponseTokens) }
    }

    /// This profile with a reasoning level (`nil`: the request's own).
    public func reasoningLevel(_ reasoningLevel: ContextOptions.ReasoningLevel?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.reasoningLevel = .some(reasoningLevel) }
    }

    /// This profile with a tool-calling mode (`nil`: the request's own).
    public func toolCallingMode(_ toolCallingMode: GenerationOptions.ToolCallingMode?) -> some LanguageModelSession.DynamicProfile {
        setting { $0.toolCallingMode = .some(toolCallingMode) }
    }

    /// This profile with the history the model sees transformed (the transcript is kept).
    ///
    /// ```swift
    /// profile.historyTransform { Array($0.suffix(6)) }
    /// ```
    public func historyTransform(_ transform: @escaping ([Transcript.Entry]) -> [Transcript.Entry]) -> some LanguageModelSession.DynamicProfile {
        setting { $0.historyTransforms.append(transform) }
    }

    /// This profile with a policy for the transcript of failed requests.
    public func transcriptErrorHandlingPolicy(
        _ transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy?
    ) -> some LanguageModelSession
        .DynamicProfile
    {
        setting { $0.transcriptErrorHandlingPolicy = .some(transcriptErrorHandlingPolicy) }
    }
}
