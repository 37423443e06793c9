import AsyncHTTPClient
import Foundation
import FoundationModels

extension RemoteLanguageModel {
    /// Runs a remote model's steps over HTTP: one streamed chat completion per step.
    ///
    /// Executors are created once per configuration and shared by every session using it; they
    /// hold no connection of their own (the process-wide `RemoteHTTPClient` pools them), so
    /// there is nothing to shut down.
    public struct Executor: LanguageModelExecutor {
        /// The model the executor runs.
        public typealias Model = RemoteLanguageModel

        /// Where the model is, which one, with which key, and how long a step may take.
        public struct Configuration: Hashable, Sendable {
            /// The API's base URL, the part before `/chat/completions`.
            public var baseURL: URL
            /// The model's name on the server.
            public var modelName: String
            /// Sent as `Authorization: Bearer <key>` when not `nil`.
            public var apiKey: String?
            /// The longest one step may take, response included.
            public var timeout: Duration
            /// Who shows a structured response's schema to the model.
            public var schemaPresentation: RemoteLanguageModel.SchemaPresentation

            /// Creates a configuration.
            public init(
                baseURL: URL, modelName: String, apiKey: String? = nil, timeout: Duration = .seconds(600),
                schemaPresentation: RemoteLanguageModel.SchemaPresentation = .inMessages
            ) {
                self.baseURL = baseURL
                self.modelName = modelName
                self.apiKey = apiKey
                self.timeout = timeout
                self.schemaPresentation = schemaPresentation
            }
        }

        /// The configuration.
        public let configuration: Configuration
        /// The HTTP side.
        let transport: ChatCompletionsTransport

        /// Creates the executor (cheap: nothing is sent until the first request).
        public init(configuration: Configuration) {
            self.configuration = configuration
            transport = ChatCompletionsTransport(
                client: RemoteHTTPClient.shared, endpoint: configuration.baseURL.appendingPathComponent("chat/completions").absoluteString,
                apiKey: configuration.apiKey, timeout: configuration.timeout)
        }

        /// Generates one step of a response: posts the request with `stream: true`, sends the
        /// text into `channel` as it arrives, and — once the stream ends and the response has
        /// passed its checks — the tool calls and the usage.
        ///
        /// - Throws:
        ///   - `LanguageModelError.contextSizeExceeded` when the server says the conversation is
        ///     too long (`context_length_exceeded`, HTTP 413), with its context size and token
        ///     count when it gave them;
        ///   - `LanguageModelError.rateLimited` for HTTP 429, `resetDate` from `Retry-After`;
        ///   - `LanguageModelError.timeout` when the response did not finish within `timeout`;
        ///   - `LanguageModelError.unsupportedGenerationGuide` when the server refuses the schema
        ///     or the tools (4xx with `param` in `response_format` or `tools`);
        ///   - `LanguageModelError.guardrailViolation` when the server's content filter stopped
        ///     the response, `LanguageModelError.refusal` when the model refused (OpenAI's
        ///     `refusal`, which is its explanation);
        ///   - `GeneratedContent.ParsingError` when a step that must call a tool is answered
        ///     with text twice — as asked, then with the call's JSON as the response format (a
        ///     server that honours neither);
        ///   - `GeneratedContent.ParsingError` when the response does not follow
        ///     `request.schema`, or a tool call's arguments do not follow its tool's parameters
        ///     (the server may not enforce them), or the server refused the request (4xx) for
        ///     another reason;
        ///   - `SystemLanguageModel.Error.assetsUnavailable` for HTTP 401/403 (key), 404 (model or URL),
        ///     408, 5xx, no connection, or a stream that ends early.
        ///
        ///   Messages include the HTTP status and the server's error message. A cancelled task
        ///   throws `CancellationError` and drops the connection.
        public nonisolated(nonsending) func respond(
            to request: LanguageModelExecutorGenerationRequest, model: RemoteLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            let schemaInMessages = configuration.schemaPresentation == .inMessages
            let body = try ChatRequestBody(request, modelName: configuration.modelName, schemaInMessages: schemaInMessages)
            let reader = try await step(body, request: request, channel: channel)
            do {
                try await reader.finish(into: channel)
            } catch let error where reader.answeredTextInsteadOfRequiredCall {
                // The server did not honour tool_choice (llama-server with a model that wrote
                // no call markup): ask once more with the call's JSON as the response format,
                // which such servers enforce. Nothing of the first answer reached the session.
                let again = try ChatRequestBody(
                    request, modelName: configuration.modelName, schemaInMessages: schemaInMessages, callAsContent: true)
                guard again.asksForCallAsContent else { throw error }
                try await step(again, request: request, channel: channel).finish(into: channel)
            }
        }

        /// Posts `body` and reads its stream, up to the checks of `finish`.
        private nonisolated(nonsending) func step(
            _ body: ChatRequestBody, request: LanguageModelExecutorGenerationRequest, channel: LanguageModelExecutorGenerationChannel
        ) async throws -> ChatStreamReader {
            try Task.checkCancellation()
            let response = try await transport.post(body.json)
            var reader = ChatStreamReader(request: request, body: body, endpoint: transport.endpoint)
            try await transport.read(response, into: &reader, channel: channel)
            try Task.checkCancellation()
            return reader
        }
    }
}
