import NIOCore
import NIOHTTPTypes

/// Closes a connection whose request does not arrive whole in time: from the first byte of a
/// request to the end of its body, at most `limit`. Hummingbird's idle timeout alone restarts with
/// every piece of request body it decodes, so a client dripping a body a byte at a time (a
/// "slowloris") would hold its connection, and a place in the server, for ever.
///
/// Two handlers share one clock: `RequestArrivalDeadline` sits after HTTP decoding and sees
/// where requests end and responses finish; the `ByteWatcher` it installs at the front of the
/// pipeline sees raw bytes arrive, so a request's headers are timed too.
///
/// ```
/// waiting --first byte--> reading --request end--> answering --response end--> waiting
///              (deadline armed)     (deadline cancelled)
/// ```
///
/// A response being written is never cut; between requests the idle timeout applies
/// (`ServerConfiguration.requestTimeout` sets `limit`).
final class RequestArrivalDeadline: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Where the connection is in its request/response cycle.
    enum Phase {
        /// No request is arriving.
        case waiting
        /// A request is arriving; it must end by the scheduled deadline.
        case reading(Scheduled<Void>)
        /// A request has arrived and is being answered.
        case answering
    }

    /// The longest a request may take to arrive.
    let limit: TimeAmount
    /// Where the connection is.
    private(set) var phase = Phase.waiting
    /// Requests closed for arriving too slowly (reported to the server's metrics).
    private let onExpired: @Sendable () -> Void

    /// A deadline of `limit` for each request; `onExpired` is called when one closes a connection.
    init(limit: TimeAmount, onExpired: @escaping @Sendable () -> Void = {}) {
        self.limit = limit
        self.onExpired = onExpired
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let watcher = ByteWatcher(owner: self, context: context)
        try? context.pipeline.syncOperations.addHandler(watcher, position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if case .reading(let deadline) = phase { deadline.cancel() }
        phase = .waiting
    }

    /// Bytes arrived: the first of a request starts its deadline.
    func bytesArrived(context: ChannelHandlerContext) {
        guard case .waiting = phase else { return }
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let deadline = context.eventLoop.scheduleTask(in: limit) {
            let (handler, context) = bound.value
            guard case .reading = handler.phase else { return }
            handler.phase = .waiting
            handler.onExpired()
            context.close(promise: nil)
        }
        phase = .reading(deadline)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .end = unwrapInboundIn(data) {
            if case .reading(let deadline) = phase { deadline.cancel() }
            phase = .answering
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), case .answering = phase { phase = .waiting }
        context.write(data, promise: promise)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .reading(let deadline) = phase { deadline.cancel() }
        phase = .waiting
        context.fireChannelInactive()
    }

    /// Sees raw bytes at the front of the pipeline and tells the deadline. Both handlers run on
    /// the connection's event loop.
    final class ByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer

        /// The deadline it reports to.
        private weak var owner: RequestArrivalDeadline?
        /// The deadline's place in the pipeline (for closing the connection from there).
        private let ownerContext: ChannelHandlerContext

        init(owner: RequestArrivalDeadline, context: ChannelHandlerContext) {
            self.owner = owner
            self.ownerContext = context
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if unwrapInboundIn(data).readableBytes > 0 { owner?.bytesArrived(context: ownerContext) }
            context.fireChannelRead(data)
        }
    }
}
