import Foundation
import Synchronization

/// Which servers a pooled connection may be reused with.
///
/// Some servers close the connection after each streamed response while their headers promise
/// keep-alive: llama.cpp's `llama-server` (cpp-httplib) answers a `stream: true` completion with
/// `Keep-Alive: timeout=5, max=100`, then closes the connection once the last chunk is written
/// (its plain JSON answers do keep the connection). The close reaches the client a moment after
/// the stream's end, so the session's next request, sent at once (a second turn, the step after
/// a tool call), is often written to the connection the server is closing: it gets no answer,
/// and since the server may in general have read such a request, it cannot be sent again.
///
/// Requests to such a server therefore each take a new connection (`RemoteHTTPClient.fresh`).
/// A server is known to be one by its `Server: llama.cpp` header (from its first response on),
/// or, for any other, by having closed a reused connection after reading a request without
/// answering it once; that request fails, every later one takes a new connection.
///
/// ```swift
/// let client = ConnectionReuse.reuses(endpoint) ? RemoteHTTPClient.shared : RemoteHTTPClient.fresh
/// ConnectionReuse.learn(serverHeader: response.headers.first(name: "server"), endpoint: endpoint)
/// ```
enum ConnectionReuse {
    /// The servers (`scheme://host:port`) whose connections are not reused.
    private static let closing = Mutex<Set<String>>([])

    /// The `Server` header values of servers known to close after streamed responses.
    static let closingServerNames = ["llama.cpp"]

    /// The server part of `endpoint` (`scheme://host:port`), or the endpoint itself.
    static func server(of endpoint: String) -> String {
        guard let url = URL(string: endpoint), let scheme = url.scheme, let host = url.host else { return endpoint }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host):\(port)"
    }

    /// Whether a request to `endpoint` may use a pooled connection.
    static func reuses(_ endpoint: String) -> Bool {
        let server = server(of: endpoint)
        return !closing.withLock { $0.contains(server) }
    }

    /// Notes the server of `endpoint` as one whose connections are not to be reused.
    static func stopReusing(_ endpoint: String) {
        let server = server(of: endpoint)
        _ = closing.withLock { $0.insert(server) }
    }

    /// Reads a response's `Server` header: a server known to close after streamed responses
    /// gets new connections from now on.
    static func learn(serverHeader: String?, endpoint: String) {
        guard let name = serverHeader?.lowercased() else { return }
        if closingServerNames.contains(where: { name.hasPrefix($0) }) { stopReusing(endpoint) }
    }
}
