import Foundation

extension LanguageModelSession {
    /// What one request asks for.
    struct TurnRequest: Sendable {
        /// What the user asked.
        var prompt: Prompt
        /// The schema the response must follow, or `nil` for text.
        var schema: GenerationSchema?
        /// The response format recorded with the prompt (`nil` for text).
        var responseFormat: Transcript.ResponseFormat?
        /// Whether the schema is shown to the model.
        var includeSchemaInPrompt: Bool
        /// Sampling, temperature and length limit.
        var options: GenerationOptions
        /// The reasoning level and schema display asked for (`includeSchemaInPrompt` wins
        /// over its own field).
        var contextOptions = ContextOptions()
        /// Values the caller attached to the prompt, passed to the executor.
        var metadata: [String: any Sendable & Codable & Equatable] = [:]
    }

    /// A completed turn.
    struct TurnResult: Sendable {
        /// The response's content.
        var rawContent: GeneratedContent
        /// The turn's entries, from the prompt to the response, indexed as in the transcript.
        var entries: ArraySlice<Transcript.Entry>
        /// The tokens the turn read and generated, over all its steps.
        var usage: Usage = .zero
    }

    /// Marks the session as responding.
    ///
    /// - Throws: `LanguageModelSession.Error.concurrentRequests` when a request is already running.
    func beginRequest() throws {
        guard !state.withLock({ $0.isResponding }) else { throw Self.concurrentRequestsError() }
        var began = false
        registrar.withMutation(of: self, keyPath: \.isResponding) {
            began = state.withLock { state in
                guard !state.isResponding else { return false }
                state.isResponding = true
                state.transcriptMutatedWhileResponding = false
                return true
            }
        }
        guard began else { throw Self.concurrentRequestsError() }
    }

    /// Marks the session as no longer responding.
    func endRequest() {
        registrar.withMutation(of: self, keyPath: \.isResponding) {
            state.withLock { $0.isResponding = false }
        }
    }

    /// The error of a request that overlaps another (27.0: `LanguageModelSession.Error`, which
    /// replaces the deprecated `GenerationError.concurrentRequests`).
    static func concurrentRequestsError() -> LanguageModelSession.Error {
        .concurrentRequests
    }

    /// Runs a turn of a request already begun (`beginRequest`), then ends the request: asks the
    /// model, runs the tools it calls and asks again until it answers, checks the answer with
    /// `validate`, and commits the turn's entries to the transcript. `onSnapshot`, if given,
    /// sees the response's content each time it grows (partial JSON is only parsed for it).
    ///
    /// On failure or cancellation nothing is committed.
    nonisolated(nonsending) func runTurn(
        _ turn: TurnRequest,
        validate: (GeneratedContent) throws -> Void,
        onSnapshot: ((GeneratedContent) -> Void)?,
        onProgress: ((ArraySlice<Transcript.Entry>, Usage) -> Void)? = nil
    ) async throws -> TurnResult {
        defer { endRequest() }
        try Task.checkCancellation()
        var plan = stepPlan()
        try checkGuides(of: turn, tools: plan.toolDefinitions)

        var entries = Array(state.withLock { $0.transcript })
        var contextOptions = turn.contextOptions
        contextOptions.includeSchemaInPrompt = turn.schema == nil ? nil : turn.includeSchemaInPrompt
        let promptEntry = Transcript.Prompt(
            metadata: turn.metadata,
            segments: turn.prompt.segments.map(\.transcriptSegment),
            options: turn.options,
            responseFormat: turn.responseFormat,
            contextOptions: turn.contextOptions
        )
        entries.append(.prompt(promptEntry))
        if let resolved = plan.profile {
            entries = try await runActivationHooks(of: plan, entries: entries)
            entries = try await runHooks(resolved.onPrompt, with: promptEntry, entries: entries)
        }
        let requestID = UUID()
        var usage = Usage.zero
        do {
            while true {
                if profile != nil {
                    plan = stepPlan()
                    entries = try await runActivationHooks(of: plan, entries: entries)
                    entries = Self.entries(history: entries, instructions: plan.profile?.instructions ?? ResolvedInstructions())
                }
                if let onProgress {
                    let start = entries.firstIndex { $0.id == promptEntry.id } ?? entries.index(before: entries.endIndex)
                    onProgress(entries[start...], usage)
                }
                let request = LanguageModelExecutorGenerationRequest(
                    id: requestID,
                    transcript: Transcript(entries: plan.visibleEntries(entries)),
                    enabledTools: plan.toolDefinitions,
                    schema: turn.schema,
                    generationOptions: plan.profile?.applied(to: turn.options) ?? turn.options,
                    contextOptions: plan.profile?.applied(to: contextOptions) ?? contextOptions,
                    metadata: turn.metadata
                )
                let step: GenerationStep
                do {
                    step = try await generateStep(request, connection: plan.connection, schema: turn.schema, onSnapshot: onSnapshot)
                } catch let error as any ConversationAttachingError {
                    // A 26.x refusal can explain itself with the model that refused, in this conversation.
                    throw error.attaching(entries: entries, connection: plan.connection)
                }
                if let report = step.usage { usage = usage.adding(Usage(report)) }
                if let reasoning = step.reasoningEntry {
                    entries.append(.reasoning(reasoning))
                    entries = try await runHooks(plan.profile?.onReasoning ?? [], with: reasoning, entries: entries)
                }
                if !step.toolCalls.isEmpty {
                    let calls = try toolCallsEntry(for: step, in: plan)
                    entries.append(.toolCalls(calls))
                    for call in calls {
                        entries = try await runHooks(plan.profile?.onToolCall ?? [], with: call, entries: entries)
                    }
                    let outputs = try await SessionPropertyValues.$current.withValue(propertyValues) {
                        try await runTools(calls, in: plan)
                    }
                    entries += outputs.map(Transcript.Entry.toolOutput)
                    for (call, output) in zip(calls, outputs) {
                        for hook in plan.profile?.onToolOutput ?? [] {
                            entries = try await withHistory(entries) { try await hook(call, output) }
                        }
                    }
                    continue
                }
                let content = try finalContent(of: step, schema: turn.schema)
                try validate(content)
                let response = responseEntry(for: step, content: content, format: turn.responseFormat, connection: plan.connection)
                entries.append(.response(response))
                entries = try await runHooks(plan.profile?.onResponse ?? [], with: response, entries: entries)
                let transcript = Transcript(entries: entries)
                var mutated = false
                registrar.withMutation(of: self, keyPath: \.transcript) {
                    mutated = state.withLock { state in
                        guard !state.transcriptMutatedWhileResponding else { return true }
                        state.transcript = transcript
                        return false
                    }
                }
                if mutated { throw LanguageModelSession.Error.transcriptMutationWhileResponding }
                propertyValues.history = transcript.history
                record(usage)
                let start = entries.firstIndex { $0.id == promptEntry.id } ?? entries.index(before: entries.endIndex)
                return TurnResult(rawContent: content, entries: entries[start...], usage: usage)
            }
        } catch {
            preserveIfAsked(entries, policy: plan.profile?.transcriptErrorHandlingPolicy)
            throw error
        }
    }

    /// Commits the entries of a failed turn when the policy is `.preserveTranscript` (the
    /// profile's, else the session's); the default reverts.
    private func preserveIfAsked(_ entries: [Transcript.Entry], policy profilePolicy: TranscriptErrorHandlingPolicy??) {
        let policy = profilePolicy ?? state.withLock { $0.transcriptErrorHandlingPolicy }
        guard policy?.kind == .preserve else { return }
        let transcript = Transcript(entries: entries)
        registrar.withMutation(of: self, keyPath: \.transcript) {
            state.withLock { state in
                if !state.transcriptMutatedWhileResponding { state.transcript = transcript }
            }
        }
        propertyValues.history = transcript.history
    }

    /// Throws `LanguageModelError.unsupportedGenerationGuide` when the response's schema or a
    /// tool's parameters hold a guide that cannot be enforced.
    private func checkGuides(of turn: TurnRequest, tools: [Transcript.ToolDefinition]) throws {
        if let schema = turn.schema, let problem = schema.unsupportedGuides.first {
            throw LanguageModelError.unsupportedGenerationGuide(
                .init(schemaName: schema.name.isEmpty ? nil : schema.name, debugDescription: problem))
        }
        for definition in tools {
            if let problem = definition.parameters.unsupportedGuides.first {
                throw LanguageModelError.unsupportedGenerationGuide(
                    .init(
                        schemaName: definition.parameters.name.isEmpty ? nil : definition.parameters.name,
                        debugDescription: "In the parameters of the tool \(definition.name): \(problem)"))
            }
        }
    }

    /// Asks the model for one step and folds its events, reporting the response text's growth.
    private nonisolated(nonsending) func generateStep(
        _ request: LanguageModelExecutorGenerationRequest,
        connection: ModelConnection,
        schema: GenerationSchema?,
        onSnapshot: ((GeneratedContent) -> Void)?
    ) async throws -> GenerationStep {
        let channel = LanguageModelExecutorGenerationChannel()
        do {
            let step = try await withThrowingTaskGroup(of: Void.self, returning: GenerationStep.self) { group in
                group.addTask {
                    do {
                        try await connection.respond(request, channel)
                        channel.finish()
                    } catch {
                        channel.finish(throwing: error)
                    }
                }
                var step = GenerationStep()
                var streaming = StreamingJSONSnapshot()
                for try await event in channel {
                    guard step.apply(event), let onSnapshot else { continue }
                    let snapshot = schema == nil ? GeneratedContent(kind: .string(step.text)) : streaming.snapshot(of: step.text)
                    guard let snapshot else { continue }
                    onSnapshot(snapshot)
                    // Let a reader this published to run before the next event is folded: when
                    // the channel holds several events (a busy machine, a network read of many
                    // chunks), folding them all first would show the reader only the last.
                    await Task.yield()
                }
                try await group.waitForAll()
                return step
            }
            try Task.checkCancellation()
            return step
        } catch {
            if Task.isCancelled { throw CancellationError() }
            throw error
        }
    }

    /// The content of a finished response: its text, or the JSON it holds.
    ///
    /// - Throws: `GeneratedContent.ParsingError` when a structured response is not JSON or
    ///   was cut off.
    private func finalContent(of step: GenerationStep, schema: GenerationSchema?) throws -> GeneratedContent {
        let text = step.text
        guard schema != nil else { return GeneratedContent(kind: .string(text)) }
        let excerpt = text.count > 200 ? String(text.prefix(200)) + "…" : text
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw GeneratedContent.ParsingError(
                rawContent: text, underlyingError: error, debugDescription: "The structured response is not JSON (\(error)): \(excerpt)")
        }
        guard content.isComplete else {
            throw GeneratedContent.ParsingError(
                rawContent: text,
                debugDescription: "The structured response ended before its JSON was complete (a maximumResponseTokens limit?): \(excerpt)")
        }
        return content
    }

    /// The response entry of a finished step.
    private func responseEntry(
        for step: GenerationStep, content: GeneratedContent, format: Transcript.ResponseFormat?, connection: ModelConnection
    ) -> Transcript.Response {
        let segments: [Transcript.Segment]
        if let format {
            let id = step.segments.first?.id ?? UUID().uuidString
            segments = [.structure(Transcript.StructuredSegment(id: id, schemaName: format.name, content: content))]
        } else {
            segments = step.segments.map { .text(Transcript.TextSegment(id: $0.id ?? UUID().uuidString, content: $0.text)) }
        }
        var response = Transcript.Response(
            id: step.responseEntryID ?? UUID().uuidString, assetIDs: connection.assetIDs(), segments: segments + step.extraSegments)
        response.storedMetadata = step.responseMetadata
        return response
    }
}
