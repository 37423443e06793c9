import AsyncHTTPClient
import FoundationModels
import NIOCore
import OpenAIWire

/// The HTTP side of the remote model: posts a chat-completions body, turns an error status into
/// an error of this framework (`RemoteFailure`), and reads the response into a `ChatStreamReader` as its bytes arrive.
///
/// ```swift
/// let transport = ChatCompletionsTransport(client: RemoteHTTPClient.shared, endpoint: "http://127.0.0.1:8080/v1/chat/completions",
///                                          apiKey: nil, timeout: .seconds(600))
/// let response = try await transport.post(body.json)
/// try await transport.read(response, into: &reader, channel: channel)
/// ```
///
/// Cancelling the task stops the reading at once: AsyncHTTPClient cancels the request and
/// closes its connection, so the server sees the client leave and stops generating.
struct ChatCompletionsTransport: Sendable {
    /// The client (the process-wide `RemoteHTTPClient`: nothing to shut down).
    let client: HTTPClient
    /// `<base URL>/chat/completions`.
    let endpoint: String
    /// Sent as `Authorization: Bearer …` when set.
    let apiKey: String?
    /// The longest a step may take, response body included.
    let timeout: Duration
    /// The client of the one retry of a request that never reached the server (new connections).
    var retryClient: HTTPClient = RemoteHTTPClient.fresh
    /// Whether the server's connections are reused (learned from its answers).
    var reuse = ConnectionReuse()
    /// Runs a request on a client (AsyncHTTPClient's `execute`; tests put a failure before it).
    var execute: @Sendable (HTTPClientRequest, TimeAmount, HTTPClient) async throws -> HTTPClientResponse = { request, timeout, client in
        try await client.execute(request, timeout: timeout)
    }

    /// The largest error or non-streamed body read.
    static let maximumBodyBytes = 64 << 20

    /// Posts `body`; returns the response once its status says it succeeded.
    ///
    /// A request whose pooled connection the server had already closed (its keep-alive ran
    /// out, or it said `Connection: close`) is sent once more on a new connection — only when
    /// AsyncHTTPClient never asked for its body, so the server cannot have begun to process it
    /// (`TrackedRequestBody`). A request that may have reached the server is never sent twice.
    /// A server that closes its connections after streamed responses gets a new connection for
    /// every request (`ConnectionReuse`).
    ///
    /// - Throws: the mapped error of an error status (see `RemoteFailure`);
    ///   `SystemLanguageModel.Error.assetsUnavailable` when the server cannot be reached; `CancellationError`.
    func post(_ body: String) async throws -> HTTPClientResponse {
        let response: HTTPClientResponse
        do {
            response = try await send(body, on: reuse.reuses ? client : retryClient)
        } catch let unsent as UnsentRequest {
            do {
                response = try await send(body, on: retryClient)
            } catch let again as UnsentRequest {
                throw RemoteFailure.transportError(again.error, endpoint: endpoint, timeout: timeout)
            }
            _ = unsent
        }
        reuse.learn(serverHeader: response.headers.first(name: "server"))
        guard (200..<300).contains(response.status.code) else {
            let text: String
            do {
                text = String(buffer: try await response.body.collect(upTo: 1 << 20))
            } catch {
                throw RemoteFailure.transportError(error, endpoint: endpoint, timeout: timeout)
            }
            throw RemoteFailure.generationError(
                status: Int(response.status.code), server: ServerError(body: text),
                endpoint: endpoint, retryAfter: response.headers.first(name: "retry-after"))
        }
        return response
    }

    /// A request that failed on a closed connection before any of it reached the server.
    struct UnsentRequest: Error {
        /// What AsyncHTTPClient reported.
        let error: any Error
    }

    /// Sends `body` once on `client`.
    ///
    /// - Throws: `UnsentRequest` when the connection was found closed before the body was asked
    ///   for; the mapped error of any other failure.
    private func send(_ body: String, on client: HTTPClient) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: endpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "Accept", value: "text/event-stream")
        if let apiKey { request.headers.add(name: "Authorization", value: "Bearer \(apiKey)") }
        let tracked = TrackedRequestBody(body)
        request.body = tracked.body
        do {
            return try await execute(request, Self.timeAmount(timeout), client)
        } catch {
            if !Task.isCancelled, Self.isClosedConnection(error) {
                if !tracked.wasRequested { throw UnsentRequest(error: error) }
                // Written, then closed without a response: a server that closes connections it
                // announced as kept alive. This request cannot be sent again; later ones get
                // connections of their own.
                if client !== retryClient { reuse.stopReusing() }
            }
            throw RemoteFailure.transportError(error, endpoint: endpoint, timeout: timeout)
        }
    }

    /// Whether `error` says the connection was closed (by the server, or found closed), as
    /// opposed to a refused connection, a time-out or a cancellation.
    static func isClosedConnection(_ error: any Error) -> Bool {
        if let channel = error as? ChannelError {
            return [.ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed].contains(channel)
        }
        if let client = error as? HTTPClientError { return client == .remoteConnectionClosed }
        return error is IOError
    }

    /// Reads `response` into `reader`: server-sent events as they arrive, or (from a server
    /// that answers `stream: true` with JSON) the whole completion.
    ///
    /// - Throws: what the reader throws; `SystemLanguageModel.Error.assetsUnavailable` when the connection fails;
    ///   `CancellationError` when the task is cancelled.
    func read(
        _ response: HTTPClientResponse, into reader: inout ChatStreamReader,
        channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        let contentType = response.headers.first(name: "content-type")?.lowercased() ?? ""
        do {
            if contentType.contains("json"), !contentType.contains("event-stream") {
                let body = String(buffer: try await response.body.collect(upTo: Self.maximumBodyBytes))
                let completion: ChatCompletionChunk
                do {
                    completion = try ChatCompletionChunk(json: body)
                } catch {
                    throw RemoteFailure.parsingError(
                        "\(endpoint) answered with JSON that is not a chat completion (\(error)): \(ResponseCheck.shown(body))",
                        rawContent: body)
                }
                try await reader.read(completion, into: channel)
                try await reader.read(event: "[DONE]", into: channel)
                return
            }
            var parser = ServerSentEventParser()
            for try await buffer in response.body {
                try Task.checkCancellation()
                for event in parser.feed(buffer.readableBytesView) {
                    try await reader.read(event: event, into: channel)
                }
            }
            if let event = parser.finish() { try await reader.read(event: event, into: channel) }
        } catch {
            throw RemoteFailure.transportError(error, endpoint: endpoint, timeout: timeout, whileStreaming: true)
        }
    }

    /// A duration as NIO's time amount (capped at about 292 years).
    static func timeAmount(_ duration: Duration) -> TimeAmount {
        let (seconds, attoseconds) = duration.components
        guard seconds < Int64.max / 1_000_000_000 else { return .nanoseconds(.max) }
        return .nanoseconds(max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000))
    }
}
