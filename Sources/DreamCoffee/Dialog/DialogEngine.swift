import Foundation
import FoundationModels

/// Keeps one `LanguageModelSession` per character, as Apple's sample does, and turns the
/// player's words into the character's streamed answer.
///
/// ```swift
/// let dialog = DialogEngine(model: SystemLanguageModel.default)
/// let reply = await dialog.talk(to: Barista(), userInput: "How long have you worked here?") { partial in
///     print(partial)   // the answer so far, as it streams
/// }
/// ```
///
/// An answer that says something on the block list is never shown: the stream is stopped at the
/// first blocked word, the character's fixed error line is shown instead, and its session starts
/// over. A conversation that outgrows the context window is condensed (a summary of the old
/// turns, through the model) and the player's words are answered on the condensed session.
@MainActor
package final class DialogEngine {
    /// How an exchange ended.
    package enum Outcome: Equatable, Sendable {
        /// The character answered.
        case answered
        /// The answer said a blocked word or phrase (named); the session was reset.
        case blocked(String)
        /// The conversation had to be condensed first, then the character answered.
        case condensed
        /// Generation failed (the error's description); the session was reset.
        case failed(String)
        /// The player cancelled the answer.
        case cancelled
    }

    /// What the character said, and how.
    package struct Reply: Equatable, Sendable {
        /// The line to show: the answer, or the character's error line.
        package let text: String
        /// How the exchange ended.
        package let outcome: Outcome
    }

    /// The model every session runs on.
    package let model: any LanguageModel
    /// Sampling for every answer.
    package var options: GenerationOptions
    /// What characters must not say.
    package var blockList: BlockList
    /// The tools a character's session gets (the calendar tool for customers).
    private let toolsFor: @Sendable (any GameCharacter) -> [any Tool]
    private var sessions: [UUID: LanguageModelSession] = [:]

    /// A dialog engine on `model`; `tools` gives each character's session its tools.
    package init(
        model: any LanguageModel, options: GenerationOptions = GenerationOptions(),
        blockList: BlockList = .standard, tools: @escaping @Sendable (any GameCharacter) -> [any Tool] = { _ in [] }
    ) {
        self.model = model
        self.options = options
        self.blockList = blockList
        toolsFor = tools
    }

    /// The sample's instructions for a character that has just said `startWith`.
    package static func instructions(for character: any GameCharacter, startWith: String) -> String {
        """
        A multiturn conversation between a game character and the player of this game. \
        You are \(character.displayName). Refer to \(character.displayName) in the first-person \
        (like "I" or "me"). You must respond in the voice of \(character.persona).\

        Keep your responses short and positive. Remember: Because this is the dream realm, \
        everything is free at this coffee shop and the baristas are paid in creative inpiration.

        You just said: "\(startWith)"
        """
    }

    /// Whether an answer is a tool call or JSON echoed as text rather than dialog.
    static func looksLikeMarkup(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("{") || trimmed.hasPrefix("({") || trimmed.hasPrefix("```") || trimmed.hasPrefix("[{") { return true }
        return trimmed.contains("\"arguments\"") || trimmed.contains("<tool_call>")
    }

    /// The character's session, created on first use with its first line.
    package func session(for character: any GameCharacter) -> LanguageModelSession {
        if let session = sessions[character.id] { return session }
        let session = makeSession(for: character, startWith: character.firstLine)
        sessions[character.id] = session
        return session
    }

    /// Starts the character's conversation over, having just said `startWith`.
    package func resetSession(_ character: any GameCharacter, startWith: String) {
        sessions[character.id] = makeSession(for: character, startWith: startWith)
    }

    /// The character's session if the conversation has started.
    func existingSession(for character: any GameCharacter) -> LanguageModelSession? {
        sessions[character.id]
    }

    /// Forgets a character (a customer who left).
    package func forget(_ character: any GameCharacter) {
        sessions[character.id] = nil
    }

    private func makeSession(for character: any GameCharacter, startWith: String) -> LanguageModelSession {
        LanguageModelSession(
            model: model, tools: toolsFor(character),
            instructions: DialogEngine.instructions(for: character, startWith: startWith))
    }

    /// The character answers `userInput`; `onUpdate` receives the answer so far as it streams.
    package func talk(
        to character: any GameCharacter, userInput: String,
        onUpdate: @MainActor (String) -> Void = { _ in }
    ) async -> Reply {
        var outcome = Outcome.answered
        for attempt in 0..<2 {
            let session = session(for: character)
            do {
                var answer = try await stream(session, userInput, onUpdate: onUpdate)
                if DialogEngine.looksLikeMarkup(answer) {
                    // A small model sometimes answers a tool's output by echoing a call instead of
                    // speaking. The character then answers from what the tools said, in a session
                    // without tools, and that answer replaces the echo in the conversation.
                    onUpdate("")
                    answer = try await answerFromToolOutputs(character, session: session, userInput: userInput, onUpdate: onUpdate)
                    if DialogEngine.looksLikeMarkup(answer) {
                        resetSession(character, startWith: character.resumeConversationLine)
                        return Reply(text: character.errorResponse, outcome: .failed("the answer was not dialog: \(answer.prefix(80))"))
                    }
                }
                if let blocked = blockList.firstMatch(in: answer) {
                    resetSession(character, startWith: character.resumeConversationLine)
                    return Reply(text: character.errorResponse, outcome: .blocked(blocked))
                }
                return Reply(text: answer, outcome: outcome)
            } catch LanguageModelError.contextSizeExceeded where attempt == 0 {
                do {
                    let condensed = try await TranscriptCondenser(model: model, options: options)
                        .condense(session.transcript, speaker: character.displayName)
                    sessions[character.id] = LanguageModelSession(model: model, tools: toolsFor(character), transcript: condensed)
                    outcome = .condensed
                } catch {
                    return fail(character, error)
                }
            } catch is CancellationError {
                resetIfBroken(character)
                return Reply(text: character.errorResponse, outcome: .cancelled)
            } catch {
                return fail(character, error)
            }
        }
        // Not reached: the second attempt returns whatever happens.
        return fail(
            character,
            LanguageModelError.contextSizeExceeded(.init(contextSize: 0, tokenCount: 0, debugDescription: "still too long after condensing")))
    }

    private func fail(_ character: any GameCharacter, _ error: any Error) -> Reply {
        resetSession(character, startWith: character.resumeConversationLine)
        return Reply(text: character.errorResponse, outcome: .failed(String(describing: error)))
    }

    /// After a cancelled answer the session may still be finishing; a fresh one keeps the
    /// conversation usable.
    private func resetIfBroken(_ character: any GameCharacter) {
        if let session = sessions[character.id], session.isResponding {
            sessions[character.id] = LanguageModelSession(model: model, tools: toolsFor(character), transcript: session.transcript)
        }
    }

    /// Answers the player's last words from the tool outputs of the turn, in a session without
    /// tools, then puts that answer in the character's conversation instead of the echo.
    private func answerFromToolOutputs(
        _ character: any GameCharacter, session: LanguageModelSession, userInput: String,
        onUpdate: @MainActor (String) -> Void
    ) async throws -> String {
        var entries = Array(session.transcript)
        guard let lastPrompt = entries.lastIndex(where: { if case .prompt = $0 { true } else { false } }) else { return "" }
        let outputs = entries[lastPrompt...].compactMap { entry -> String? in
            guard case .toolOutput(let output) = entry else { return nil }
            return TranscriptCondenser.text(of: output.segments)
        }
        let helper = LanguageModelSession(model: model, instructions: DialogEngine.instructions(for: character, startWith: character.firstLine))
        let prompt = """
            The player said: "\(userInput)"
            The calendar says: \(outputs.isEmpty ? "nothing" : outputs.joined(separator: " "))
            Reply to the player in the first person ("I", "we"), naming the event and its day, in one short sentence.
            """
        let answer = try await stream(helper, prompt, onUpdate: onUpdate)
        if let last = entries.indices.last, case .response = entries[last] { entries.removeLast() }
        entries.append(.response(Transcript.Response(assetIDs: [], segments: [.text(.init(content: answer))])))
        sessions[character.id] = LanguageModelSession(model: model, tools: toolsFor(character), transcript: Transcript(entries: entries))
        return answer
    }

    /// Streams one answer, stopping at the first blocked word so it is never shown.
    private func stream(
        _ session: LanguageModelSession, _ input: String,
        onUpdate: @MainActor (String) -> Void
    ) async throws -> String {
        var text = ""
        for try await snapshot in session.streamResponse(to: input, options: options) {
            text = snapshot.content
            // Only whole words count: "war" at the end of a piece may still become "warm".
            let complete = text.lastIndex { !$0.isLetter && !$0.isNumber && $0 != "'" }.map { text[..<$0] } ?? ""
            if blockList.firstMatch(in: String(complete)) != nil { break }
            // Markup echoed by the model is not shown while it streams (it is replaced).
            if !DialogEngine.looksLikeMarkup(text) { onUpdate(text) }
        }
        try Task.checkCancellation()
        return text
    }

    /// Every conversation's transcript, by character (for saving).
    package var transcripts: [UUID: Transcript] {
        sessions.mapValues(\.transcript)
    }

    /// Restores saved conversations; `characters` gives each its tools.
    package func restore(_ transcripts: [UUID: Transcript], characters: [any GameCharacter]) {
        sessions = [:]
        for character in characters {
            guard let transcript = transcripts[character.id] else { continue }
            sessions[character.id] = LanguageModelSession(model: model, tools: toolsFor(character), transcript: transcript)
        }
    }
}

extension DialogEngine {
    /// The character's last answer in its conversation, if it has answered.
    package func lastResponse(of character: any GameCharacter) -> String? {
        guard let session = existingSession(for: character) else { return nil }
        for entry in session.transcript.reversed() {
            if case .response(let response) = entry { return TranscriptCondenser.text(of: response.segments) }
        }
        return nil
    }
}
