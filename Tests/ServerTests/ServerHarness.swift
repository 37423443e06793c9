import AsyncHTTPClient
import Foundation
import FoundationModels
import Logging
import NIOCore
import NIOHTTP1
import Server
import Testing

/// A `ChatServer` running on a free loopback port for one test, and a real HTTP client
/// (AsyncHTTPClient) to talk to it.
struct ServerHarness {
    /// The server's base URL (`http://127.0.0.1:PORT`).
    let base: String
    /// The task running the server; cancelled by `stop()`.
    let task: Task<Void, any Error>
    /// The server.
    let server: ChatServer

    /// Starts a server for `model` and waits until it listens.
    static func start<Model: LanguageModel>(
        model: Model, name: String = "test-model",
        configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> ServerHarness {
        var configuration = ServerConfiguration(modelName: name)
        configuration.port = 0
        configuration.warmUp = false
        configure(&configuration)
        var logger = Logger(label: "fm.serve.test")
        logger.logLevel = .critical // cancelling the server at the end of a test logs errors
        let server = ChatServer(model: model, configuration: configuration, logger: logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { port in continuation.yield(port) } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        if let socket = configuration.socketPath {
            // AsyncHTTPClient's form for a Unix-domain socket: the percent-encoded path as the host.
            let host = socket.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? socket
            return ServerHarness(base: "http+unix://\(host)", task: task, server: server)
        }
        return ServerHarness(base: "http://127.0.0.1:\(port)", task: task, server: server)
    }

    /// Stops the server.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// A response: status, headers and the whole body.
    struct Reply {
        var status: Int
        var headers: HTTPHeaders
        var body: String
        /// The body as JSON.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
        /// `error.param` of an OpenAI error body.
        var errorParam: String? { (json["error"] as? [String: Any])?["param"] as? String }
        /// `error.type` of an OpenAI error body.
        var errorType: String? { (json["error"] as? [String: Any])?["type"] as? String }
    }

    /// GETs `path`.
    func get(_ path: String, headers: [(String, String)] = []) async throws -> Reply {
        try await send(path, method: .GET, headers: headers)
    }

    /// Sends a request (a POST unless told otherwise) and reads the whole reply.
    func send(_ path: String, method: HTTPMethod = .POST, body: String? = nil, headers: [(String, String)] = []) async throws -> Reply {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
    }

    /// A chat completion request body for `content`, with extra top-level fields.
    static func chat(_ content: String, model: String = "test-model", extra: String = "") -> String {
        let message = String(decoding: try! JSONEncoder().encode(content), as: UTF8.self)
        return #"{"model": "\#(model)", "messages": [{"role": "user", "content": \#(message)}]\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    /// The JSON objects of an SSE body's `data:` lines, and whether it ended with `[DONE]`.
    static func events(_ body: String) -> (chunks: [[String: Any]], done: Bool) {
        var chunks: [[String: Any]] = []
        var done = false
        for line in body.split(separator: "\n") where line.hasPrefix("data: ") {
            let payload = line.dropFirst("data: ".count)
            if payload == "[DONE]" { done = true; continue }
            if let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] { chunks.append(object) }
        }
        return (chunks, done)
    }
}
