import Foundation
@_spi(Serving) import FoundationModels
import Hummingbird
import NIOCore
import OpenAIWire

extension ChatServer {
    /// `POST /v1/chat/completions`: validate, wait for a turn, generate; the status is decided
    /// before the first byte (validation, queue and prompt errors are 4xx with OpenAI's body),
    /// then the answer streams as SSE or, without `stream`, as one JSON object.
    func chatCompletion(_ request: Request) async throws -> Response {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: configuration.maximumBodyBytes)
        } catch is NIOTooManyBytesError {
            throw OpenAIError.bodyTooLarge(limit: configuration.maximumBodyBytes)
        }
        let completion = try ChatCompletionRequest(bodyText: String(buffer: buffer))
        if let reason = configuration.unavailableModels[completion.model] {
            throw OpenAIError.modelUnavailable(completion.model, reason: reason)
        }
        guard configuration.serves(completion.model) else { throw OpenAIError.modelNotFound(completion.model) }
        let step = completion.executorRequest(defaultMaximumTokens: configuration.defaultMaximumTokens)

        do {
            try await queue.enter()
        } catch let error as OpenAIError {
            metrics.rejectedFull()
            throw error
        }
        let run = CompletionRun(runner: runner, request: step, stop: completion.stop, onEnd: { [queue] in queue.leave() })
        let cursor = EventCursor(run.events)
        // The first event (or failure) decides the status: prompt too long, a schema the decoder
        // cannot compile, an unloadable model all fail before any text.
        let first: CompletionEvent?
        do {
            first = try await cursor.nextOutput()
        } catch {
            run.cancel()
            throw Self.openAIError(for: error, completion: completion)
        }
        let response = ChatCompletionResponse(model: completion.model)
        if completion.stream {
            return Response(
                status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                body: ResponseBody { [self] writer in
                    try await streamEvents(
                        first: first, cursor: cursor, run: run, response: response,
                        includeUsage: completion.includeUsage, completion: completion, writer: &writer)
                })
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: ResponseBody { [self] writer in
                try await writeWhole(first: first, cursor: cursor, run: run, response: response, completion: completion, writer: &writer)
            })
    }

    /// Streams a completion as server-sent events: a first chunk with the role, a chunk per
    /// piece of thinking (`delta.reasoning_content`), text or tool-call fragment, a last chunk with the finish reason, the usage chunk
    /// when asked, and `data: [DONE]`. A failed write (the client left) cancels the generation.
    func streamEvents(
        first: CompletionEvent?, cursor: EventCursor, run: CompletionRun, response: ChatCompletionResponse,
        includeUsage: Bool, completion: ChatCompletionRequest, writer: inout any ResponseBodyWriter
    ) async throws {
        func send(_ data: Data = Data(), comment: Bool = false) async throws {
            // A comment line (ignored by SSE readers) when there is nothing to say: the write
            // fails once the client has gone.
            var buffer = ByteBuffer(string: comment ? ":\n\n" : "data: ")
            if !comment {
                buffer.writeBytes(data)
                buffer.writeString("\n\n")
            }
            do {
                try await writer.write(buffer)
            } catch {
                run.cancel()
                metrics.cancelledByClient()
                throw error
            }
        }
        try await send(response.chunk(delta: ChatCompletionMessage(role: "assistant", content: "")))
        var next = first
        do {
            while let event = next {
                if case .finished(let reason, let usage) = event {
                    metrics.completion(usage)
                    try await send(response.chunk(delta: ChatCompletionMessage(), finish: reason))
                    if includeUsage { try await send(response.usageChunk(usage)) }
                    break
                }
                if case .tick = event {
                    try await send(comment: true)
                } else if let delta = ChatCompletionResponse.delta(for: event) {
                    try await send(response.chunk(delta: delta))
                }
                next = try await cursor.next()
            }
        } catch let error where !(error is CancellationError) && !Task.isCancelled {
            // The status is sent; a failure mid-stream is an error event, as OpenAI sends it.
            let mapped = Self.openAIError(for: error, completion: completion)
            try await send(mapped.body)
        }
        var done = ByteBuffer(string: "data: [DONE]\n\n")
        try await writer.write(done)
        done.clear()
        try await writer.finish(nil)
    }

    /// Writes a whole completion once it is done. While it generates, a space is written every
    /// tick (JSON allows leading whitespace): that is how a client that left is noticed — the
    /// write fails — and its generation cancelled.
    func writeWhole(
        first: CompletionEvent?, cursor: EventCursor, run: CompletionRun, response: ChatCompletionResponse,
        completion: ChatCompletionRequest, writer: inout any ResponseBodyWriter
    ) async throws {
        var text = ""
        var reasoning = ""
        var calls: [ChatCompletionResponse.ToolCall] = []
        var next = first
        do {
            while let event = next {
                switch event {
                case .text(let piece): text += piece
                case .reasoning(let piece): reasoning += piece
                case .toolCall(let index, let id, let name, let arguments, let isFirst):
                    if isFirst { calls.append(.init(id: id, name: name, arguments: arguments)) } else { calls[index].arguments += arguments }
                case .finished(let reason, let usage):
                    metrics.completion(usage)
                    try await writer.write(
                        ByteBuffer(bytes: response.completion(text: text, reasoning: reasoning, toolCalls: calls, finish: reason, usage: usage)))
                    try await writer.finish(nil)
                    return
                case .tick:
                    do {
                        try await writer.write(ByteBuffer(string: " "))
                    } catch {
                        run.cancel()
                        metrics.cancelledByClient()
                        throw error
                    }
                }
                next = try await cursor.next()
            }
        } catch let error where !(error is CancellationError) && !Task.isCancelled {
            try await writer.write(ByteBuffer(bytes: Self.openAIError(for: error, completion: completion).body))
        }
        try await writer.finish(nil)
    }

    /// The OpenAI error for a failure of the model.
    static func openAIError(for error: any Error, completion: ChatCompletionRequest) -> OpenAIError {
        if let error = error as? OpenAIError { return error }
        if error is CancellationError {
            return OpenAIError(status: .init(code: 499), message: "The request was cancelled", type: "server_error")
        }
        if let error = error as? LanguageModelError {
            switch error {
            case .contextSizeExceeded(let details):
                return .invalidRequest(details.debugDescription, param: "messages", code: "context_length_exceeded")
            case .unsupportedGenerationGuide(let details):
                return .invalidRequest(details.debugDescription, param: schemaOrToolsParameter(of: completion))
            case .unsupportedCapability(let details):
                return .invalidRequest(details.debugDescription, param: details.capability == .toolCalling ? "tool_choice" : "messages")
            case .unsupportedTranscriptContent(let details):
                return .invalidRequest(details.debugDescription, param: "messages")
            case .rateLimited(let details):
                // A model behind this server (a remote one) was rate limited: so is the client.
                let seconds = details.resetDate.map { max(1, Int($0.timeIntervalSinceNow.rounded(.up))) }
                return OpenAIError(
                    status: .tooManyRequests, message: details.debugDescription, type: "rate_limit_error", code: "rate_limited",
                    retryAfter: seconds)
            case .timeout(let details):
                return OpenAIError(status: .gatewayTimeout, message: details.debugDescription, type: "server_error", code: "timeout")
            default:
                return .server(error.debugDescription)
            }
        }
        if let error = error as? SystemLanguageModel.Error { return .unavailable(error.debugDescription) }
        if let error = error as? GeneratedContent.ParsingError { return .server(error.debugDescription) }
        guard let legacy = LegacyGenerationFailure(error) else { return .server("\(error)") }
        // A third-party executor's 26.x `GenerationError`.
        switch legacy.kind {
        case .exceededContextWindowSize:
            return .invalidRequest(
                "The conversation does not fit the model's context: \(legacy.debugDescription)",
                param: "messages", code: "context_length_exceeded")
        case .unsupportedGuide:
            return .invalidRequest(legacy.debugDescription, param: schemaOrToolsParameter(of: completion))
        case .assetsUnavailable:
            return .unavailable(legacy.debugDescription)
        case .other:
            return .server(legacy.summary)
        }
    }
}

extension ChatServer {
    /// The request field a schema the decoder cannot enforce came from.
    static func schemaOrToolsParameter(of completion: ChatCompletionRequest) -> String {
        if case .jsonSchema = completion.responseFormat { "response_format.json_schema.schema" } else { "tools" }
    }
}

/// The reading end of a completion's events, handed from the route handler (which reads the
/// first event) to the response body (which reads the rest). `@unchecked Sendable`: it is used
/// by one task at a time, in that order.
final class EventCursor: @unchecked Sendable {
    private var iterator: AsyncThrowingStream<CompletionEvent, any Error>.AsyncIterator

    init(_ events: AsyncThrowingStream<CompletionEvent, any Error>) {
        iterator = events.makeAsyncIterator()
    }

    /// The next event, or `nil` after the last.
    func next() async throws -> CompletionEvent? {
        try await iterator.next()
    }

    /// The next event that is not a tick, or `nil` after the last.
    func nextOutput() async throws -> CompletionEvent? {
        while let event = try await iterator.next() {
            if case .tick = event { continue }
            return event
        }
        return nil
    }
}
