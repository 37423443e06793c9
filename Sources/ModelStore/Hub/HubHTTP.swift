import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// The installer's HTTP client: AsyncHTTPClient with redirects followed here, not by the
/// client, so that the rules are the Hub's own (huggingface_hub's): a `HEAD` follows only
/// relative redirects (the metadata is on the Hub's own answer, not the CDN's), a `GET`
/// follows every one, and `Authorization` is sent to the endpoint and carried across a
/// redirect only to the same origin (scheme, host and port), never to the CDN. Bodies are
/// not decompressed, so that `Range` offsets and checksums are about the file's bytes.
final class HubHTTP: Sendable {
    /// The underlying client; shut down with `shutdown()`.
    let client: HTTPClient
    /// The endpoint and token.
    let configuration: HubConfiguration

    /// The most redirects one request follows.
    static let maximumRedirects = 10

    /// A client for `configuration`'s Hub.
    init(configuration: HubConfiguration) {
        var settings = HTTPClient.Configuration()
        settings.redirectConfiguration = .disallow
        settings.decompression = .disabled
        // Connecting may take a while; a body that stalls for a minute is a cut connection.
        settings.timeout = .init(connect: .seconds(30), read: .seconds(60))
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: settings)
        self.configuration = configuration
    }

    /// Releases the client's connections.
    func shutdown() async {
        try? await client.shutdown()
    }

    /// Sends `method` to `url` (with `Authorization` when a token is configured), following
    /// redirects as the type's summary says; returns the final response, whose body the caller
    /// reads or drains.
    func send(
        _ method: HTTPMethod, _ url: String, headers extra: [(String, String)] = [], followAbsoluteRedirects: Bool
    ) async throws(HubInstallError) -> HTTPClientResponse {
        var current = url
        var authorized = configuration.token != nil && Self.sameOrigin(url, configuration.endpoint)
        for _ in 0...Self.maximumRedirects {
            var request = HTTPClientRequest(url: current)
            request.method = method
            request.headers.add(name: "User-Agent", value: "swift-foundation-models (fm)")
            request.headers.add(name: "Accept-Encoding", value: "identity")
            for (name, value) in extra { request.headers.add(name: name, value: value) }
            if authorized, let token = configuration.token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
            let response: HTTPClientResponse
            do {
                response = try await client.execute(request, deadline: .distantFuture)
            } catch {
                throw .network(url: current, detail: Self.describe(error), partial: nil)
            }
            guard [301, 302, 303, 307, 308].contains(response.status.code),
                let location = response.headers.first(name: "Location"),
                let next = URL(string: location, relativeTo: URL(string: current))?.absoluteString
            else { return response }
            let relative = URL(string: location)?.scheme == nil
            if !relative, !followAbsoluteRedirects { return response }
            await Self.drain(response)
            authorized = authorized && Self.sameOrigin(current, next)
            current = next
        }
        throw .network(url: url, detail: "more than \(Self.maximumRedirects) redirects", partial: nil)
    }

    /// Reads and drops what is left of a body (a redirect's or an error's), at most 1 MiB.
    static func drain(_ response: HTTPClientResponse) async {
        _ = try? await response.body.collect(upTo: 1 << 20)
    }

    /// Whether two URLs have the same scheme, host and port (default ports filled in).
    static func sameOrigin(_ a: String, _ b: String) -> Bool {
        func origin(_ text: String) -> String? {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
            return "\(scheme)://\(host):\(port)"
        }
        guard let left = origin(a) else { return false }
        return left == origin(b)
    }

    /// The error the Hub means by a refusal: its `X-Error-Code` header (`RepoNotFound`,
    /// `GatedRepo`, `EntryNotFound`, `RevisionNotFound`) and status, as huggingface_hub reads
    /// them. `path` is the file asked for, nil for repository-level requests.
    func failure(_ response: HTTPClientResponse, url: String, repository: String, path: String?) async -> HubInstallError {
        let code = response.headers.first(name: "X-Error-Code") ?? ""
        let message = response.headers.first(name: "X-Error-Message") ?? ""
        let body = (try? await response.body.collect(upTo: 64 << 10)).map { String(buffer: $0) } ?? ""
        let status = Int(response.status.code)
        let tokenSent = configuration.token != nil
        switch status {
        case 401, 403:
            if code == "RepoNotFound" { return .repositoryNotFound(repository: repository, tokenSent: tokenSent) }
            return .accessDenied(repository: repository, status: status, gated: code == "GatedRepo", tokenSent: tokenSent)
        case 404:
            if code == "EntryNotFound" || code == "RevisionNotFound" || (path != nil && code != "RepoNotFound") {
                return .fileNotFound(repository: repository, path: path ?? url)
            }
            return .repositoryNotFound(repository: repository, tokenSent: tokenSent)
        default:
            let detail = message.isEmpty ? String(body.prefix(300)) : message
            return .unexpectedResponse(url: url, status: status, detail: detail)
        }
    }

    /// An AsyncHTTPClient or NIO error in words.
    static func describe(_ error: any Error) -> String {
        if let client = error as? HTTPClientError { return "\(client)" }
        return String(describing: error)
    }
}
