import AsyncHTTPClient
import Synchronization

/// A request body that records whether AsyncHTTPClient asked for it. AsyncHTTPClient asks for a
/// body only once the request head has been written to the connection, so a request that failed
/// before its body was asked for never reached the server whole: the server cannot have begun
/// to process it, and sending it again on a new connection is safe.
///
/// The body is a collection of bytes, which AsyncHTTPClient copies into the connection on its
/// event loop the moment the head is out: head and body leave together. (A body given as an
/// async sequence is instead read by a task on Swift's shared executor, so a process whose
/// executor threads are busy — a local model computing beside the remote one — could leave the
/// server holding a head without its body until the server's request time-out closed the
/// connection.)
///
/// ```swift
/// let body = TrackedRequestBody(json)
/// request.body = body.body
/// // … the request fails …
/// if !body.wasRequested { /* nothing reached the server: retry */ }
/// ```
final class TrackedRequestBody: Sendable {
    /// The bytes.
    let bytes: [UInt8]
    /// Whether the body has been asked for.
    private let requested = Mutex(false)

    /// A body of `text`'s UTF-8 bytes.
    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether AsyncHTTPClient has asked for the body (the request head was written).
    var wasRequested: Bool { requested.withLock { $0 } }

    /// The body for an `HTTPClientRequest`: its length known, its bytes read when it is sent.
    var body: HTTPClientRequest.Body { .bytes(Bytes(owner: self), length: .known(Int64(bytes.count))) }

    /// Notes that the bytes were read.
    fileprivate func markRequested() {
        requested.withLock { $0 = true }
    }

    /// The body's bytes as a collection that marks the body requested when its bytes are read
    /// (not when its count is).
    struct Bytes: Collection, Sendable {
        /// The body.
        let owner: TrackedRequestBody

        var startIndex: Int { 0 }
        var endIndex: Int { owner.bytes.count }
        func index(after index: Int) -> Int { index + 1 }
        subscript(position: Int) -> UInt8 { owner.bytes[position] }

        /// Iterating reads the bytes.
        func makeIterator() -> IndexingIterator<[UInt8]> {
            owner.markRequested()
            return owner.bytes.makeIterator()
        }

        /// How `ByteBuffer` copies them: reads the bytes.
        func withContiguousStorageIfAvailable<Result>(
            _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
        ) rethrows -> Result? {
            owner.markRequested()
            return try owner.bytes.withUnsafeBufferPointer(body)
        }
    }
}
