import AsyncHTTPClient

/// The HTTP client of every remote model in the process: created on first use, never shut down
/// (a global lives as long as the process, so there is nothing to shut down, as with
/// `HTTPClient.shared`), pooling connections per server.
///
/// ```swift
/// let response = try await RemoteHTTPClient.shared.execute(request, timeout: .seconds(600))
/// ```
///
/// It differs from `HTTPClient.shared` in two settings, both about model servers:
/// - a refused connection fails at once (`retryConnectionEstablishment` off), instead of being
///   retried until the 90 s connect time-out: a server that is not running is reported as
///   `assetsUnavailable` straight away;
/// - there is no read time-out between bytes: a server prefilling a long prompt sends nothing
///   until the first token, which on a CPU can take minutes. Each request's own deadline (the
///   model's `timeout`) bounds it instead.
enum RemoteHTTPClient {
    /// The client.
    static let shared: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(10), read: nil))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
}
