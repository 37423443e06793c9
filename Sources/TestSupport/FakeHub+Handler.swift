import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1

/// One connection to the fake Hub or its CDN: reads a request, records it, answers it.
final class FakeHubHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// An answer: status, headers, body, and how many body bytes to send before closing
    /// (nil: all of them).
    struct Reply {
        var status: HTTPResponseStatus
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        var cutAfter: Int?
    }

    let server: String
    let state: NIOLockedValueBox<FakeHub.State>
    private var head: HTTPRequestHead?

    init(server: String, state: NIOLockedValueBox<FakeHub.State>) {
        self.server = server
        self.state = state
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(request): head = request
        case .body: break
        case .end:
            guard let request = head else { return }
            head = nil
            var headers: [String: String] = [:]
            for (name, value) in request.headers { headers[name.lowercased()] = value }
            let recorded = FakeHub.Request(server: server, method: request.method.rawValue, uri: request.uri, headers: headers)
            state.withLockedValue { $0.requests.append(recorded) }
            write(route(request, headers: headers), for: request, context: context)
        }
    }

    private func write(_ reply: Reply, for request: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders(reply.headers)
        if !headers.contains(name: "Content-Length") { headers.add(name: "Content-Length", value: "\(reply.body.count)") }
        if reply.cutAfter != nil { headers.replaceOrAdd(name: "Connection", value: "close") }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: reply.status, headers: headers))), promise: nil)
        let channel = context.channel
        if request.method != .HEAD, !reply.body.isEmpty {
            let sent = reply.cutAfter.map { Array(reply.body.prefix($0)) } ?? reply.body
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: sent)))), promise: nil)
        }
        if reply.cutAfter != nil {
            context.flush()
            // Closing mid-body: the client has the head and part of the body, then EOF.
            channel.eventLoop.scheduleTask(in: .milliseconds(20)) { channel.close(promise: nil) }
            return
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !request.isKeepAlive { done.whenComplete { _ in channel.close(promise: nil) } }
    }

    // MARK: Routes

    private func route(_ request: HTTPRequestHead, headers: [String: String]) -> Reply {
        let parts = request.uri.split(separator: "?", maxSplits: 1)
        let path = parts.first.map { String($0).removingPercentEncoding ?? String($0) } ?? "/"
        let query = parts.count > 1 ? String(parts[1]) : ""
        let segments = path.split(separator: "/").map(String.init)
        if server == "cdn" {
            guard segments.count >= 4, segments[0] == "cdn" else { return Reply(status: .notFound) }
            return cdn(repository: segments[1] + "/" + segments[2], file: segments[3...].joined(separator: "/"), request: request, headers: headers)
        }
        if segments.count >= 6, segments[0] == "api", segments[1] == "models", segments[4] == "tree" {
            return tree(repository: segments[2] + "/" + segments[3], revision: segments[5], query: query)
        }
        if segments.count >= 5, segments[2] == "resolve" {
            return resolve(
                repository: segments[0] + "/" + segments[1], revision: segments[3], file: segments[4...].joined(separator: "/"), headers: headers)
        }
        return Reply(status: .notFound)
    }

    private func repositoryNotFound() -> Reply {
        Reply(
            status: .notFound, headers: [("X-Error-Code", "RepoNotFound"), ("X-Error-Message", "Repository not found")],
            body: Array(#"{"error":"Repository not found"}"#.utf8))
    }

    private func tree(repository: String, revision: String, query: String) -> Reply {
        guard let repo = state.withLockedValue({ $0.repositories[repository] }) else { return repositoryNotFound() }
        guard revision == "main" || revision == FakeHub.commit else {
            return Reply(status: .notFound, headers: [("X-Error-Code", "RevisionNotFound")])
        }
        var entries: [String] = []
        var folders: Set<String> = []
        for (path, bytes) in repo.files.sorted(by: { $0.key < $1.key }) {
            if let slash = path.lastIndex(of: "/"), folders.insert(String(path[..<slash])).inserted {
                entries.append(#"{"type":"directory","oid":"\#(String(repeating: "d", count: 40))","size":0,"path":"\#(path[..<slash])"}"#)
            }
            let size = repo.publishedSizes[path] ?? Int64(bytes.count)
            let lfs = path.hasSuffix(".gguf") ? #","lfs":{"oid":"\#(FakeHub.sha256(bytes))","size":\#(size),"pointerSize":134}"# : ""
            entries.append(#"{"type":"file","oid":"\#(String(repeating: "a", count: 40))","size":\#(size),"path":"\#(path)"\#(lfs)}"#)
        }
        let cursor = query.split(separator: "&").first { $0.hasPrefix("cursor=") }.flatMap { Int($0.dropFirst(7)) } ?? 0
        let page = entries.dropFirst(cursor).prefix(repo.pageSize)
        var headers = [("Content-Type", "application/json")]
        if cursor + repo.pageSize < entries.count {
            headers.append(("Link", "</api/models/\(repository)/tree/\(revision)?recursive=true&cursor=\(cursor + repo.pageSize)>; rel=\"next\""))
        }
        return Reply(status: .ok, headers: headers, body: Array(("[" + page.joined(separator: ",") + "]").utf8))
    }

    private func resolve(repository: String, revision: String, file: String, headers: [String: String]) -> Reply {
        let (repo, cdnPort) = state.withLockedValue { ($0.repositories[repository], $0.cdnPort) }
        guard let repo else { return repositoryNotFound() }
        if let token = repo.gatedToken, headers["authorization"] != "Bearer \(token)" {
            return Reply(
                status: .unauthorized,
                headers: [("X-Error-Code", "GatedRepo"), ("X-Error-Message", "Access to model \(repository) is restricted.")])
        }
        guard revision == "main" || revision == FakeHub.commit else {
            return Reply(status: .notFound, headers: [("X-Error-Code", "RevisionNotFound")])
        }
        guard let bytes = repo.files[file] else {
            return Reply(status: .notFound, headers: [("X-Error-Code", "EntryNotFound"), ("X-Error-Message", "Entry not found")])
        }
        let sha = FakeHub.sha256(bytes)
        return Reply(
            status: .found,
            headers: [
                ("Location", "http://127.0.0.1:\(cdnPort)/cdn/\(repository)/\(file)"), ("X-Repo-Commit", FakeHub.commit),
                ("X-Linked-Etag", "\"\(sha)\""), ("X-Linked-Size", "\(repo.publishedSizes[file] ?? Int64(bytes.count))"), ("ETag", "\"\(sha)\""),
            ])
    }

    private func cdn(repository: String, file: String, request: HTTPRequestHead, headers: [String: String]) -> Reply {
        guard var bytes = state.withLockedValue({ $0.repositories[repository]?.files[file] }) else { return Reply(status: .notFound) }
        var fault: FakeHub.Fault?
        if request.method == .GET {
            fault = state.withLockedValue { s in s.faults[file]?.isEmpty == false ? s.faults[file]!.removeFirst() : nil }
        }
        if fault == .wrongBytes, !bytes.isEmpty { bytes[0] ^= 0xFF }
        var cut: Int?
        if case let .cutAfter(count) = fault { cut = count }
        guard let range = headers["range"], range.hasPrefix("bytes="), fault != .ignoreRange,
            let start = Int(range.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false).first ?? "")
        else {
            return Reply(status: .ok, headers: [("Accept-Ranges", "bytes")], body: bytes, cutAfter: cut)
        }
        guard start < bytes.count else {
            return Reply(status: .rangeNotSatisfiable, headers: [("Content-Range", "bytes */\(bytes.count)")])
        }
        return Reply(
            status: .partialContent, headers: [("Content-Range", "bytes \(start)-\(bytes.count - 1)/\(bytes.count)")],
            body: Array(bytes[start...]), cutAfter: cut)
    }
}
