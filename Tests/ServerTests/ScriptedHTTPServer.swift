import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// A tiny HTTP/1.1 server on a free loopback port that answers each request with the next
/// scripted reply, written byte for byte: a server that enforces nothing (schemas, tools), and
/// whose connection handling (keep-alive, `Connection: close`, silent closes, stalls, cut
/// streams) a test decides. It records each request's body and counts connections.
final class ScriptedHTTPServer: Sendable {
    /// What the server does with one request.
    enum Reply: Sendable {
        /// A complete response; then the connection stays open, or is closed (`close`), saying
        /// so in a `Connection: close` header when `announced`.
        case response(status: Int, headers: [(String, String)] = [], body: String, close: Bool = false, announced: Bool = false)
        /// A streamed chat completion (chunked): each text as a delta, then `finish_reason: stop`
        /// and `[DONE]` (`complete`), or — not complete — the connection closed after the deltas.
        /// With `closesAfter`, the server is done with the connection once the stream is written,
        /// as llama-server is, though nothing says so: the next request written to it is closed
        /// on unread and unanswered (deterministically what the real race gives). `server` is
        /// sent as the `Server` header, with the `Keep-Alive` header llama-server sends.
        case stream(deltas: [String], complete: Bool = true, server: String? = nil, closesAfter: Bool = false)
        /// Reads the request and never answers.
        case stall
        /// Reads the request and closes the connection without answering.
        case drop
    }

    /// The port it listens on.
    let port: Int
    /// The listening channel.
    private let channel: any Channel
    /// The replies still to give, and what was received.
    private let state: NIOLockedValueBox<State>

    /// The script and the record.
    struct State {
        var replies: [Reply]
        var bodies: [String] = []
        var connections = 0
    }

    /// The bodies of the requests received, in order.
    var bodies: [String] { state.withLockedValue { $0.bodies } }
    /// How many connections were accepted.
    var connections: Int { state.withLockedValue { $0.connections } }

    /// Starts a server giving `replies` in order (a request past the end gets a 500).
    init(_ replies: [Reply]) async throws {
        let state = NIOLockedValueBox(State(replies: replies))
        self.state = state
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                state.withLockedValue { $0.connections += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(Connection(state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
    }

    /// The base URL of the API (`http://127.0.0.1:PORT/v1`).
    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)/v1")! }

    /// Stops listening (open connections close with the test process's event loops).
    func stop() async {
        try? await channel.close()
    }

    /// One connection: reads requests (head, then `Content-Length` bytes of body) and writes
    /// the scripted replies.
    private final class Connection: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let state: NIOLockedValueBox<State>
        var received: [UInt8] = []
        var stalled = false
        /// The connection was given up after a stream (`closesAfter`).
        var finished = false

        init(state: NIOLockedValueBox<State>) {
            self.state = state
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            received += Array(buffer: unwrapInboundIn(data))
            if finished {
                context.close(promise: nil)
                return
            }
            while !stalled, let (body, used) = Self.request(in: received) {
                received.removeFirst(used)
                let reply = state.withLockedValue { state -> Reply in
                    state.bodies.append(body)
                    return state.replies.isEmpty ? .response(status: 500, body: "no reply scripted") : state.replies.removeFirst()
                }
                write(reply, context: context)
            }
        }

        /// Writes a reply.
        func write(_ reply: Reply, context: ChannelHandlerContext) {
            switch reply {
            case .response(let status, let headers, let body, let close, let announced):
                var head = "HTTP/1.1 \(status) Scripted\r\nContent-Length: \(body.utf8.count)\r\n"
                if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { head += "Content-Type: application/json\r\n" }
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                if close && announced { head += "Connection: close\r\n" }
                send(head + "\r\n" + body, context: context, close: close)
            case .stream(let deltas, let complete, let server, let closesAfter):
                // Chunked, one event a chunk, as llama-server, vLLM and Ollama send them.
                var events = deltas.map { delta in
                    let content = String(decoding: try! JSONEncoder().encode(delta), as: UTF8.self)
                    return "data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\(content)}}]}\n\n"
                }
                if complete { events += ["data: {\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n", "data: [DONE]\n\n"] }
                var text = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n"
                if let server { text += "Server: \(server)\r\nKeep-Alive: timeout=5, max=100\r\n" }
                text += "\r\n"
                for event in events { text += String(event.utf8.count, radix: 16) + "\r\n" + event + "\r\n" }
                // A cut stream ends without the last chunk: the connection just closes.
                if complete { text += "0\r\n\r\n" }
                send(text, context: context, close: !complete)
                if closesAfter { finished = true }
            case .stall:
                stalled = true
            case .drop:
                stalled = true
                context.close(promise: nil)
            }
        }

        /// Writes `text`, closing the connection after it when `close`.
        func send(_ text: String, context: ChannelHandlerContext, close: Bool) {
            let written = context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)))
            if close { written.whenComplete { _ in context.close(promise: nil) } }
        }

        /// The body of the first whole request in `bytes` and how many bytes it took, or `nil`
        /// while it is incomplete.
        static func request(in bytes: [UInt8]) -> (body: String, used: Int)? {
            let end = Array("\r\n\r\n".utf8)
            guard bytes.count >= 4, let headEnd = (0...(bytes.count - 4)).first(where: { Array(bytes[$0..<$0 + 4]) == end }) else {
                return nil
            }
            let head = String(decoding: bytes[..<headEnd], as: UTF8.self).lowercased()
            let length =
                head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            let bodyStart = headEnd + 4
            guard bytes.count >= bodyStart + length else { return nil }
            return (String(decoding: bytes[bodyStart..<bodyStart + length], as: UTF8.self), bodyStart + length)
        }
    }
}

extension ScriptedHTTPServer.Reply {
    /// A whole (not streamed) chat completion whose message content is `content`.
    static func completion(_ content: String, close: Bool = false, announced: Bool = false) -> Self {
        let text = String(decoding: try! JSONEncoder().encode(content), as: UTF8.self)
        return .response(
            status: 200,
            body: #"{"object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":\#(text)},"finish_reason":"stop"}]}"#,
            close: close, announced: announced)
    }
}
