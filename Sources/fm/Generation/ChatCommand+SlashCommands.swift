import Foundation
import FoundationModels
import LLMEngine
import ModelStore

extension ChatCommand {
    /// The slash commands, as `/help` lists them.
    static let help = """
        /help                  this list
        /model [NAME]          the model answering (system, pcc, or a catalog model)
        /instructions [TEXT]   show, or set, the conversation's instructions
        /history               the saved sessions (* marks this one)
        /load NAME             continue a saved session
        /save [NAME]           save this session now (as NAME: a new name, or a path with '/')
        /clear                 a new conversation (this one stays saved)
        /transcript            this conversation's entries
        /appearance [MODE]     show, or set, the colours: dark, light or auto (kept for next time)
        /increase-limit        raise the PCC quota (PCC only; not available on this system)
        exit                   end the chat (also /quit, /exit, end of input)
        Ctrl-C stops an answer.
        """

    /// Runs a slash command (or `exit`); returns `false` to end the chat.
    func handle(command line: String, state: inout ChatState) -> Bool {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : nil
        switch parts[0] {
        case "exit", "/exit", "/quit":
            return false
        case "/help":
            Terminal.status(Self.help)
        case "/clear", "/reset":
            let instructions = state.instructions
            state.session = state.makeSession(transcript: ChatState.transcript(Transcript(), instructions: instructions))
            state.name = state.store.newName()
            state.isAutonamed = true
            Terminal.status("new conversation (session \(state.name))")
        case "/model":
            switchModel(to: argument, state: &state)
        case "/instructions":
            if let argument {
                state.session = state.makeSession(transcript: ChatState.transcript(state.session.transcript, instructions: argument))
                Terminal.status("instructions set")
            } else {
                Terminal.status(state.instructions.map { "instructions: \($0)" } ?? "no instructions")
            }
        case "/history":
            let sessions = state.store.list()
            if sessions.isEmpty { Terminal.status("no saved sessions in \(state.store.directory.path)") }
            for session in sessions {
                Self.write(
                    "\(session.name == state.name ? "*" : " ") \(session.name)  \(session.modified.formatted(date: .abbreviated, time: .shortened))\n"
                )
            }
        case "/load":
            guard let argument else {
                Terminal.status("usage: /load NAME")
                return true
            }
            load(argument, state: &state)
        case "/save":
            save(as: argument, state: &state)
        case "/transcript":
            for entry in state.session.transcript { Self.write("\(entry)\n") }
        case "/appearance":
            setAppearance(argument, state: &state)
        case "/increase-limit":
            // Apple's tool opens the PCC quota flow; the system model has no quota.
            Terminal.status("/increase-limit applies to PCC only: \(AppleTier.pccUnavailable)")
        default:
            Terminal.status("unknown command \(parts[0]); /help lists the commands")
        }
        return true
    }

    /// `/appearance [dark|light|auto]`: shows the colours, or sets and saves them.
    func setAppearance(_ argument: String?, state: inout ChatState) {
        guard let argument else {
            let current = state.appearance
            Terminal.status("appearance: \(current.rawValue)" + (current == .auto ? " (\(current.resolved().rawValue) here)" : ""))
            return
        }
        guard let appearance = ChatAppearance(rawValue: argument.lowercased()) else {
            Terminal.status("usage: /appearance dark|light|auto")
            return
        }
        state.appearance = appearance
        do {
            try appearance.save()
            Terminal.status("appearance: \(appearance.rawValue)")
        } catch {
            Terminal.status("appearance: \(appearance.rawValue) (not saved: \(error.localizedDescription))")
        }
    }

    /// `/load NAME` (or a path): continues that transcript; a corrupt file is reported by name
    /// and the current session goes on, unsaved over nothing.
    func load(_ argument: String, state: inout ChatState) {
        do {
            let transcript: Transcript
            if argument.contains("/") {
                transcript = try SessionStore.readTranscript(at: URL(fileURLWithPath: argument), label: "transcript")
            } else {
                transcript = try state.store.load(argument)
                state.name = argument
                state.isAutonamed = false
            }
            state.session = state.makeSession(transcript: transcript)
            Terminal.status("loaded \(transcript.count) entries from \(argument)")
        } catch {
            Terminal.status("could not load \(argument): \(error)")
        }
    }

    /// `/save [NAME]`: saves now; a NAME renames the session, a path writes a copy there.
    func save(as argument: String?, state: inout ChatState) {
        let transcript = state.session.transcript
        do {
            if let argument, argument.contains("/") {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                try encoder.encode(transcript).write(to: URL(fileURLWithPath: argument), options: .atomic)
                Terminal.status("saved \(transcript.count) entries to \(argument)")
                return
            }
            let name = argument ?? state.name
            try state.store.save(transcript, as: name)
            if name != state.name, state.isAutonamed {
                try? FileManager.default.removeItem(at: state.store.url(of: state.name))
            }
            state.name = name
            state.isAutonamed = false
            Terminal.status("saved \(transcript.count) entries to \(state.store.url(of: name).path)")
        } catch {
            Terminal.status("could not save \(argument ?? state.name): \(error)")
        }
    }

    /// `/model [NAME]`: shows the model, or continues the conversation on another one.
    func switchModel(to name: String?, state: inout ChatState) {
        guard let name else {
            Terminal.status("model: \(state.modelName)")
            return
        }
        if name == AppleTier.pcc {
            Terminal.status("Error: \(AppleTier.pccUnavailable)")
            return
        }
        do {
            let path = try ModelOptions.catalogPath(name == AppleTier.system ? ModelCatalog.defaultModel.name : name)
            guard let switched = state.switchedModel(to: path) else { throw CLIError("the model does not run on the local engine") }
            state.model = switched
            state.session = state.makeSession(transcript: state.session.transcript)
            state.modelName = name
            Terminal.status("model: \(name)")
        } catch {
            Terminal.status("Error: \(error)")
        }
    }
}
