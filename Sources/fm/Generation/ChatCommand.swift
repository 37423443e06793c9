import ArgumentParser
import Foundation
import FoundationModels
import LocalInference

/// `fm chat`: a conversation with the local model in the terminal, with the options and slash
/// commands of Apple's `fm chat` (macOS 27). Answers stream as they are generated; Ctrl-C stops
/// the answer, not the program. Each conversation is a session saved after every answer as a
/// transcript (Apple's `Transcript` JSON) in `~/.fm/sessions/NAME.json` (`$FM_HOME/sessions`).
struct ChatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Interactive chat session (saved to ~/.fm/sessions; answers stream; Ctrl-C stops an answer).",
        discussion: """
            Commands: /help, /model [NAME], /instructions [TEXT], /history (the saved sessions), \
            /load NAME, /save [NAME], /clear (a new conversation), /transcript (this \
            conversation's entries), exit (or /quit, or end of input). Reads lines from standard \
            input, so a script can drive it.
              fm chat -i 'Answer briefly.'
              fm chat --continue
              fm chat -r 2026-06-09-101500
            """)

    @OptionGroup var model: SessionModelOptions

    @Option(name: [.customShort("i"), .long], help: "Instructions for a new conversation (its system message).")
    var instructions: String?

    @Option(name: [.customShort("r"), .long], help: "Resume the saved session NAME.")
    var resume: String?

    @Flag(name: .customLong("continue"), help: "Continue the most recent session.")
    var continueLast = false

    @Option(help: "Save NAME (system, or a catalog model) as the model of future `fm chat` runs, then chat with it.")
    var setDefaultModel: String?

    @OptionGroup var sampling: SamplingOptions

    func validate() throws {
        if resume != nil, continueLast { throw ValidationError("give --resume NAME or --continue, not both") }
        if instructions != nil, resume != nil || continueLast {
            throw ValidationError("--instructions cannot be combined with --resume or --continue (the session has its own)")
        }
    }

    func run() async throws {
        if let setDefaultModel {
            if setDefaultModel != AppleTier.system, setDefaultModel != AppleTier.pcc { _ = try ModelOptions.catalogPath(setDefaultModel) }
            try ChatDefaults.save(setDefaultModel)
            Terminal.status("default model for fm chat: \(setDefaultModel)")
        }
        let systemModel = try model.systemModel(useSavedDefault: true)
        let store = SessionStore.standard()
        var state = try openSession(store: store, model: systemModel)
        try systemModel.requireAvailable()
        // The instance the sessions will use: the model's own settings, loaded now so that the
        // first answer does not wait for it.
        let settings = try systemModel.localSettings ?? model.settings(useSavedDefault: true)
        let clock = ContinuousClock()
        let start = clock.now
        Terminal.status("loading \(settings.location.path)…")
        _ = try LocalModel.shared(settings: settings)
        Terminal.status("ready in \(clock.now - start); session \(state.name); /help lists the commands")

        let interrupts = InterruptForwarder()
        let interactive = isatty(STDIN_FILENO) != 0
        while true {
            if interactive {
                let palette = state.appearance.palette(colour: ChatAppearance.colourAllowed)
                Self.write(palette.prompt + ">" + palette.reset + " ")
            }
            guard let line = readLine() else { break }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if text == "exit" || text.hasPrefix("/") {
                guard handle(command: text, state: &state) else { break }
                continue
            }
            let palette = state.appearance.palette(colour: ChatAppearance.colourAllowed)
            if await answer(text, session: state.session, interrupts: interrupts, palette: palette) { state.autosave() }
        }
    }

    /// The session on `model` to start with: `--resume NAME`, `--continue`, or a new one. A
    /// session that cannot be read is an error naming its file; nothing is written over it.
    func openSession(store: SessionStore, model systemModel: SystemLanguageModel) throws -> ChatState {
        let modelName =
            model.modelFile.map { URL(fileURLWithPath: $0).lastPathComponent } ?? model.requested(useSavedDefault: true) ?? AppleTier.system
        var name = resume
        if continueLast {
            guard let last = store.mostRecent() else { throw CLIError("no saved session to continue in \(store.directory.path)") }
            name = last
        }
        if let name {
            let transcript = try store.load(name)
            Terminal.status("resumed session \(name) (\(transcript.count) entries)")
            return ChatState(
                store: store, name: name, isAutonamed: false, modelName: modelName, model: systemModel,
                session: LanguageModelSession(model: systemModel, transcript: transcript))
        }
        return ChatState(
            store: store, name: store.newName(), isAutonamed: true, modelName: modelName, model: systemModel,
            session: LanguageModelSession(model: systemModel, instructions: instructions))
    }

    /// Streams the answer to `prompt`; Ctrl-C cancels it and the conversation goes on.
    /// Returns whether an answer was recorded.
    func answer(
        _ prompt: String, session: LanguageModelSession, interrupts: InterruptForwarder,
        palette: ChatAppearance.Palette = ChatAppearance.dark.palette(colour: false)
    ) async -> Bool {
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
            return true
        } catch is CancellationError {
            Self.write(" " + palette.note + "[stopped]" + palette.reset + "\n")
        } catch {
            Self.write("\n")
            Terminal.status("error: \(error)")
        }
        return false
    }

    /// Writes to standard output at once (answers stream token by token).
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
