import ArgumentParser
import Dispatch
import Foundation
import FoundationModels
import LocalInference
import Synchronization

/// `fm chat`: a conversation with the local model in the terminal — a `LanguageModelSession`
/// whose answers stream as they are generated. Ctrl-C stops the answer, not the program; `/save`
/// and `/load` keep the transcript as JSON (Apple's `Transcript` encoding).
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Chat with the local model (answers stream; Ctrl-C stops an answer).",
        discussion: """
            Commands: /reset (a new conversation), /save FILE, /load FILE (the transcript as \
            JSON), /history, /help, /quit (or end of input). Reads lines from standard input, so \
            a script can drive it.
            """)

    @OptionGroup var model: ModelOptions

    @Option(help: "Instructions for the conversation (its system message).")
    var instructions: String?

    @OptionGroup var sampling: SamplingOptions

    func run() async throws {
        try model.selectForSessions()
        try SystemLanguageModel.default.requireAvailable()
        let location = ModelLocation.resolve()
        let clock = ContinuousClock()
        let start = clock.now
        Terminal.status("loading \(location.path)…")
        _ = try LocalModel.shared(at: location)
        Terminal.status("ready in \(clock.now - start); /help lists the commands")

        let interrupts = InterruptForwarder()
        var session = newSession()
        let interactive = isatty(STDIN_FILENO) != 0
        while true {
            if interactive { Self.write("> ") }
            guard let line = readLine() else { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if text.hasPrefix("/") {
                guard try handle(command: text, session: &session) else { break }
                continue
            }
            await answer(text, session: session, interrupts: interrupts)
        }
    }

    /// A new conversation with the command's instructions.
    func newSession() -> LanguageModelSession {
        instructions.map { LanguageModelSession(instructions: $0) } ?? LanguageModelSession()
    }

    /// Streams the answer to `prompt`; Ctrl-C cancels it and the conversation goes on.
    func answer(_ prompt: String, session: LanguageModelSession, interrupts: InterruptForwarder) async {
        let options = sampling.generationOptions
        let task = Task {
            var printed = ""
            for try await snapshot in session.streamResponse(to: prompt, options: options) {
                let content = snapshot.content
                if content.hasPrefix(printed) { Self.write(String(content.dropFirst(printed.count))) }
                printed = content
            }
        }
        interrupts.current = { task.cancel() }
        defer { interrupts.current = nil }
        do {
            try await task.value
            Self.write("\n")
        } catch is CancellationError {
            Self.write(" [stopped]\n")
        } catch {
            Self.write("\n")
            Terminal.status("error: \(error)")
        }
    }

    /// Runs a `/command`; returns `false` to end the chat.
    func handle(command line: String, session: inout LanguageModelSession) throws -> Bool {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
        switch parts[0] {
        case "/quit", "/exit":
            return false
        case "/reset":
            session = newSession()
            Terminal.status("new conversation")
        case "/save":
            guard let argument else { Terminal.status("usage: /save FILE"); return true }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try encoder.encode(session.transcript).write(to: URL(fileURLWithPath: argument), options: .atomic)
                Terminal.status("saved \(session.transcript.count) entries to \(argument)")
            } catch {
                Terminal.status("could not save \(argument): \(error.localizedDescription)")
            }
        case "/load":
            guard let argument else { Terminal.status("usage: /load FILE"); return true }
            do {
                let transcript = try JSONDecoder().decode(Transcript.self, from: Data(contentsOf: URL(fileURLWithPath: argument)))
                session = LanguageModelSession(transcript: transcript)
                Terminal.status("loaded \(transcript.count) entries from \(argument)")
            } catch {
                Terminal.status("could not load \(argument): \(error)")
            }
        case "/history":
            for entry in session.transcript { Self.write("\(entry)\n") }
        case "/help":
            Terminal.status("/reset  /save FILE  /load FILE  /history  /quit   (Ctrl-C stops an answer)")
        default:
            Terminal.status("unknown command \(parts[0]); /help lists the commands")
        }
        return true
    }

    /// Writes to standard output at once (answers stream token by token).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Turns Ctrl-C (SIGINT) into a call of `current` — cancelling the answer being generated —
/// instead of ending the program.
final class InterruptForwarder: Sendable {
    private let handler = Mutex<(@Sendable () -> Void)?>(nil)
    /// The signal source; set once here and only kept alive afterwards.
    nonisolated(unsafe) private let source: any DispatchSourceSignal

    /// Starts forwarding Ctrl-C (the default action, ending the program, is turned off).
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.fire() }
        source.resume()
    }

    /// What Ctrl-C does now (`nil`: nothing).
    var current: (@Sendable () -> Void)? {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }

    private func fire() {
        current?()
    }
}
