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
    }

    /// A completed turn.
    struct TurnResult: Sendable {
        /// The response's content.
        var rawContent: GeneratedContent
        /// The turn's entries, from the prompt to the response, indexed as in the transcript.
        var entries: ArraySlice<Transcript.Entry>
    }

    /// Marks the session as responding.
    ///
    /// - Throws: `GenerationError.concurrentRequests` when a request is already running.
    func beginRequest() throws {
        guard !state.withLock({ $0.isResponding }) else { throw Self.concurrentRequestsError() }
        var began = false
        registrar.withMutation(of: self, keyPath: \.isResponding) {
            began = state.withLock { state in
                guard !state.isResponding else { return false }
                state.isResponding = true
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

    /// The error of a request that overlaps another.
    static func concurrentRequestsError() -> GenerationError {
        .concurrentRequests(
            .init(
                debugDescription:
                    "The session is still responding to an earlier request; wait until isResponding is false, or use another session."))
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
        onSnapshot: ((GeneratedContent) -> Void)?
    ) async throws -> TurnResult {
        defer { endRequest() }
        try Task.checkCancellation()
        try checkGuides(of: turn)

        var entries = Array(state.withLock { $0.transcript })
        let start = entries.count
        entries.append(
            .prompt(
                Transcript.Prompt(
                    segments: turn.prompt.segments.map(\.transcriptSegment),
                    options: turn.options,
                    responseFormat: turn.responseFormat
                )))
        let requestID = UUID()
        while true {
            let request = LanguageModelExecutorGenerationRequest(
                id: requestID,
                transcript: Transcript(entries: entries),
                enabledTools: toolDefinitions,
                schema: turn.schema,
                generationOptions: turn.options,
                contextOptions: ContextOptions(includeSchemaInPrompt: turn.schema == nil ? nil : turn.includeSchemaInPrompt),
                metadata: [:]
            )
            let step: GenerationStep
            do {
                step = try await generateStep(request, schema: turn.schema, onSnapshot: onSnapshot)
            } catch GenerationError.refusal(var refusal, let context) {
                // The refusal can explain itself with the model that refused, in this conversation.
                if refusal.transcriptEntries.isEmpty { refusal = GenerationError.Refusal(transcriptEntries: entries) }
                refusal.connection = connection
                throw GenerationError.refusal(refusal, context)
            }
            if !step.toolCalls.isEmpty {
                let calls = try toolCallsEntry(for: step)
                entries.append(.toolCalls(calls))
                entries += try await runTools(calls).map(Transcript.Entry.toolOutput)
                continue
            }
            let content = try finalContent(of: step, schema: turn.schema)
            try validate(content)
            entries.append(.response(responseEntry(for: step, content: content, format: turn.responseFormat)))
            let transcript = Transcript(entries: entries)
            registrar.withMutation(of: self, keyPath: \.transcript) {
                state.withLock { $0.transcript = transcript }
            }
            return TurnResult(rawContent: content, entries: entries[start...])
        }
    }

    /// Throws `unsupportedGuide` when the response's schema or a tool's parameters hold a guide
    /// that cannot be enforced.
    private func checkGuides(of turn: TurnRequest) throws {
        if let schema = turn.schema, let problem = schema.unsupportedGuides.first {
            throw GenerationError.unsupportedGuide(.init(debugDescription: problem))
        }
        for definition in toolDefinitions {
            if let problem = definition.parameters.unsupportedGuides.first {
                throw GenerationError.unsupportedGuide(.init(debugDescription: "In the parameters of the tool \(definition.name): \(problem)"))
            }
        }
    }

    /// Asks the model for one step and folds its events, reporting the response text's growth.
    private nonisolated(nonsending) func generateStep(
        _ request: LanguageModelExecutorGenerationRequest,
        schema: GenerationSchema?,
        onSnapshot: ((GeneratedContent) -> Void)?
    ) async throws -> GenerationStep {
        let channel = LanguageModelExecutorGenerationChannel()
        let connection = connection
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
                    if let snapshot { onSnapshot(snapshot) }
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
    /// - Throws: `GenerationError.decodingFailure` when a structured response is not JSON or
    ///   was cut off.
    private func finalContent(of step: GenerationStep, schema: GenerationSchema?) throws -> GeneratedContent {
        let text = step.text
        guard schema != nil else { return GeneratedContent(kind: .string(text)) }
        let excerpt = text.count > 200 ? String(text.prefix(200)) + "…" : text
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw GenerationError.decodingFailure(.init(debugDescription: "The structured response is not JSON (\(error)): \(excerpt)"))
        }
        guard content.isComplete else {
            throw GenerationError.decodingFailure(
                .init(
                    debugDescription:
                        "The structured response ended before its JSON was complete (a maximumResponseTokens limit?): \(excerpt)"))
        }
        return content
    }

    /// The response entry of a finished step.
    private func responseEntry(for step: GenerationStep, content: GeneratedContent, format: Transcript.ResponseFormat?) -> Transcript.Response {
        let segments: [Transcript.Segment]
        if let format {
            let id = step.segments.first?.id ?? UUID().uuidString
            segments = [.structure(Transcript.StructuredSegment(id: id, source: format.name, content: content))]
        } else {
            segments = step.segments.map { .text(Transcript.TextSegment(id: $0.id ?? UUID().uuidString, content: $0.text)) }
        }
        return Transcript.Response(id: step.responseEntryID ?? UUID().uuidString, assetIDs: connection.assetIDs(), segments: segments)
    }
}
