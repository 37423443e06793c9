extension LanguageModelSession {
    /// The response to a request as it is generated: an asynchronous sequence of snapshots,
    /// each holding the *whole* response so far (not the latest piece).
    ///
    /// ```swift
    /// let stream = session.streamResponse(to: "A cat profile", generating: CatProfile.self)
    /// for try await snapshot in stream {
    ///     print(snapshot.content.name ?? "…")    // CatProfile.PartiallyGenerated
    /// }
    /// let response = try await stream.collect()  // the final Response<CatProfile>
    /// ```
    ///
    /// Generation starts when the stream is created and runs to the end even if nobody reads;
    /// a reader that falls behind gets the newest snapshot. A stream may end without any
    /// snapshot (an empty response). Cancelling the task that reads cancels the generation.
    public struct ResponseStream<Content> where Content: Generable {
        /// The generation shared by all readers of this stream.
        let state: ResponseStreamState

        /// The whole response so far.
        public struct Snapshot {
            /// The response so far as the content type's partially generated form.
            public var content: Content.PartiallyGenerated
            /// The response so far as generated content.
            public var rawContent: GeneratedContent
            /// The turn's transcript entries so far, from the prompt (tool calls and outputs
            /// of earlier steps included).
            public var transcriptEntries: ArraySlice<Transcript.Entry>
            /// The tokens the turn's finished steps read and generated.
            public var usage: LanguageModelSession.Usage
        }
    }
}

extension LanguageModelSession.ResponseStream: AsyncSequence {
    /// The stream's elements.
    public typealias Element = Snapshot
    /// Reading a stream throws the request's error, if it failed.
    public typealias Failure = any Swift.Error

    /// Reads a response stream's snapshots.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The iterator's elements.
        public typealias Element = Snapshot
        /// Reading throws the request's error, if it failed.
        public typealias Failure = any Swift.Error

        /// The generation.
        let state: ResponseStreamState
        /// The sequence number of the last snapshot returned.
        var seen = 0
        /// Whether the end has been returned.
        var done = false

        /// The next snapshot, or `nil` at the end of the response.
        ///
        /// - Throws: the request's error (a `LanguageModelError`, a `ToolCallError`,
        ///   `CancellationError`).
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws -> Snapshot? {
            while !done {
                switch await state.update(after: seen) {
                case .snapshot(let sequence, let content, let entries, let usage):
                    seen = sequence
                    // A snapshot the partial type cannot read yet is skipped; a later one will do.
                    if let snapshot = Self.snapshot(of: content, entries: entries, usage: usage) { return snapshot }
                case .finished(.success):
                    done = true
                case .finished(.failure(let error)):
                    done = true
                    throw error
                }
            }
            return nil
        }

        /// The snapshot showing `content`, if the partial type can read it.
        private static func snapshot(
            of content: GeneratedContent, entries: ArraySlice<Transcript.Entry>, usage: LanguageModelSession.Usage
        ) -> Snapshot? {
            try? Snapshot(content: read(from: content), rawContent: content, transcriptEntries: entries, usage: usage)
        }
    }

    /// An iterator over the snapshots, starting with the newest.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(state: state)
    }

    /// Waits for the end of the response and returns it.
    ///
    /// ```swift
    /// let response = try await session.streamResponse(to: "Hi").collect()
    /// ```
    /// - Throws: the request's error (a `LanguageModelError`, a `ToolCallError`,
    ///   `CancellationError`).
    public nonisolated(nonsending) func collect() async throws -> sending LanguageModelSession.Response<Content> {
        let result = try await state.outcome().get()
        return LanguageModelSession.Response(
            content: try LanguageModelSession.decode(Content.self, from: result.rawContent),
            rawContent: result.rawContent,
            transcriptEntries: result.entries,
            usage: result.usage
        )
    }
}

/// Reads a value of `type` from content.
private func read<Value: ConvertibleFromGeneratedContent>(from content: GeneratedContent) throws -> Value {
    try Value(content)
}

extension LanguageModelSession {
    /// Starts a turn in the background and returns its stream.
    func stream<Content: Generable>(_ turn: TurnRequest, generating type: Content.Type) -> ResponseStream<Content> {
        do {
            try beginRequest()
        } catch {
            return ResponseStream(state: ResponseStreamState(failure: error))
        }
        let state = ResponseStreamState()
        state.start { [self] in
            do {
                let result = try await runTurn(
                    turn, validate: { _ = try Self.decode(Content.self, from: $0) }, onSnapshot: state.publish, onProgress: state.progress)
                state.finish(.success(result))
            } catch {
                state.finish(.failure(error))
            }
        }
        return ResponseStream(state: state)
    }

    /// Makes a `Content` from the response's content.
    ///
    /// - Throws: the type's `GeneratedContent.ParsingError`, or one naming the type and wrapping
    ///   what it threw.
    static func decode<Content: Generable>(_ type: Content.Type, from content: GeneratedContent) throws -> Content {
        do {
            return try Content(content)
        } catch let error as GeneratedContent.ParsingError {
            throw error
        } catch {
            throw GeneratedContent.ParsingError(
                rawContent: content.jsonString, underlyingError: error,
                debugDescription: "Could not make a \(Content.self) from the response \(content.jsonString): \(error)")
        }
    }
}
