import ArgumentParser
import Foundation
import FoundationModels
import Kernels
import LLMEngine
import LocalInference
import LocalModels
import ModelStore
import Server

/// `fm serve`: the local model behind an OpenAI-compatible HTTP API.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the local model over an OpenAI-compatible HTTP API.",
        discussion: """
            Routes: GET /v1/models, POST /v1/chat/completions (stream, tools, tool_choice, \
            response_format json_schema — all enforced by the constrained decoder), GET /health \
            (503 while the model loads), GET /metrics (Prometheus). Listens on loopback unless \
            --host says otherwise. SIGTERM or Ctrl-C drains: in-flight requests finish, new ones \
            are refused, then the server exits.

              fm serve --port 8080
              fm serve --socket /tmp/fm.sock
              curl localhost:8080/v1/chat/completions -d '{"model": "qwen2.5-0.5b-instruct", \
            "messages": [{"role": "user", "content": "Hi"}]}'
            """)

    @OptionGroup var model: ModelOptions

    @Option(help: "The address to listen on (default: 127.0.0.1, loopback only).")
    var host: String?

    @Option(help: "The port (default: 8080; 0: any free port, printed at start).")
    var port: Int?

    @Option(help: "Listen on this Unix-domain socket instead of TCP (owner-only permissions; removed at exit).")
    var socket: String?

    @Option(help: "Close a connection silent for this many seconds (sending nothing, or half a request head); 0: never.")
    var idleTimeout = 60.0

    @Option(help: "Close a connection whose request takes longer than this many seconds to arrive, first byte to end of body; 0: never.")
    var requestTimeout = 30.0

    @Option(help: "The model name clients send in `model` (default: the catalog name or the file's name).")
    var name: String?

    @Option(help: "Requests generating at the same time; their decode steps share forward passes (each weight read once per step for all of them).")
    var parallel = 4

    @Option(help: "Requests that may wait; more are refused with 429 and Retry-After.")
    var queueSize = 16

    @Option(help: "The largest request body, in bytes.")
    var maxBodyBytes = 4 * 1024 * 1024

    @Option(help: "Positions of each conversation's KV context (default: $FM_CONTEXT_SIZE, else 4096; at most the model's trained length).")
    var contextSize: Int?

    @Option(help: "How the KV contexts store keys and values: f16, or q8_0 (about half the memory).")
    var kvCache: KVFormat?

    @Option(help: "The response length when a request sets no max_tokens.")
    var defaultMaxTokens: Int?

    @Option(help: "Require this API key (Bearer or X-Api-Key); default: $FM_API_KEY, else none.")
    var apiKey: String?

    func validate() throws {
        guard parallel >= 1 else { throw ValidationError("--parallel must be at least 1") }
        guard queueSize >= 0 else { throw ValidationError("--queue-size must not be negative") }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be 0...65535") }
        if socket != nil, host != nil || port != nil { throw ValidationError("--socket cannot be combined with --host or --port") }
        if !(idleTimeout >= 0) { throw ValidationError("--idle-timeout must not be negative") }
        if !(requestTimeout >= 0) { throw ValidationError("--request-timeout must not be negative") }
        if let contextSize, contextSize <= 0 {
            throw ValidationError("--context-size must be a positive number of tokens, not \(contextSize)")
        }
    }

    /// The engine settings of the served model: `--model`/`--model-file`, `--context-size` and
    /// `--kv-cache` over the environment's `FM_CONTEXT_SIZE`, `FM_KV_CACHE`, `FM_PROMPT_CACHE`, `FM_ISA`.
    func settings(environment: [String: String] = ProcessEnvironment.variables) throws -> LocalModelSettings {
        try model.settings(contextSize: contextSize, kvFormat: kvCache, environment: environment)
    }

    /// What `/health` reports of the engine once the model is ready: the loaded model's context
    /// size, KV cache type, bytes per context and kernel level, read from the engine (not from
    /// the flags or the environment).
    static func engineDetails(settings: LocalModelSettings) -> [String: any Sendable] {
        guard let loaded = LocalModel.loadedModels.first(where: { $0.settings == settings }) else { return [:] }
        return [
            "context_size": loaded.contextSize, "kv_cache": loaded.kvFormat.rawValue, "kv_bytes_per_context": loaded.kvBytesPerContext,
            "instruction_set": loaded.transformer.kernels.isa.name,
        ]
    }

    func run() async throws {
        let settings = try self.settings()
        let path = settings.location.path
        let gguf = GGUFLanguageModel(settings: settings)
        if let message = gguf.unavailabilityMessage { throw CLIError(message) }
        var configuration = ServerConfiguration(modelName: name ?? servedName(path: path))
        let engineSettings = gguf.settings
        configuration.engineDetails = { Self.engineDetails(settings: engineSettings) }
        configuration.host = host ?? "127.0.0.1"
        configuration.port = port ?? 8080
        configuration.idleTimeout = idleTimeout > 0 ? .milliseconds(Int64(idleTimeout * 1000)) : nil
        configuration.requestTimeout = requestTimeout > 0 ? .milliseconds(Int64(requestTimeout * 1000)) : nil
        if model.modelFile == nil, model.model == nil || model.model == AppleTier.system, configuration.modelName != AppleTier.system {
            configuration.modelAliases = [AppleTier.system]
        }
        if model.modelFile == nil {
            // As Apple's `fm serve` on a Mac without Private Cloud Compute.
            configuration.unavailableModels = [AppleTier.pcc: AppleTier.pccUnavailable]
        }
        if let socket {
            try SocketPath.prepare(socket)
            configuration.socketPath = socket
            umask(0o077)
        }
        configuration.concurrency = parallel
        configuration.queueCapacity = queueSize
        configuration.maximumBodyBytes = maxBodyBytes
        configuration.defaultMaximumTokens = defaultMaxTokens
        configuration.apiKey = apiKey ?? ProcessInfo.processInfo.environment["FM_API_KEY"]
        let server = ChatServer(model: gguf, configuration: configuration)
        let served = configuration.modelName
        let host = configuration.host
        let socket = socket
        try await server.run { port in
            let address = socket.map { "unix:\($0) (http://localhost/v1 over the socket)" } ?? "http://\(host):\(port)/v1"
            let line = "fm serve: \(served) on \(address) (loading the model; GET /health says when it is ready)\n"
            FileHandle.standardOutput.write(Data(line.utf8))
        }
    }

    /// The catalog name of the model, or the file's name without `.gguf`.
    func servedName(path: String) -> String {
        if let file = model.modelFile { return URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }
        return (try? ModelCommand.resolve(model.model ?? ModelCatalog.defaultModel.name).name) ?? ModelCatalog.defaultModel.name
    }
}
