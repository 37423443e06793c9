import Foundation
import Kernels
import LLMEngine
import LocalInference
import ModelStore
import TestSupport
import Testing

/// Prompts' keys and values on disk: a new process (here a new `LocalModel`, whose context pool
/// starts empty) reuses what an earlier one prefilled; damaged entries, other models' or other
/// layouts' are never loaded; old entries go past the size limit.
@Suite(.serialized) struct PromptCacheTests {
    /// A fresh directory, removed after `body`.
    static func withDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prompt-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    /// A model instance of its own (an empty context pool, as in a new process).
    static func freshQwen(_ directory: URL?, kvFormat: KVFormat? = nil) throws -> LocalModel {
        try LocalModel(
            location: ModelLocation(path: TestModels.qwenPath(), catalogName: ModelCatalog.qwen.name), contextSize: 1024,
            kvFormat: kvFormat, promptCacheDirectory: directory)
    }

    static func entries(_ directory: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "fmkv" }
    }

    static func prompt(_ model: LocalModel, question: String) throws -> [Int] {
        let system = ChatMessage(
            role: .system,
            content: """
                You are the narrator of a coffee shop game set in a small harbour town. Customers come in one by one: \
                fishermen at dawn, students at noon, tired sailors at dusk. Describe each customer in one sentence, \
                name the drink they order, and say one thing they mention about the weather or the sea. Keep the tone \
                warm and a little funny. (prompt cache test)
                """)
        return try model.renderer.tokens(for: ChatPrompt(messages: [system, ChatMessage(role: .user, content: question)]))
    }

    @Test func aNewProcessReusesWhatAnEarlierOnePrefilled() throws {
        try Self.withDirectory { directory in
            let first = try Self.freshQwen(directory)
            let prompt = try Self.prompt(first, question: "Who comes in first?")
            #expect(prompt.count > 80)
            let cold = try first.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 4))
            #expect(cold.reusedPromptTokens == 0)
            #expect(Self.entries(directory).count == 1)

            // The same prompt in a new process: everything but the last token is read back.
            let second = try Self.freshQwen(directory)
            let warm = try second.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 4))
            #expect(warm.reusedPromptTokens == prompt.count - 1)
            #expect(warm.prefilledTokens == 1)
            #expect(Self.entries(directory).count == 1, "the same prompt is not saved twice")

            // Another question after the same instructions: the shared start is read back, and
            // the few tokens computed are not worth a file of their own.
            let third = try Self.freshQwen(directory)
            let other = try Self.prompt(third, question: "And who is the grumpiest customer today?")
            var shared = 0
            while other[shared] == prompt[shared] { shared += 1 }
            #expect(shared > 64)
            let next = try third.generateSynchronously(GenerationRequest(prompt: other, maximumTokens: 4))
            #expect(next.reusedPromptTokens == shared)
            #expect(next.prefilledTokens < 64)
            #expect(Self.entries(directory).count == 1)
        }
    }

    @Test func damagedEntriesAreRemovedAndThePromptPrefilled() throws {
        try Self.withDirectory { directory in
            let model = try Self.freshQwen(directory)
            let prompt = try Self.prompt(model, question: "Who comes in at noon?")
            _ = try model.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 2))
            let entry = try #require(Self.entries(directory).first)
            var bytes = try Data(contentsOf: entry)
            for damage in ["a flipped byte among the rows", "a file cut short"] {
                var broken = bytes
                if damage == "a file cut short" { broken = broken.prefix(broken.count / 2) } else { broken[broken.count / 2] ^= 0x40 }
                try broken.write(to: entry)
                let fresh = try Self.freshQwen(directory)
                let outcome = try fresh.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 2))
                #expect(outcome.reusedPromptTokens == 0, "\(damage)")
                // The bad file was removed, and the fresh prefill saved a good one in its place.
                bytes = try Data(contentsOf: entry)
                #expect(bytes.count > broken.count || bytes != broken, "\(damage)")
            }
            let last = try Self.freshQwen(directory)
            #expect(try last.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 2)).reusedPromptTokens == prompt.count - 1)
        }
    }

    @Test func rowsOfAnotherLayoutAreNotRead() throws {
        try Self.withDirectory { directory in
            let halves = try Self.freshQwen(directory)
            let prompt = try Self.prompt(halves, question: "Who comes in last?")
            _ = try halves.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 2))
            let eightBit = try Self.freshQwen(directory, kvFormat: .q8_0)
            #expect(try eightBit.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 2)).reusedPromptTokens == 0)
            #expect(Self.entries(directory).count == 2, "one entry per layout")
        }
    }

    @Test func theLeastRecentlyUsedEntriesGoPastTheLimit() throws {
        try Self.withDirectory { directory in
            let model = try LocalTestModels.qwen()
            let prompts = try ["Who comes in first?", "Who comes in second?", "Who comes in third?"].map {
                try Self.prompt(model, question: $0)
            }
            let layout = ModelContext(model: model.transformer, capacity: 1).rowLayout
            let key = PromptCache.Key(modelPath: try TestModels.qwenPath(), layout: layout, isa: KernelSet.default.isa)
            // Room for two entries of these prompts, not three.
            let limit = Int64(layout.byteCount(positions: prompts[0].count) * 5 / 2)
            let cache = PromptCache(directory: directory, key: key, maximumBytes: limit)
            let context = ModelContext(model: model.transformer, capacity: 256)
            var files: [URL] = []
            for prompt in prompts {
                try context.prefill(prompt)
                cache.save(context, prompt: prompt, computed: prompt.count)
                let now = Set(Self.entries(directory)).subtracting(files)
                files += now
                Thread.sleep(forTimeInterval: 0.02) // distinct modification times
            }
            #expect(files.count == 3)
            let left = Set(Self.entries(directory).map(\.lastPathComponent))
            #expect(left == Set(files.suffix(2).map(\.lastPathComponent)), "the oldest went")
            // What is left is found and loads.
            let hit = try #require(cache.lookup(prompts[2]))
            #expect(hit.length == prompts[2].count - 1)
            let fresh = ModelContext(model: model.transformer, capacity: 256)
            #expect(cache.load(hit, into: fresh))
            #expect(fresh.tokens == Array(prompts[2].prefix(hit.length)))
            #expect(cache.lookup(Array(prompts[0].prefix(10))) == nil, "under minimumReuse")
        }
    }

    /// A longer prompt that starts with a stored one (a conversation's next turn) replaces its
    /// entry; a prompt mostly reused is not written.
    @Test func aConversationKeepsOneEntry() throws {
        try Self.withDirectory { directory in
            let model = try LocalTestModels.qwen()
            let first = try Self.prompt(model, question: "Who comes in first?")
            let longer = first + Array(first.prefix(80))
            let layout = ModelContext(model: model.transformer, capacity: 1).rowLayout
            let cache = PromptCache(
                directory: directory, key: PromptCache.Key(modelPath: try TestModels.qwenPath(), layout: layout, isa: KernelSet.default.isa))
            let context = ModelContext(model: model.transformer, capacity: 512)
            try context.prefill(first)
            cache.save(context, prompt: first, computed: first.count)
            let stored = Self.entries(directory)
            #expect(stored.count == 1)
            try context.prefill(longer)
            cache.save(context, prompt: longer, computed: 63)
            #expect(Self.entries(directory) == stored, "63 computed tokens are not written")
            cache.save(context, prompt: longer, computed: 80)
            let now = Self.entries(directory)
            #expect(now.count == 1 && now != stored)
            #expect(cache.lookup(longer + [7])?.length == longer.count)
        }
    }
}
