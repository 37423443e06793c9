import Foundation
import FoundationModels
import LocalInference

/// The conversation `fm chat` is in: its session, the name it is saved under, and the model
/// answering it.
struct ChatState {
    /// Where sessions are saved.
    let store: SessionStore
    /// The session's name (its file is `NAME.json` in the store).
    var name: String
    /// Whether the name was made up (the date) rather than chosen: `/save NAME` then renames
    /// the file instead of copying it.
    var isAutonamed: Bool
    /// The model answering: `system` or a catalog name.
    var modelName: String
    /// The model of new sessions: the command line's settings, with another file after
    /// `/model NAME`.
    var model: SystemLanguageModel
    /// The conversation.
    var session: LanguageModelSession
    /// The colours (`/appearance`).
    var appearance = ChatAppearance.saved()

    /// The instructions of the conversation, if any.
    var instructions: String? {
        guard case .instructions(let entry)? = session.transcript.first else { return nil }
        return entry.segments.compactMap { segment -> String? in
            if case .text(let text) = segment { return text.content }
            return nil
        }.joined(separator: "\n")
    }

    /// A session on the current model over `transcript`.
    func makeSession(transcript: Transcript) -> LanguageModelSession {
        LanguageModelSession(model: model, transcript: transcript)
    }

    /// The current model with its file replaced by the one at `path`: the context size, KV
    /// cache and prompt cache of the command line stay.
    func switchedModel(to path: String) -> SystemLanguageModel? {
        guard var settings = model.localSettings else { return nil }
        settings.location = ModelLocation(path: path)
        return SystemLanguageModel(settings: settings, unsetSampling: model.localUnsetSampling ?? .standard)
    }

    /// Saves the session after an answer; a failure is reported, not fatal.
    func autosave() {
        do {
            try store.save(session.transcript, as: name)
        } catch {
            Terminal.status("could not save session \(name): \(error)")
        }
    }

    /// A transcript of `entries` with `instructions` in place of the first instructions entry.
    static func transcript(_ transcript: Transcript, instructions: String?) -> Transcript {
        var entries = Array(transcript)
        if case .instructions? = entries.first { entries.removeFirst() }
        if let instructions {
            entries.insert(.instructions(Transcript.Instructions(segments: [.text(.init(content: instructions))], toolDefinitions: [])), at: 0)
        }
        return Transcript(entries: entries)
    }
}
