import AsyncHTTPClient
import Foundation
import FoundationModels
import Server
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ChatServer` on a Unix-domain socket, `/health` in Apple's shape, the `system` alias, and
/// the idle-connection timeout that closes silent and slow connections.
@Suite struct UnixSocketServerTests {
    @Test("the API over a Unix-domain socket: owner-only file, removed when the server stops")
    func unixSocket() async throws {
        let path = "/tmp/fm-test-\(UUID().uuidString.prefix(8)).sock"
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["Hello"])])) { $0.socketPath = path }
        var status = stat()
        #expect(lstat(path, &status) == 0)
        #expect((status.st_mode & S_IFMT) == S_IFSOCK)
        #expect(status.st_mode & 0o777 == 0o600, "mode \(String(status.st_mode & 0o777, radix: 8))")
        let health = try await harness.get("/health")
        #expect(health.status == 200)
        let models = health.json["models"] as? [[String: Any]]
        #expect(models?.first?["name"] as? String == "test-model")
        #expect(models?.first?["available"] as? Bool == true)
        let reply = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi"))
        #expect(reply.status == 200, "\(reply.body)")
        let message = ((reply.json["choices"] as? [[String: Any]])?.first?["message"] as? [String: Any])?["content"] as? String
        #expect(message == "Hello")
        await harness.stop()
        #expect(lstat(path, &status) != 0, "the socket file is still there after the server stopped")
    }

    @Test("Apple's model name `system` is accepted as an alias and echoed in the answer")
    func systemAlias() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["ok"])])) { $0.modelAliases = ["system"] }
        let reply = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi", model: "system"))
        #expect(reply.status == 200, "\(reply.body)")
        #expect(reply.json["model"] as? String == "system")
        let names = (try await harness.get("/health").json["models"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == ["test-model", "system"])
        #expect(try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi", model: "pcc")).status == 404)
        await harness.stop()
    }

    @Test("Apple's shapes: /health's status sentence, and `pcc` listed but refused with 503 in Apple's words")
    func unavailableModel() async throws {
        let reason = "PCC inference is not available in this context."
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["ok"])])) {
            $0.modelAliases = ["system"]
            $0.unavailableModels = ["pcc": reason]
        }
        let health = try await harness.get("/health")
        #expect(health.json["status"] as? String == "fm serve is running")
        let models = try #require(health.json["models"] as? [[String: Any]])
        #expect(models.compactMap { $0["name"] as? String } == ["test-model", "system", "pcc"])
        #expect(models.compactMap { $0["available"] as? Bool } == [true, true, false])
        #expect(models.last?["reason"] as? String == reason)
        let listed = try await harness.get("/v1/models").json["data"] as? [[String: Any]]
        #expect(listed?.compactMap { $0["id"] as? String } == ["test-model", "system", "pcc"])
        let refused = try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi", model: "pcc"))
        #expect(refused.status == 503)
        let error = refused.json["error"] as? [String: Any]
        #expect(error?["message"] as? String == "Model 'pcc' is unavailable: \(reason)")
        #expect(error?["type"] as? String == "service_unavailable")
        await harness.stop()
    }

    @Test("a connection that sends nothing, or half a request, is closed after the idle timeout")
    func idleConnectionsAreClosed() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["ok"])])) { $0.idleTimeout = .milliseconds(300) }
        let port = Int(harness.base.split(separator: ":").last!)!
        // Silent: connect and send nothing. Slow: the start of a request line, never finished.
        for sent in ["", "GET /health HTTP/1.1\r\nHo"] {
            let socket = try RawConnection(port: port)
            defer { socket.close() }
            if !sent.isEmpty { try socket.send(sent) }
            // The read ends with end-of-file when the server closes the connection; the receive
            // timeout (60 s) only guards against a hang and would fail the expectation.
            #expect(socket.readUntilClosed() == .closedByPeer, "the server kept a connection that sent \(sent.debugDescription)")
        }
        // The server still answers.
        #expect(try await harness.get("/health").status == 200)
        await harness.stop()
    }

    @Test("a request dripped a byte at a time is closed before it has all arrived, once it takes longer than the request timeout")
    func drippedRequestsAreClosed() async throws {
        let harness = try await ServerHarness.start(model: ScriptedLanguageModel([.text(["ok"])])) {
            // The idle timeout is far longer than any gap in the drip: only the arrival deadline can close it.
            $0.idleTimeout = .seconds(30)
            $0.requestTimeout = .milliseconds(300)
        }
        let port = Int(harness.base.split(separator: ":").last!)!
        let body = #"{"model": "test-model", "messages": [{"role": "user", "content": "Hi"}]}"#
        let head = "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        // A body dripped, then headers dripped, 150 ms a byte: whole, each would take many times
        // the limit (over 10 s). The server must close the connection before the last byte; a
        // server that did not would read the whole request and answer it.
        for (count, (prefix, dripped)) in [(head, body), ("", head)].enumerated() {
            let socket = try RawConnection(port: port)
            defer { socket.close() }
            if !prefix.isEmpty { try socket.send(prefix) }
            var unsent = dripped.count
            for byte in dripped {
                guard !socket.isClosedByPeer, (try? socket.send(String(byte))) != nil else { break }
                unsent -= 1
                try await Task.sleep(for: .milliseconds(150))
            }
            #expect(unsent > 0, "the server read a request dripped over \(dripped.count) × 150 ms (\(prefix.isEmpty ? "headers" : "body"))")
            let metrics = try await harness.get("/metrics").body
            #expect(metrics.contains(#"fm_connections_closed_total{reason="slow_request"} \#(count + 1)"#), "\(metrics)")
        }
        // A request sent at once is answered, on a connection that then waits for the next.
        #expect(try await harness.send("/v1/chat/completions", body: ServerHarness.chat("Hi")).status == 200)
        await harness.stop()
    }
}

/// A plain TCP connection to loopback, for speaking (or not speaking) HTTP by hand.
struct RawConnection {
    /// How a read ended.
    enum End: Equatable { case closedByPeer, timedOut, failed }

    let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        // MSG_NOSIGNAL: writing to a connection the server closed fails instead of raising SIGPIPE.
        guard Glibc.send(descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw POSIXError(.EIO) }
    }

    /// Whether the server has closed the connection (looked at without waiting or consuming).
    var isClosedByPeer: Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Reads until the peer closes (or the receive timeout passes).
    func readUntilClosed() -> End {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { return .closedByPeer }
            if count < 0 {
                if errno == ECONNRESET { return .closedByPeer }
                return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .failed
            }
        }
    }

    func close() {
        _ = Glibc.close(descriptor)
    }
}
