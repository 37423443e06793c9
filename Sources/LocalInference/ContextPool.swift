import Foundation
import Kernels
import LLMEngine
import Synchronization

/// The KV contexts of one model: each conversation gets the idle context that already holds the
/// longest prefix of its prompt (its own, from its previous turn), so only new tokens are
/// prefilled; a conversation never shares a context with another while it generates.
///
/// At most `retained` idle contexts are kept (each holds up to `capacity` positions of keys and
/// values, in `format`: about 50 MB at 4096 positions of f16 for Qwen2.5-0.5B, mapped as they are
/// written); when more conversations generate at once, extra contexts are created and dropped
/// after use.
final class ContextPool: Sendable {
    /// Positions per context.
    let capacity: Int
    /// Idle contexts kept for later turns.
    let retained: Int
    /// How the contexts store keys and values.
    let format: KVFormat
    /// Prompts' keys and values on disk, when kept (`PromptCache`).
    let promptCache: PromptCache?
    private let model: Transformer
    private let state = Mutex<State>(State())

    private struct State {
        var idle: [(context: ModelContext, lastUsed: UInt64)] = []
        var clock: UInt64 = 0
    }

    /// A pool of contexts on `model`.
    ///
    /// With `promptCacheDirectory`, prompts' keys and values are also kept there for other
    /// processes of the model at `modelPath` (`PromptCache`).
    init(
        model: Transformer, capacity: Int, format: KVFormat = .f16, retained: Int = 4, promptCacheDirectory: URL? = nil,
        modelPath: String = ""
    ) {
        self.model = model
        self.capacity = capacity
        self.format = format
        self.retained = retained
        promptCache = promptCacheDirectory.map { directory in
            let layout = ModelContext(model: model, capacity: 1, format: format).rowLayout
            return PromptCache(directory: directory, key: PromptCache.Key(modelPath: modelPath, layout: layout, isa: model.kernels.isa))
        }
    }

    /// Takes the idle context holding the longest prefix of `prompt`, for the caller's exclusive
    /// use until `release`.
    ///
    /// A context is taken when the prompt keeps at least half of what it holds (the next turn of
    /// its conversation, another request with the same instructions and schema). A shorter match
    /// (a chat template's first few tokens) would cut another conversation's prefix to save a few
    /// positions of prefill, so while there is room a new context is made instead; without room,
    /// the longest match is taken, or the least recently used context when nothing is shared.
    ///
    /// With a prompt cache, a context then loads the cache's entry for `prompt` when that holds
    /// more of it than the context does.
    func acquire(for prompt: [Int]) -> ModelContext {
        let context = acquireInMemory(for: prompt)
        if let promptCache, let hit = promptCache.lookup(prompt), hit.length > context.reusablePrefixLength(of: prompt) {
            promptCache.load(hit, into: context)
        }
        return context
    }

    /// The context `acquire` takes before looking at the prompt cache.
    private func acquireInMemory(for prompt: [Int]) -> ModelContext {
        let reuse = state.withLock { state -> ModelContext? in
            var best: (index: Int, length: Int, held: Int)?
            for (i, slot) in state.idle.enumerated() {
                let length = slot.context.reusablePrefixLength(of: prompt)
                if best == nil || length > best!.length { best = (i, length, slot.context.count) }
            }
            guard let best else { return nil }
            if best.length > 0, best.length * 2 >= best.held { return state.idle.remove(at: best.index).context }
            guard state.idle.count >= retained else { return nil }
            let index =
                best.length > 0
                ? best.index
                : state.idle.indices.min { state.idle[$0].lastUsed < state.idle[$1].lastUsed }!
            return state.idle.remove(at: index).context
        }
        return reuse ?? ModelContext(model: model, capacity: capacity, format: format)
    }

    /// Gives a context back for later turns, after saving the part of it that holds the start of
    /// `prompt` to the prompt cache (when there is one; see `PromptCache.save` for when it is
    /// written), `computed` of its tokens having been prefilled by this request.
    func release(_ context: ModelContext, prompt: [Int], computed: Int) {
        promptCache?.save(context, prompt: prompt, computed: computed)
        release(context)
    }

    /// Gives a context back for later turns.
    func release(_ context: ModelContext) {
        state.withLock { state in
            state.clock += 1
            state.idle.append((context, state.clock))
            if state.idle.count > retained {
                let oldest = state.idle.indices.min { state.idle[$0].lastUsed < state.idle[$1].lastUsed }!
                state.idle.remove(at: oldest)
            }
        }
    }

    /// Drops every idle context (their memory goes back; the next request starts afresh).
    func removeIdle() {
        state.withLock { $0.idle.removeAll() }
    }

    /// Idle contexts held now.
    var idleCount: Int { state.withLock { $0.idle.count } }
}
