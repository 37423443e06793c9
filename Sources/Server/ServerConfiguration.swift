/// How `ChatServer` listens and admits requests.
///
/// ```swift
/// var configuration = ServerConfiguration(modelName: "qwen2.5-0.5b-instruct")
/// configuration.port = 8080
/// configuration.apiKey = "secret"
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to bind: loopback unless you choose otherwise.
    public var host = "127.0.0.1"
    /// The port (0: any free port; `ChatServer.run(onListening:)` reports it).
    public var port = 8080
    /// A Unix-domain socket to listen on instead of `host` and `port`. The socket file is made
    /// readable and writable by its owner only, and removed when the server stops.
    public var socketPath: String?
    /// How long a connection may stay silent — sending nothing, or not finishing its request
    /// head — before the server closes it (`nil`: never). A request being answered is never cut.
    public var idleTimeout: Duration? = .seconds(60)
    /// The longest one request may take to arrive, from its first byte to the end of its body
    /// (`nil`: no limit). A client dripping a request a byte at a time never goes silent for
    /// `idleTimeout`; this closes it.
    public var requestTimeout: Duration? = .seconds(30)
    /// The name `/v1/models` lists and requests must use in `model`.
    public var modelName: String
    /// Other names requests may use in `model` for the same model (Apple's `system`); answers
    /// carry the name the request used.
    public var modelAliases: [String] = []
    /// Models the server names but cannot run here, each with the reason (`fm serve` lists
    /// Apple's `pcc`, which does not exist on Linux): `/health` and `/v1/models` list them,
    /// and a request naming one is refused with 503 and the reason, as Apple's `fm serve` does.
    public var unavailableModels: [String: String] = [:]
    /// Requests that generate at the same time (the rest wait in the queue).
    public var concurrency = 1
    /// Requests that may wait; beyond this, 429 with `Retry-After`.
    public var queueCapacity = 16
    /// The largest request body accepted, in bytes (413 beyond).
    public var maximumBodyBytes = 4 * 1024 * 1024
    /// When set, every `/v1` request must carry it (`Authorization: Bearer …` or `X-Api-Key`).
    public var apiKey: String?
    /// The response length when a request gives no `max_tokens` (`nil`: until the model stops
    /// or the context is full).
    public var defaultMaximumTokens: Int?
    /// Whether to run a one-token request at start so the first client does not wait for the
    /// weights to load (`/health` answers 503 until it is done).
    public var warmUp = true
    /// What the model's engine says about itself once the model is ready, which `/health` lists
    /// under `engine` (`fm serve`: the loaded model's context size, KV cache type and bytes, as
    /// the engine holds them); `nil`: nothing.
    public var engineDetails: (@Sendable () -> [String: any Sendable])?

    /// A configuration serving `modelName`.
    public init(modelName: String) {
        self.modelName = modelName
    }
}

extension ServerConfiguration {
    /// Whether requests naming `model` are answered.
    func serves(_ model: String) -> Bool {
        model == modelName || modelAliases.contains(model)
    }
}

extension Duration {
    /// The duration in nanoseconds, clamped to `Int64`.
    var nanosecondsClamped: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled &+ attoseconds / 1_000_000_000
    }
}
