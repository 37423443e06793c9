extension LanguageModelSession.DynamicProfile {
    /// Runs `action` when a prompt is added, before the model answers; it may change
    /// `@SessionProperty(\.history)`.
    ///
    /// ```swift
    /// profile.onPrompt { history = history.suffix(10) }
    /// ```
    public func onPrompt(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping () async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        onPrompt { _ in try await action() }
    }

    /// Runs `action` with each prompt, before the model answers.
    public func onPrompt(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping (Transcript.Prompt) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onPrompt.append(action) }
    }

    /// Runs `action` when the model has answered.
    public func onResponse(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping () async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        onResponse { _ in try await action() }
    }

    /// Runs `action` with each response.
    public func onResponse(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping (Transcript.Response) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onResponse.append(action) }
    }

    /// Runs `action` when the model has reasoned.
    public func onReasoning(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping () async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        onReasoning { _ in try await action() }
    }

    /// Runs `action` with each reasoning entry.
    public func onReasoning(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping (Transcript.Reasoning) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onReasoning.append(action) }
    }

    /// Runs `action` when the model calls a tool.
    public func onToolCall(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping () async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        onToolCall { _ in try await action() }
    }

    /// Runs `action` with each tool call, before the tool runs.
    public func onToolCall(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping (Transcript.ToolCall) async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onToolCall.append(action) }
    }

    /// Runs `action` when a tool has returned.
    public func onToolOutput(
        @_inheritActorContext perform action: nonisolated(nonsending) sending @escaping () async throws -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        onToolOutput { _, _ in try await action() }
    }

    /// Runs `action` with each tool call and its output.
    public func onToolOutput(
        @_inheritActorContext perform action:
            nonisolated(nonsending) sending @escaping (Transcript.ToolCall, Transcript.ToolOutput) async throws
            -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onToolOutput.append(action) }
    }

    /// Runs `action` when the profile becomes the session's active profile: before the first
    /// request's prompt hooks, and whenever a condition in the body switches to the branch
    /// holding this modifier (checked before each step of a request).
    public func onActivate(
        @_inheritActorContext perform action: sending @escaping @isolated(any) () async -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onActivate.append(.init(branch: $0.branch, action: action)) }
    }

    /// Runs `action` when the profile stops being the session's active profile: when a
    /// condition in the body switches away from the branch holding this modifier.
    public func onDeactivate(
        @_inheritActorContext perform action: sending @escaping @isolated(any) () async -> Void
    ) -> some LanguageModelSession.DynamicProfile {
        setting { $0.onDeactivate.append(.init(branch: $0.branch, action: action)) }
    }
}
