/// The stream of events a `LanguageModelExecutor` sends while it generates one step of a
/// response (Apple 27.0's provider API).
///
/// The session creates the channel, hands it to the executor and reads the events as they come;
/// the executor only sends:
///
/// ```swift
/// await channel.send(.response(action: .appendText("Hel", tokenCount: 1)))
/// await channel.send(.response(action: .appendText("lo", tokenCount: 1)))
/// // or, to call a tool:
/// await channel.send(.toolCalls(action: .toolCall(id: "call-1", name: "getWeather",
///                                                 action: .appendArguments(#"{"city": "Paris"}"#, tokenCount: 6))))
/// ```
///
/// Events are buffered, so `send` never waits for the reader. The channel ends when the
/// executor's `respond` returns (or throws); events sent after that are dropped.
public struct LanguageModelExecutorGenerationChannel: AsyncSequence, Sendable {
    /// The channel's elements.
    public typealias Element = Event
    /// Reading a channel throws the executor's error, if it failed.
    public typealias Failure = any Swift.Error

    /// The events in the order they were sent.
    let events: AsyncThrowingStream<Event, any Swift.Error>
    /// The sending end.
    let continuation: AsyncThrowingStream<Event, any Swift.Error>.Continuation

    /// Creates an open channel with no events.
    public init() {
        (events, continuation) = AsyncThrowingStream.makeStream(of: Event.self, throwing: (any Swift.Error).self)
    }

    /// An iterator over the events.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: events.makeAsyncIterator())
    }

    /// Sends an event to the reader.
    public nonisolated(nonsending) func send(_ event: Event) async {
        continuation.yield(event)
    }

    /// Ends the channel: the reader sees the end, or `error` if the executor failed.
    func finish(throwing error: (any Swift.Error)? = nil) {
        continuation.finish(throwing: error)
    }
}

extension LanguageModelExecutorGenerationChannel {
    /// Reads a channel's events one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The iterator's elements.
        public typealias Element = Event
        /// Reading throws the executor's error, if it failed.
        public typealias Failure = any Swift.Error

        /// The underlying stream's iterator.
        var base: AsyncThrowingStream<Event, any Swift.Error>.Iterator

        /// The next event, or `nil` when the executor is done.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Event? {
            try await base.next(isolation: actor)
        }

        /// The next event, or `nil` when the executor is done.
        public mutating func next() async throws -> Event? {
            try await base.next()
        }
    }
}
