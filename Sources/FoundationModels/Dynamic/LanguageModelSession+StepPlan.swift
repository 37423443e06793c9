extension LanguageModelSession {
    /// What a request step runs with: the model, the tools, and the profile's settings.
    struct StepPlan {
        /// The model.
        var connection: ModelConnection
        /// The tools the model may call.
        var tools: [any Tool]
        /// The tools as the model sees them.
        var toolDefinitions: [Transcript.ToolDefinition]
        /// The profile's settings, for a session with a profile.
        var profile: ResolvedProfile?

        /// The entries the model sees: the profile's history transforms applied in order to the
        /// whole transcript, the instructions entry included. As in Apple's framework (whose
        /// `foundation-models-utilities` tests expect it), what a transform returns is exactly
        /// what the model sees: `Array($0.suffix(3))` drops the instructions too.
        func visibleEntries(_ entries: [Transcript.Entry]) -> [Transcript.Entry] {
            guard let transforms = profile?.historyTransforms, !transforms.isEmpty else { return entries }
            return transforms.reduce(entries) { history, transform in transform(history) }
        }
    }

    /// The plan of the next step: the session's own model and tools, or those the profile gives
    /// now.
    func stepPlan() -> StepPlan {
        guard let profile else { return StepPlan(connection: connection, tools: tools, toolDefinitions: toolDefinitions) }
        let resolved = profile.resolve()
        let tools = resolved.instructions.tools
        return StepPlan(
            connection: resolved.model ?? connection, tools: tools, toolDefinitions: tools.map { Transcript.ToolDefinition(tool: $0) },
            profile: resolved)
    }

    /// Runs the `onDeactivate` and `onActivate` hooks of the profile parts `plan` leaves and
    /// enters, with the session's values in scope; returns the entries with the history the
    /// hooks left.
    nonisolated(nonsending) func runActivationHooks(of plan: StepPlan, entries: [Transcript.Entry]) async throws -> [Transcript.Entry] {
        guard let box = profile, let resolved = plan.profile else { return entries }
        var entries = entries
        for action in box.activate(resolved) {
            entries = try await withHistory(entries) { await action() }
        }
        return entries
    }

    /// Runs `hooks` with `value`, each with the session's values in scope and its history set
    /// to `entries`; returns the entries with the history the hooks left.
    nonisolated(nonsending) func runHooks<Value>(
        _ hooks: [ResolvedProfile.Hook<Value>], with value: Value, entries: [Transcript.Entry]
    ) async throws -> [Transcript.Entry] {
        var entries = entries
        for hook in hooks {
            entries = try await withHistory(entries) { try await hook(value) }
        }
        return entries
    }

    /// Runs `body` with the session's values in scope and their history set to the entries
    /// after the instructions; returns the instructions followed by the history `body` left.
    nonisolated(nonsending) func withHistory(
        _ entries: [Transcript.Entry], _ body: nonisolated(nonsending) () async throws -> Void
    ) async throws -> [Transcript.Entry] {
        var head: [Transcript.Entry] = []
        var history = entries[...]
        if case .instructions(let instructions)? = entries.first {
            head = [.instructions(instructions)]
            history = entries.dropFirst()
        }
        let values = propertyValues
        let saved = values.history
        values.history = history
        defer { values.history = saved }
        try await SessionPropertyValues.$current.withValue(values) { try await body() }
        return head + Array(values.history)
    }
}
