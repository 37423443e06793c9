import Synchronization

/// Whether one server's pooled connections may be reused: one per remote model configuration
/// (its executor's transport), so what is learned about a server stays with the model that
/// talks to it.
///
/// Some servers close the connection after each streamed response while their headers promise
/// keep-alive: llama.cpp's `llama-server` (cpp-httplib) answers a `stream: true` completion with
/// `Keep-Alive: timeout=5, max=100`, then closes the connection once the last chunk is written
/// (its plain JSON answers do keep the connection). The close reaches the client a moment after
/// the stream's end, so the session's next request, sent at once (a second turn, the step after
/// a tool call), is often written to the connection the server is closing: it gets no answer,
/// and since the server may in general have read such a request, it cannot be sent again.
///
/// Requests to such a server therefore each take a new connection (`RemoteHTTPClient.fresh`,
/// a pool apart, so the shared pool's idle connection to the server is never picked). A server
/// is known to be one by its `Server: llama.cpp` header (from its first response on), or, for
/// any other, by having closed a reused connection after reading a request without answering
/// it once: that request fails, every later one takes a new connection.
///
/// ```swift
/// let reuse = ConnectionReuse()
/// let client = reuse.reuses ? RemoteHTTPClient.shared : RemoteHTTPClient.fresh
/// reuse.learn(serverHeader: response.headers.first(name: "server"))
/// ```
final class ConnectionReuse: Sendable {
    /// The `Server` header values (their starts, lowercased) of servers known to close after
    /// streamed responses.
    static let closingServerNames = ["llama.cpp"]

    /// Whether the server's connections may still be reused.
    private let reusable = Mutex(true)

    /// A server whose connections may be reused until it shows otherwise.
    init() {}

    /// Whether a request may use a pooled connection.
    var reuses: Bool { reusable.withLock { $0 } }

    /// Notes the server as one whose connections are not to be reused.
    func stopReusing() {
        reusable.withLock { $0 = false }
    }

    /// Reads a response's `Server` header: a server known to close after streamed responses
    /// gets new connections from now on.
    func learn(serverHeader: String?) {
        guard let name = serverHeader?.lowercased() else { return }
        if Self.closingServerNames.contains(where: { name.hasPrefix($0) }) { stopReusing() }
    }
}
