import Foundation
import Kernels
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A Hugging Face Hub on loopback that answers as the real one does, for the installer's tests:
/// the tree listing (`/api/models/{repo}/tree/{revision}`, LFS entries with their SHA-256,
/// pages linked with `Link: rel="next"`), `HEAD` and `GET` on `/{repo}/resolve/{revision}/{path}`
/// answered with a `302` to a "CDN" on a second port (with `X-Repo-Commit`, `X-Linked-Etag`,
/// `X-Linked-Size`), `Range` and `206` on the CDN, `401` with `X-Error-Code: GatedRepo` for a
/// gated repository unless the right bearer token comes, `404` with `RepoNotFound` or
/// `EntryNotFound`. Faults are set per file: cut the connection after some bytes, send wrong
/// bytes, ignore `Range`. Every request is recorded.
///
/// ```swift
/// let hub = try await FakeHub.start([.init(name: "o/r", files: ["m-Q4_K_M.gguf": bytes])])
/// defer { Task { try await hub.stop() } }
/// // HubConfiguration(endpoint: hub.endpoint)
/// ```
package final class FakeHub: Sendable {
    /// A repository and its files.
    package struct Repository: Sendable {
        /// `owner/name`.
        package var name: String
        /// File contents by path; `.gguf` files are listed as LFS files with their SHA-256.
        package var files: [String: [UInt8]]
        /// The token a gated repository wants (`Authorization: Bearer <token>`); nil when open.
        package var gatedToken: String?
        /// Entries per page of the tree listing.
        package var pageSize: Int
        /// Sizes the listing and `HEAD` publish instead of the real ones (a file too big for
        /// the disk).
        package var publishedSizes: [String: Int64]

        /// Describes a repository.
        package init(
            name: String, files: [String: [UInt8]], gatedToken: String? = nil, pageSize: Int = 1000, publishedSizes: [String: Int64] = [:]
        ) {
            self.name = name
            self.files = files
            self.gatedToken = gatedToken
            self.pageSize = pageSize
            self.publishedSizes = publishedSizes
        }
    }

    /// A fault the CDN injects into the next downloads of a file.
    package enum Fault: Sendable, Equatable {
        /// Sends the full `Content-Length`, then only this many bytes of the body, then closes.
        case cutAfter(Int)
        /// Sends the file with its first byte changed.
        case wrongBytes
        /// Answers `200` with the whole file to a `Range` request.
        case ignoreRange
    }

    /// One request as the server saw it.
    package struct Request: Sendable {
        /// `hub` or `cdn`.
        package let server: String
        /// `GET`, `HEAD`.
        package let method: String
        /// The path and query.
        package let uri: String
        /// Header names lowercased, and values.
        package let headers: [String: String]
    }

    struct State {
        var repositories: [String: Repository] = [:]
        var faults: [String: [Fault]] = [:]
        var requests: [Request] = []
        var cdnPort = 0
    }

    let state: NIOLockedValueBox<State>
    let hubChannel: any Channel
    let cdnChannel: any Channel

    /// The commit every revision resolves to.
    package static let commit = "0123456789abcdef0123456789abcdef01234567"

    private init(state: NIOLockedValueBox<State>, hub: any Channel, cdn: any Channel) {
        self.state = state
        hubChannel = hub
        cdnChannel = cdn
    }

    /// Starts the Hub and its CDN on 127.0.0.1, each on a free port.
    package static func start(_ repositories: [Repository]) async throws -> FakeHub {
        let state = NIOLockedValueBox(State())
        state.withLockedValue { s in for repository in repositories { s.repositories[repository.name] = repository } }
        let cdn = try await bind(server: "cdn", state: state)
        state.withLockedValue { $0.cdnPort = cdn.localAddress?.port ?? 0 }
        let hub = try await bind(server: "hub", state: state)
        return FakeHub(state: state, hub: hub, cdn: cdn)
    }

    private static func bind(server: String, state: NIOLockedValueBox<State>) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(FakeHubHandler(server: server, state: state))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// The Hub's endpoint, `http://127.0.0.1:<port>`.
    package var endpoint: String { "http://127.0.0.1:\(hubChannel.localAddress?.port ?? 0)" }

    /// Stops both servers.
    package func stop() async throws {
        for channel in [hubChannel, cdnChannel] {
            let closed: EventLoopFuture<Void> = channel.close()
            try await closed.get()
        }
    }

    /// Makes the next downloads of `path` (in any repository) fail with `faults`, one per download.
    package func inject(_ faults: [Fault], into path: String) {
        state.withLockedValue { $0.faults[path, default: []] += faults }
    }

    /// Replaces a file's bytes (a new upload).
    package func replace(_ path: String, in repository: String, with bytes: [UInt8]) {
        state.withLockedValue { $0.repositories[repository]?.files[path] = bytes }
    }

    /// Every request so far, in order.
    package var requests: [Request] { state.withLockedValue { $0.requests } }

    /// The lowercase hex SHA-256 of `bytes`.
    package static func sha256(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return SHA256.hex(hash.finalize())
    }
}
