import Foundation
import FoundationModels

/// A model behind any OpenAI-compatible chat-completions endpoint — vLLM, llama-server,
/// Ollama, `fm serve`, a hosted API — as a `LanguageModel` (Apple 27.0's provider protocol), so
/// a `LanguageModelSession` uses it like the local model: text, streaming snapshots, guided
/// generation with `@Generable` types, tools, cancellation.
///
/// ```swift
/// import FoundationModels
/// import RemoteModels
///
/// let model = RemoteLanguageModel(baseURL: URL(string: "http://127.0.0.1:8080/v1")!, model: "qwen2.5-coder-0.5b")
/// let session = LanguageModelSession(model: model, instructions: "Answer briefly.")
/// let answer = try await session.respond(to: "Name a coffee drink.", generating: Drink.self)
/// ```
///
/// Each step of a response is one streamed `POST <baseURL>/chat/completions`: the transcript
/// as `messages`, the session's tools as `tools`, the schema as a strict `json_schema`
/// `response_format` (and, unless `schemaPresentation` says the server shows it, as text in the
/// prompt's message, so the model sees what it must answer). The session runs the tools; the server only generates. The response and
/// every tool call are checked against their schemas before the session accepts them (fail
/// closed: a server that does not enforce schemas gives `GeneratedContent.ParsingError`, never a
/// value that breaks the schema). HTTP failures become 27.0's errors (`LanguageModelError`,
/// `SystemLanguageModel.Error.assetsUnavailable`): see `Executor.respond(to:model:streamingInto:)`.
public struct RemoteLanguageModel: LanguageModel {
    /// The API's base URL, the part before `/chat/completions` (`http://host:8080/v1`).
    public var baseURL: URL
    /// The model's name on the server (`model` in each request).
    public var modelName: String
    /// The API key, sent as `Authorization: Bearer <key>`; `nil` sends none.
    public var apiKey: String?
    /// The longest one step of a response may take, from sending the request to the last byte
    /// of the answer.
    public var timeout: Duration
    /// Who shows a structured response's schema to the model when the request asks for it
    /// (`includeSchemaInPrompt`, true by default): the messages (`.inMessages`, the default) or
    /// the server alone (`.byServer`).
    public var schemaPresentation: SchemaPresentation

    /// Who shows the model the schema of a structured response.
    ///
    /// The schema always travels in `response_format`, where the server enforces it. Whether the
    /// model also *sees* it depends on the server: llama-server and vLLM compile it into a
    /// grammar and never show it, so a model there learns of `@Guide` descriptions, ranges and
    /// the property order only from the messages; OpenAI's API shows it to the model itself.
    public enum SchemaPresentation: Hashable, Sendable {
        /// The schema's text goes before the words of the prompt that asked for it, in its
        /// `user` message, as the local model writes it (a TypeScript type with the guides as
        /// comments). `fm serve` recognizes the text and does not show it twice.
        case inMessages
        /// Only in `response_format`: for servers that show the schema to the model themselves.
        case byServer
    }

    /// The model `model` at `baseURL` (e.g. `http://127.0.0.1:8080/v1`). Nothing is sent until
    /// the first request.
    ///
    /// - Parameters:
    ///   - baseURL: The API's base URL, the part before `/chat/completions`.
    ///   - model: The model's name on the server.
    ///   - apiKey: Sent as `Authorization: Bearer <key>` when not `nil`.
    ///   - timeout: The longest one step may take, response included (10 minutes by default).
    ///   - schemaPresentation: Who shows a structured response's schema to the model (the
    ///     messages by default; `.byServer` for servers that show it themselves).
    public init(
        baseURL: URL, model: String, apiKey: String? = nil, timeout: Duration = .seconds(600),
        schemaPresentation: SchemaPresentation = .inMessages
    ) {
        self.baseURL = baseURL
        self.modelName = model
        self.apiKey = apiKey
        self.timeout = timeout
        self.schemaPresentation = schemaPresentation
    }

    /// Guided generation and tool calling (the server's support is checked, not assumed: see
    /// the type's description).
    public var capabilities: LanguageModelCapabilities { LanguageModelCapabilities([.guidedGeneration, .toolCalling]) }

    /// The executor's configuration: where, which model, which key, how long.
    public var executorConfiguration: Executor.Configuration {
        Executor.Configuration(
            baseURL: baseURL, modelName: modelName, apiKey: apiKey, timeout: timeout, schemaPresentation: schemaPresentation)
    }
}
