import AsyncHTTPClient
import NIOCore

/// The HTTP clients of every remote model in the process: created on first use, never shut
/// down (a global lives as long as the process, as with `HTTPClient.shared`).
///
/// ```swift
/// let response = try await RemoteHTTPClient.shared.execute(request, timeout: .seconds(600))
/// ```
///
/// They differ from `HTTPClient.shared` in settings about model servers:
/// - HTTP/1.1 only: llama-server, vLLM and Ollama speak it, and a step is one long streamed
///   response, which gains nothing from HTTP/2's multiplexing;
/// - idle pooled connections are closed after 4 s, before the servers' own keep-alive limits
///   close them (5 s for llama-server's cpp-httplib and vLLM's uvicorn; Ollama keeps them
///   open), so the client rarely picks a connection the server is closing. When it does anyway,
///   the transport sends the request again on `fresh` (see `ChatCompletionsTransport.post`);
/// - a refused connection fails at once (`retryConnectionEstablishment` off), instead of being
///   retried until the connect time-out: a server that is not running is reported straight away;
/// - there is no read time-out between bytes: a server prefilling a long prompt sends nothing
///   until the first token, which on a CPU can take minutes. Each request's own deadline (the
///   model's `timeout`) bounds it instead.
enum RemoteHTTPClient {
    /// How long an idle connection stays in the pool.
    static let idleTimeout: TimeAmount = .seconds(4)

    /// The client, pooling connections per server.
    static let shared: HTTPClient = make(maximumUsesPerConnection: nil)

    /// The client of a request sent again after its pooled connection turned out closed, and of
    /// every request to a server that closes connections after streamed responses
    /// (`ConnectionReuse`): every connection is new and serves one request.
    static let fresh: HTTPClient = make(maximumUsesPerConnection: 1)

    /// A client with the settings above.
    private static func make(maximumUsesPerConnection: Int?) -> HTTPClient {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: nil))
        configuration.httpVersion = .http1Only
        configuration.connectionPool = .init(idleTimeout: idleTimeout)
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.maximumUsesPerConnection = maximumUsesPerConnection
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
