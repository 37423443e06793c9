import Foundation
@_spi(Serving) import FoundationModels
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

/// An OpenAI-compatible HTTP server over any `LanguageModel` — the local model, a GGUF file, a
/// remote one: `GET /v1/models`, `POST /v1/chat/completions` (with SSE streaming, tools and
/// `response_format` enforced by the model's constrained decoder), `GET /health` (503 while the
/// model loads) and `GET /metrics` (Prometheus). Requests wait in a bounded queue (429 when it
/// is full), a client that disconnects cancels its generation, and SIGTERM drains: the server
/// stops accepting, finishes the requests it has, and exits.
///
/// ```swift
/// let server = ChatServer(model: SystemLanguageModel.default,
///                         configuration: ServerConfiguration(modelName: "qwen2.5-0.5b-instruct"))
/// try await server.run { port in print("listening on \(port)") }
/// ```
public final class ChatServer: Sendable {
    /// The configuration.
    public let configuration: ServerConfiguration
    /// Runs steps on the model.
    let runner: LanguageModelStepRunner
    /// The queue in front of the model.
    let queue: AdmissionQueue
    /// The metrics.
    let metrics = ServerMetrics()
    /// Whether the model is ready.
    let health = Mutex(Health.loading)
    /// The logger.
    let logger: Logger

    /// The model's state, as `/health` reports it.
    enum Health: Sendable, Equatable {
        case loading, ready
        case failed(String)
    }

    /// A server for `model`.
    public init<Model: LanguageModel>(model: Model, configuration: ServerConfiguration, logger: Logger? = nil) {
        self.configuration = configuration
        runner = LanguageModelStepRunner(model: model)
        queue = AdmissionQueue(concurrency: configuration.concurrency, capacity: configuration.queueCapacity)
        self.logger = logger ?? Logger(label: "fm.serve")
    }

    /// Serves until SIGTERM or SIGINT (then drains) or until the task is cancelled.
    /// `onListening` receives the bound port once the server accepts connections.
    /// With `socketPath` set, the socket file is removed when the server stops.
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let app = makeApplication(onListening: onListening)
        let group = ServiceGroup(
            configuration: .init(
                services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        defer { if let path = configuration.socketPath { UnixSocketFile.remove(path) } }
        try await group.run()
    }

    /// The Hummingbird application (for embedding the server in a service group of your own).
    public func makeApplication(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol & Service {
        let router = Router(context: BasicRequestContext.self)
        router.add(middleware: ErrorMiddleware(metrics: metrics))
        if let key = configuration.apiKey { router.add(middleware: APIKeyMiddleware(key: Array(key.utf8))) }
        addRoutes(to: router)
        let warmUp = configuration.warmUp
        let idleTimeout = configuration.idleTimeout.map { TimeAmount.nanoseconds(Int64($0.nanosecondsClamped)) }
        let requestTimeout = configuration.requestTimeout.map { TimeAmount.nanoseconds(Int64($0.nanosecondsClamped)) }
        let metrics = metrics
        let onSlowRequest: @Sendable () -> Void = { metrics.slowRequestClosed() }
        let address: BindAddress =
            configuration.socketPath.map { .unixDomainSocket(path: $0) } ?? .hostname(configuration.host, port: configuration.port)
        return Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: requestTimeout.map { [RequestArrivalDeadline(limit: $0, onExpired: onSlowRequest)] } ?? [],
                    idleTimeout: idleTimeout)),
            configuration: .init(address: address, serverName: "fm"),
            onServerRunning: { [self] channel in
                if let path = configuration.socketPath { UnixSocketFile.restrictToOwner(path) }
                if warmUp { startWarmUp() } else { health.withLock { $0 = .ready } }
                await onListening(channel.localAddress?.port ?? configuration.port)
            },
            logger: logger)
    }

    /// Loads the model with a one-token request; `/health` turns 200 when it is done.
    func startWarmUp() {
        let request = LanguageModelExecutorGenerationRequest(
            id: UUID(), transcript: Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "Hi"))]))]),
            enabledTools: [], generationOptions: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1),
            contextOptions: ContextOptions(), metadata: [:])
        Task { [self] in
            let channel = LanguageModelExecutorGenerationChannel()
            let drain = Task { for try await _ in channel {} }
            do {
                try await runner.respond(to: request, streamingInto: channel)
                health.withLock { $0 = .ready }
            } catch {
                logger.error("The model could not be loaded: \(error)")
                health.withLock { $0 = .failed("\(error)") }
            }
            _ = await drain.result
        }
    }

    /// The routes.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/health") { [self] _, _ -> Response in
            healthResponse(health.withLock { $0 })
        }
        router.get("/metrics") { [self] _, _ -> Response in
            metrics.running.record(queue.running)
            metrics.waiting.record(queue.waiting)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        router.get("/v1/models") { [self] _, _ -> Response in
            Self.json(["object": "list", "data": listedModelNames.map(modelObject)])
        }
        router.get("/v1/models/:id") { [self] _, context -> Response in
            let id = context.parameters.get("id") ?? ""
            guard listedModelNames.contains(id) else { throw OpenAIError.modelNotFound(id) }
            return Self.json(modelObject(id))
        }
        router.post("/v1/chat/completions") { [self] request, _ -> Response in
            try await chatCompletion(request)
        }
    }

    /// `GET /health`: the status, and each model served with whether it can answer and, when
    /// it cannot, why (the shape of Apple's `fm serve`).
    func healthResponse(_ state: Health) -> Response {
        let names = [configuration.modelName] + configuration.modelAliases
        let unavailable: [[String: Any]] = configuration.unavailableModels.sorted { $0.key < $1.key }.map { name, reason in
            ["name": name, "available": false, "reason": reason]
        }
        func models(available: Bool, reason: String?) -> [[String: Any]] {
            names.map { name in
                var model: [String: Any] = ["name": name, "available": available]
                if let reason { model["reason"] = reason }
                return model
            } + unavailable
        }
        // `status` is a sentence, as in Apple's `fm serve` ("fm serve is running"); a client
        // waiting for the model reads the HTTP status (200 once it can answer) or `models`.
        switch state {
        case .ready:
            var body: [String: Any] = ["status": "fm serve is running", "models": models(available: true, reason: nil)]
            if let details = configuration.engineDetails?(), !details.isEmpty { body["engine"] = details.mapValues { $0 as Any } }
            return Self.json(body)
        case .loading:
            return Self.json(
                ["status": "fm serve is loading the model", "models": models(available: false, reason: "the model is loading")],
                status: .serviceUnavailable)
        case .failed(let message):
            return Self.json(
                ["status": "fm serve could not load the model", "message": message, "models": models(available: false, reason: message)],
                status: .serviceUnavailable)
        }
    }

    /// The names `/v1/models` lists: the served model, its aliases, and the models named but
    /// unavailable here.
    var listedModelNames: [String] {
        [configuration.modelName] + configuration.modelAliases + configuration.unavailableModels.keys.sorted()
    }

    /// A model as `/v1/models` lists it.
    func modelObject(_ name: String) -> [String: Any] {
        ["id": name, "object": "model", "created": 0, "owned_by": "fm"]
    }

    /// A JSON response.
    static func json(_ object: [String: Any], status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(
                byteBuffer: ByteBuffer(bytes: (try? JSONSerialization.data(withJSONObject: object, options: [.withoutEscapingSlashes])) ?? Data())))
    }
}

extension ChatServer {
    /// Requests generating now.
    public var runningRequests: Int { queue.running }
    /// Requests waiting for a turn now.
    public var waitingRequests: Int { queue.waiting }
}
