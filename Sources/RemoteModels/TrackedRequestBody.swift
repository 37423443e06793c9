import NIOCore
import Synchronization

/// A request body that records whether AsyncHTTPClient asked for it. AsyncHTTPClient asks for a
/// streamed body only once the request head has been written to the connection, so a request
/// that failed before its body was asked for never reached the server whole: the server cannot
/// have begun to process it, and sending it again on a new connection is safe.
///
/// ```swift
/// let body = TrackedRequestBody(json)
/// request.body = body.body
/// // … the request fails …
/// if !body.wasRequested { /* nothing reached the server: retry */ }
/// ```
final class TrackedRequestBody: Sendable {
    /// The bytes.
    let bytes: ByteBuffer
    /// Whether the body has been asked for.
    private let requested = Mutex(false)

    /// A body of `text`'s UTF-8 bytes.
    init(_ text: String) {
        bytes = ByteBuffer(string: text)
    }

    /// Whether AsyncHTTPClient has asked for the body (the request head was written).
    var wasRequested: Bool { requested.withLock { $0 } }

    /// The body for an `HTTPClientRequest`: its length known, its bytes in one piece.
    var sequence: Bytes { Bytes(owner: self) }

    /// The body's bytes as an async sequence that marks the body requested when iterated.
    struct Bytes: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let owner: TrackedRequestBody

        /// Yields the bytes once.
        struct AsyncIterator: AsyncIteratorProtocol {
            let owner: TrackedRequestBody
            var done = false

            mutating func next() async -> ByteBuffer? {
                guard !done else { return nil }
                done = true
                owner.requested.withLock { $0 = true }
                return owner.bytes
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(owner: owner) }
    }
}
