import Foundation
package import LocalInference
internal import StructuredDecoding
import Synchronization

/// The local GGUF model behind `SystemLanguageModel` (with the settings `SystemModelEnvironment`
/// reads, or those an executable passes as a value) and `GGUFLanguageModel`: loaded on first use
/// and shared by every session, answering with the engine and the constrained decoder. Both models' executors call this one object's
/// `respond(to:streamingInto:)`: one route from the 27.0 seam to the token loop.
///
/// Availability only checks the file's header (no weights are read): `.available` when the file
/// is present and its architecture and tokenizer are supported, else `.unavailable(.modelNotReady)`.
///
/// SPI: its executor members are visible only to
/// `@_spi(LocalEngine) import FoundationModels` — the `LocalModels` module's `GGUFLanguageModel`,
/// our addition, runs on it without adding a name to Apple's API.
@_spi(LocalEngine)
public final class LocalModelBackend: SystemLanguageModelBackend {
    /// The file, the context size, the KV cache's type and the prompt cache: what the engine
    /// loads the model with.
    package let settings: LocalModelSettings
    /// Why the settings cannot be used (a variable of the environment naming no valid value),
    /// reported as the model's unavailability.
    let misconfiguration: LocalModelError?
    /// How requests that leave the sampling mode out are sampled (asked at every request).
    let unsetSampling: @Sendable () -> UnsetSampling
    /// The model file.
    var location: ModelLocation { settings.location }
    /// Positions of each session's context: as configured, else `LocalModel.defaultContextSize`
    /// (before the model is loaded, a model trained for fewer positions is not yet known to
    /// lower it).
    var contextSize: Int { settings.contextSize ?? LocalModel.defaultContextSize }
    /// The status once the file was found ready (a ready file stays ready).
    private let readiness = Mutex<ModelLocation.Status?>(nil)

    /// The backend of the model `settings` describe; `misconfiguration` makes it unavailable.
    init(
        settings: LocalModelSettings, misconfiguration: LocalModelError? = nil,
        unsetSampling: @escaping @Sendable () -> UnsetSampling = { .standard }
    ) {
        self.settings = settings
        self.misconfiguration = misconfiguration
        self.unsetSampling = unsetSampling
    }

    /// The backend of the model `settings` describe, sampling requests that leave the sampling
    /// mode out as `unsetSampling` says: the settings an executable built from its command line
    /// (and its environment), passed down as a value.
    package convenience init(settings: LocalModelSettings, unsetSampling: UnsetSampling) {
        self.init(settings: settings, misconfiguration: nil, unsetSampling: { unsetSampling })
    }

    /// The backend of the model at `location` with contexts of `contextSize` positions.
    convenience init(location: ModelLocation, contextSize: Int? = nil) {
        self.init(settings: LocalModelSettings(location: location, contextSize: contextSize))
    }

    /// What `location.check()` says, remembered once ready.
    var status: ModelLocation.Status {
        if let misconfiguration { return .unsupported(misconfiguration.description) }
        if let known = readiness.withLock({ $0 }) { return known }
        let status = location.check()
        if status == .ready { readiness.withLock { $0 = status } }
        return status
    }

    var availability: SystemLanguageModel.Availability {
        status == .ready ? .available : .unavailable(.modelNotReady)
    }

    /// Why the file cannot be run here, or `nil` when it can (the file's header only is read).
    public var unavailabilityMessage: String? {
        switch status {
        case .ready: nil
        case .missing(let message), .unsupported(let message): message
        }
    }

    var assetIDs: [String] { [URL(fileURLWithPath: location.path).lastPathComponent] }

    /// The languages the catalog models answer in (Qwen2.5 and Gemma 3 are multilingual); a GGUF
    /// file's metadata does not say, so other files are assumed to answer in the same ones.
    var supportedLanguages: Set<Locale.Language> {
        Set(["en", "zh", "fr", "es", "de", "it", "pt", "ja", "ko", "ru"].map { Locale.Language(identifier: $0) })
    }

    /// The loaded model.
    ///
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` naming why it cannot be loaded.
    func model() throws -> LocalModel {
        do throws(LocalModelError) {
            if let misconfiguration { throw misconfiguration }
            return try LocalModel.shared(settings: settings)
        } catch {
            throw SystemLanguageModel.Error.unavailable(error.description)
        }
    }

    func tokenCount(for input: TokenCountInput) async throws -> Int {
        let model = try model()
        func count(_ messages: [ChatMessage], tools: [ChatTool] = []) throws -> Int {
            try Self.mapped { try model.renderer.tokens(for: ChatPrompt(messages: messages, tools: tools, addGenerationPrompt: false)).count }
        }
        switch input {
        case .prompt(let prompt):
            return try count([ChatMessage(role: .user, content: Transcript.text(of: prompt.segments.map(\.transcriptSegment)))])
        case .instructions(let instructions):
            return try count([ChatMessage(role: .system, content: Transcript.text(of: instructions.segments.map(\.transcriptSegment)))])
        case .tools(let definitions):
            let base = [ChatMessage(role: .system, content: "")]
            return try max(0, count(base, tools: definitions.map(\.chatTool)) - count(base))
        case .schema(let schema):
            return model.tokenizer.encode(SchemaPromptText.text(for: schema), addSpecialTokens: false).count
        case .entries(let entries, let useCase):
            let transcript = Transcript(entries: entries)
            let tools: [Transcript.ToolDefinition] = entries.flatMap { entry -> [Transcript.ToolDefinition] in
                if case .instructions(let i) = entry { i.toolDefinitions } else { [] }
            }
            let messages = ContentTagging.messages(transcript.chatMessages(includeSchemaInLastPrompt: true), useCase: useCase)
            return try count(messages, tools: tools.map(\.chatTool))
        }
    }

    func prewarm(model: SystemLanguageModel, transcript: Transcript) {
        prewarm(transcript: transcript, useCase: model.useCase)
    }

    /// Prefills what the next request of `transcript`'s conversation will start with —
    /// instructions and tool definitions, earlier turns, and a prompt prefix when the transcript
    /// ends with one — in the background, so that request only computes what follows. Does
    /// nothing when the file cannot be run.
    public func prewarm(transcript: Transcript) {
        prewarm(transcript: transcript, useCase: .general)
    }

    /// `prewarm(transcript:)` for a system model of `useCase` (whose prompts a use case may
    /// change: `ContentTagging`).
    func prewarm(transcript: Transcript, useCase: SystemLanguageModel.UseCase) {
        guard unavailabilityMessage == nil else { return }
        let backend = self
        Thread.detachNewThread {
            guard let local = try? backend.model(), !transcript.isEmpty else { return }
            let tools: [Transcript.ToolDefinition] = transcript.flatMap { entry -> [Transcript.ToolDefinition] in
                if case .instructions(let i) = entry { i.toolDefinitions } else { [] }
            }
            let prompt = ChatPrompt(
                messages: ContentTagging.messages(transcript.chatMessages(includeSchemaInLastPrompt: false), useCase: useCase),
                tools: tools.map(\.chatTool), addGenerationPrompt: false)
            guard let tokens = try? local.renderer.prefixTokens(for: prompt) else { return }
            try? local.prefill(tokens)
        }
    }

    func respond(
        to request: LanguageModelExecutorGenerationRequest,
        model: SystemLanguageModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        try await respond(to: request, useCase: model.useCase, streamingInto: channel)
    }

    /// Generates one step of a response (whichever `LanguageModel` asked), as a
    /// `LanguageModelExecutor` does: renders the request's transcript, generates (constrained to
    /// `request.schema` when there is one) and streams response text or tool calls into the channel.
    ///
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` when the file is missing or cannot be run
    ///   (the message names why), `LanguageModelError.contextSizeExceeded`, or what the
    ///   constraint and the engine report.
    public func respond(
        to request: LanguageModelExecutorGenerationRequest, streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        try await respond(to: request, useCase: .general, streamingInto: channel)
    }

    /// `respond(to:streamingInto:)` for a system model of `useCase` (`ContentTagging`).
    func respond(
        to request: LanguageModelExecutorGenerationRequest, useCase: SystemLanguageModel.UseCase,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        if let message = unavailabilityMessage {
            throw SystemLanguageModel.Error.unavailable(message)
        }
        let local = try self.model()
        let generation = try LocalRequestBuilder(model: local, unsetSampling: unsetSampling(), useCase: useCase).request(for: request)
        let outcome: GenerationOutcome
        do {
            outcome = try await local.generate(generation) { event in
                switch event {
                case .text(let text, let tokens) where !text.isEmpty:
                    channel.continuation.yield(.response(action: .appendText(text, tokenCount: tokens)))
                case .reasoning(let text, let tokens) where !text.isEmpty:
                    // A thinking model's thoughts: the step's reasoning entry, never response text.
                    channel.continuation.yield(.reasoning(action: .appendText(text, tokenCount: tokens)))
                case .prefilled(let total, let reused):
                    // The prompt's counts as soon as they are known: a reader that stops early
                    // (a stop sequence) still reports them.
                    channel.continuation.yield(
                        .response(
                            action: .updateUsage(
                                input: .init(totalTokenCount: total, cachedTokenCount: reused),
                                output: .init(totalTokenCount: 0, reasoningTokenCount: 0))))
                default:
                    break
                }
            }
        } catch let error as TokenLoopError {
            throw Self.mapped(error)
        }
        for (index, call) in outcome.toolCalls.enumerated() {
            let (name, arguments) = try Self.parseToolCall(call)
            await channel.send(
                .toolCalls(
                    action: .toolCall(
                        id: "call-\(request.id.uuidString.prefix(8))-\(index)", name: name,
                        action: .appendArguments(arguments, tokenCount: 0))))
        }
        let input = LanguageModelExecutorGenerationChannel.Usage.Input(
            totalTokenCount: generation.prompt.count, cachedTokenCount: outcome.reusedPromptTokens)
        let output = LanguageModelExecutorGenerationChannel.Usage.Output(
            totalTokenCount: outcome.tokens.count, reasoningTokenCount: outcome.reasoningTokens)
        await channel.send(.response(action: .updateUsage(input: input, output: output)))
    }

    /// A tool call's JSON split into the tool's name and its arguments' JSON.
    static func parseToolCall(_ json: String) throws -> (name: String, arguments: String) {
        guard let content = try? GeneratedContent(json: json), content.isComplete,
            case .structure(let properties, _) = content.kind,
            case .string(let name)? = properties["name"]?.kind, let arguments = properties["arguments"]
        else {
            throw GeneratedContent.ParsingError(rawContent: json, debugDescription: "The model's tool call is not complete JSON: \(json)")
        }
        return (name, arguments.jsonString)
    }

    /// The session's error for a generation failure.
    static func mapped(_ error: TokenLoopError) -> any Swift.Error {
        switch error {
        case let .promptTooLong(tokens, capacity), let .contextFull(tokens, capacity):
            LanguageModelError.contextSizeExceeded(
                .init(contextSize: capacity, tokenCount: tokens, debugDescription: "The conversation does not fit the model's context: \(error)"))
        case .noAllowedToken:
            GeneratedContent.ParsingError(rawContent: "", debugDescription: "The constraint cornered generation: \(error)")
        case .engine(let message):
            SystemLanguageModel.Error.unavailable("The engine failed: \(message)")
        }
    }

    /// Runs `body`, turning a template failure into `SystemLanguageModel.Error.assetsUnavailable`.
    static func mapped<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LocalModelError {
            throw SystemLanguageModel.Error.unavailable(error.description)
        }
    }
}
