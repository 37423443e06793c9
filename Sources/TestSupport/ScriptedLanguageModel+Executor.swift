import FoundationModels

extension ScriptedLanguageModel {
    /// Plays the scripted model's steps into the session's channel.
    package struct Executor: LanguageModelExecutor {
        /// The model played.
        package typealias Model = ScriptedLanguageModel

        /// Nothing to configure.
        package struct Configuration: Hashable, Sendable {}

        /// Creates the executor.
        package init(configuration: Configuration) {}

        /// Announces the prewarm on the model's `prewarms` stream.
        package func prewarm(model: ScriptedLanguageModel, transcript: Transcript) {
            model.recordPrewarm(transcript)
        }

        /// Plays the model's next step.
        package nonisolated(nonsending) func respond(
            to request: LanguageModelExecutorGenerationRequest,
            model: ScriptedLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            switch try model.nextStep(for: request) {
            case .text(let pieces):
                try await Self.stream(pieces, into: channel)
            case .toolCalls(let calls):
                for call in calls {
                    for piece in Self.pieces(of: call.arguments, size: 7) {
                        try Task.checkCancellation()
                        await channel.send(
                            .toolCalls(action: .toolCall(id: call.id, name: call.name, action: .appendArguments(piece, tokenCount: 1))))
                    }
                }
            case .events(let events):
                for event in events {
                    await channel.send(event)
                }
            case .pause(let pieces, let gate):
                try await Self.stream(pieces, into: channel)
                try await gate.arriveAndWait()
            case .failure(let error):
                throw error
            }
        }

        /// Sends each piece as response text.
        private static func stream(_ pieces: [String], into channel: LanguageModelExecutorGenerationChannel) async throws {
            for piece in pieces {
                try Task.checkCancellation()
                await channel.send(.response(action: .appendText(piece, tokenCount: 1)))
            }
        }

        /// `text` cut into pieces of at most `size` characters (one empty piece for empty text).
        private static func pieces(of text: String, size: Int) -> [String] {
            guard !text.isEmpty else { return [""] }
            var pieces: [String] = []
            var rest = Substring(text)
            while !rest.isEmpty {
                pieces.append(String(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
            return pieces
        }
    }
}
