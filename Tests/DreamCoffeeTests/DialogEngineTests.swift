import FoundationModels
import Synchronization
import TestSupport
import Testing

@testable import DreamCoffee

/// The dialog engine on the scripted model: streaming, the block list, condensation, failures.
@MainActor
@Suite struct DialogEngineTests {
    @Test func anAnswerStreamsIntoUpdatesAndStaysInTheConversation() async throws {
        let model = ScriptedLanguageModel([.text(["Three ", "dream-years, ", "and counting!"]), .text(["Espresso."])])
        let dialog = DialogEngine(model: model)
        var updates: [String] = []
        let reply = await dialog.talk(to: Barista(), userInput: "How long have you worked here?") { updates.append($0) }
        #expect(reply == .init(text: "Three dream-years, and counting!", outcome: .answered))
        // Snapshots may coalesce pieces, but each one is a prefix of the answer.
        #expect(updates.last == "Three dream-years, and counting!")
        #expect(updates.allSatisfy { "Three dream-years, and counting!".hasPrefix($0) })
        // The instructions are the sample's, with the first line the character just said.
        let instructions = try #require(model.requests.first?.transcript.first)
        guard case .instructions(let entry) = instructions else { Issue.record("no instructions"); return }
        let text = TranscriptCondenser.text(of: entry.segments)
        #expect(text.contains("You are Barista.") && text.contains(#"You just said: "Hey there. Can you get the dream orders?""#))
        _ = await dialog.talk(to: Barista(), userInput: "Your favourite?")
        #expect(dialog.session(for: Barista()).transcript.count == 5)
        #expect(dialog.lastResponse(of: Barista()) == "Espresso.")
    }

    @Test func aBlockedAnswerIsNeverShownAndTheSessionStartsOver() async throws {
        let model = ScriptedLanguageModel([.text(["Well, ", "as an AI ", "language model, I think"]), .text(["Back to coffee!"])])
        let dialog = DialogEngine(model: model)
        var updates: [String] = []
        let reply = await dialog.talk(to: Barista(), userInput: "What are you really?") { updates.append($0) }
        #expect(reply == .init(text: Barista().errorResponse, outcome: .blocked("as an ai")))
        #expect(!updates.contains { $0.lowercased().contains("as an ai") })
        // The new session starts from the resume line, with no memory of the blocked turn.
        let session = dialog.session(for: Barista())
        #expect(session.transcript.count == 1)
        guard case .instructions(let entry)? = session.transcript.first else { Issue.record("no instructions"); return }
        #expect(TranscriptCondenser.text(of: entry.segments).contains(#"You just said: "So, where were we?""#))
        let next = await dialog.talk(to: Barista(), userInput: "Coffee?")
        #expect(next.text == "Back to coffee!")
    }

    @Test func aPartialWordIsNotBlockedBeforeItEnds() async {
        // "war" would be blocked, "warm" is not: the stream must not stop at "war".
        let model = ScriptedLanguageModel([.text(["A war", "m latte for you."])])
        let dialog = DialogEngine(model: model, blockList: BlockList(["war"]))
        let reply = await dialog.talk(to: Barista(), userInput: "Something hot?")
        #expect(reply == .init(text: "A warm latte for you.", outcome: .answered))
    }

    @Test func anOverflowingConversationIsCondensedThroughTheModel() async throws {
        let overflow = LanguageModelError.contextSizeExceeded(.init(contextSize: 4096, tokenCount: 4100, debugDescription: "full"))
        let model = ScriptedLanguageModel([
            .text(["I love oat milk."]),
            .failure(overflow),
            .text(["The Player asked about milk; Chike loves oat milk."]),
            .text(["Still oat milk!"]),
        ])
        let dialog = DialogEngine(model: model)
        _ = await dialog.talk(to: Barista(), userInput: "Favourite milk?")
        let reply = await dialog.talk(to: Barista(), userInput: "Still?")
        #expect(reply == .init(text: "Still oat milk!", outcome: .condensed))
        // The summary request quoted the old turns; the retried request carries the summary.
        let summaryRequest = model.requests[2].transcript.map(\.description).joined()
        #expect(summaryRequest.contains("Player: Favourite milk?") && summaryRequest.contains("Barista: I love oat milk."))
        let retried = model.requests[3].transcript
        guard case .instructions(let entry)? = retried.first else { Issue.record("no instructions"); return }
        #expect(TranscriptCondenser.text(of: entry.segments).contains("So far in this conversation: The Player asked about milk"))
        #expect(retried.count == 4) // instructions, the last exchange, the new prompt
    }

    @Test func aFailureShowsTheErrorLineAndResets() async {
        struct Broken: Error {}
        let model = ScriptedLanguageModel([.failure(Broken()), .text(["Hello again."])])
        let dialog = DialogEngine(model: model)
        let reply = await dialog.talk(to: Barista(), userInput: "Hi")
        #expect(reply.text == Barista().errorResponse)
        guard case .failed = reply.outcome else { Issue.record("\(reply.outcome)"); return }
        #expect(await dialog.talk(to: Barista(), userInput: "Hi").text == "Hello again.")
    }

    @Test func aToolThatThrowsEndsInTheErrorLineNotACrash() async {
        let model = ScriptedLanguageModel([
            .toolCalls([.init(id: "1", name: "getCalendarEvent", arguments: #"{"day": 3}"#)]),
            .text(["Never reached."]),
        ])
        let dialog = DialogEngine(model: model) { _ in [Unreachable()] }
        let reply = await dialog.talk(to: Barista(), userInput: "Busy on the 3rd?")
        #expect(reply.text == Barista().errorResponse)
        guard case .failed(let reason) = reply.outcome else { Issue.record("\(reply.outcome)"); return }
        #expect(reason.contains("getCalendarEvent"))
    }
}

/// A calendar tool whose calendar cannot be reached.
struct Unreachable: Tool {
    let name = "getCalendarEvent"
    let description = "Always fails."
    @Generable struct Arguments { let day: Int }
    func call(arguments: Arguments) async throws -> String { throw CalendarUnavailable() }
    struct CalendarUnavailable: Error {}
}

/// A calendar tool that always knows one event.
struct BookClub: Tool {
    let name = "getCalendarEvent"
    let description = "Finds events."
    @Generable struct Arguments { let day: Int }
    func call(arguments: Arguments) async throws -> String { "Book club at Rosa's on Thursday" }
}

@MainActor
@Suite struct DialogEngineToolTests {
    @Test func anEchoedToolCallIsReplacedByAnAnswerFromTheToolOutput() async throws {
        let model = ScriptedLanguageModel([
            .toolCalls([.init(id: "1", name: "getCalendarEvent", arguments: #"{"day": 26}"#)]),
            .text([#"({"name": "getCalendarEvent", "#, #""arguments": {"day": 26}})"#]),
            .text(["See you at Rosa's book club on Thursday!"]),
        ])
        let dialog = DialogEngine(model: model) { _ in [BookClub()] }
        var updates: [String] = []
        let reply = await dialog.talk(to: Barista(), userInput: "Any plans together?") { updates.append($0) }
        #expect(reply == .init(text: "See you at Rosa's book club on Thursday!", outcome: .answered))
        // The echo never reached the screen, and the tool's words reached the answering request.
        #expect(!updates.contains { $0.contains("arguments") })
        let answering = model.requests[2].transcript.map(\.description).joined()
        #expect(answering.contains("Book club at Rosa's on Thursday") && answering.contains("Any plans together?"))
        // The conversation keeps the answer, not the echo, after the tool's output.
        let transcript = dialog.session(for: Barista()).transcript
        guard case .response(let last)? = transcript.last else { Issue.record("no response"); return }
        #expect(TranscriptCondenser.text(of: last.segments) == reply.text)
        #expect(transcript.contains { if case .toolOutput = $0 { true } else { false } })
    }
}
