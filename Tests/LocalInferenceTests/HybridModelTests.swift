import Foundation
import LLMEngine
import LocalInference
import Testing

/// A hybrid model (LFM2: short convolutions with a recurrent state beside attention layers)
/// through the token loop, the context pool and the prompt cache: the guarantees the KV cache
/// gives attention models hold for its states. The model is the `lfm2` fixture of
/// LLMEngineTests (random weights, Qwen2.5's vocabulary and chat template), written from its
/// seed by `make_arch_fixtures.py models`.
@Suite(.serialized) struct HybridModelTests {
    static let path: Result<String, ScriptFailure> = {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("LLMEngineTests/Fixtures/architectures/make_arch_fixtures.py")
        let directory = script.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/hybrid-model")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "models", "--only", "lfm2", "--out", directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch { return .failure(ScriptFailure(message: "cannot run python3: \(error)")) }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return .failure(ScriptFailure(message: "make_arch_fixtures.py models: \(text)")) }
        return .success(directory.appendingPathComponent("lfm2.f16.gguf").path)
    }()

    struct ScriptFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func model(promptCache: URL? = nil) throws -> LocalModel {
        try LocalModel(location: ModelLocation(path: path.get()), contextSize: 512, threads: 2, promptCacheDirectory: promptCache)
    }

    static let system = ChatMessage(
        role: .system,
        content: """
            You are the narrator of a coffee shop game set in a small harbour town. Customers come in one by one: \
            fishermen at dawn, students at noon, tired sailors at dusk. Describe each customer in one sentence. (hybrid test)
            """)

    @Test func turnTwoPrefillsOnlyItsNewTokens() throws {
        let model = try Self.model()
        #expect(!model.transformer.hyperparameters.recurrentStateWidths.isEmpty)
        var messages = [Self.system, ChatMessage(role: .user, content: "Name a coffee drink.")]
        let first = try model.renderer.tokens(for: ChatPrompt(messages: messages))
        let turn1 = try model.generateSynchronously(GenerationRequest(prompt: first, maximumTokens: 12))
        #expect(turn1.prefilledTokens == first.count)
        messages.append(ChatMessage(role: .assistant, content: turn1.text))
        messages.append(ChatMessage(role: .user, content: "And a tea?"))
        let second = try model.renderer.tokens(for: ChatPrompt(messages: messages))
        #expect(Array(second.prefix(first.count + turn1.responseTokens.count)) == first + turn1.responseTokens)
        let turn2 = try model.generateSynchronously(GenerationRequest(prompt: second, maximumTokens: 4))
        #expect(turn2.reusedPromptTokens >= first.count + turn1.responseTokens.count - 1)
        #expect(turn2.prefilledTokens == second.count - turn2.reusedPromptTokens)
        #expect(turn2.prefilledTokens < 16)
        // The same prompt again returns to the state kept one short of its end.
        let again = try model.generateSynchronously(GenerationRequest(prompt: second, maximumTokens: 4))
        #expect(again.prefilledTokens == 1 && again.text == turn2.text)
    }

    @Test func aNewProcessContinuesFromTheStatesOnDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hybrid-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let prompt = try Self.model().renderer.tokens(
            for: ChatPrompt(messages: [Self.system, ChatMessage(role: .user, content: "Who comes in at dawn?")]))
        #expect(prompt.count >= 64)
        let first = try Self.model(promptCache: directory)
        let answer = try first.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 6))
        // A second process asks the same: all but the last token come from the file.
        let second = try Self.model(promptCache: directory)
        let repeated = try second.generateSynchronously(GenerationRequest(prompt: prompt, maximumTokens: 6))
        #expect(repeated.reusedPromptTokens == prompt.count - 1)
        #expect(repeated.text == answer.text)
        // A third process with another question of the same instructions cannot reuse a part of
        // the entry (its states are those after the whole prompt) and prefills it all.
        let other = try Self.model(promptCache: directory).renderer.tokens(
            for: ChatPrompt(messages: [Self.system, ChatMessage(role: .user, content: "Who comes in at noon?")]))
        let third = try Self.model(promptCache: directory)
        let fresh = try third.generateSynchronously(GenerationRequest(prompt: other, maximumTokens: 2))
        #expect(fresh.reusedPromptTokens == 0 && fresh.prefilledTokens == other.count)
    }
}
