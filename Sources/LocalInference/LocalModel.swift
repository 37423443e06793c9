import ChatTemplates
import Foundation
import GGUF
import Kernels
import LLMEngine
import StructuredDecoding
import Synchronization
import Tokenizers

/// A GGUF model loaded once per process: its weights (memory-mapped, shared by every
/// conversation), tokenizer, chat template and decoding index, and a pool of KV contexts so that
/// each conversation keeps its own prefix.
///
/// ```swift
/// let model = try LocalModel.shared(at: ModelLocation(path: "/models/qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"))
/// let prompt = try model.renderer.tokens(for: ChatPrompt(messages: [.user("Hi!")]))
/// let outcome = try await model.generate(GenerationRequest(prompt: prompt))
/// ```
package final class LocalModel: Sendable {
    /// Where the model was loaded from.
    package let location: ModelLocation
    /// The model file.
    package let file: GGUFFile
    /// The tokenizer.
    package let tokenizer: Tokenizer
    /// The tokenizer as the decoder sees it.
    package let vocabulary: TokenizerVocabulary
    /// The decoding index every grammar is masked over.
    package let index: VocabularyIndex
    /// The forward pass.
    package let transformer: Transformer
    /// The chat template and tokenization of conversations.
    package let renderer: PromptRenderer
    /// How the model writes tool calls, when it can.
    package let toolCallFormat: ToolCallFormat?
    /// How the model marks its thinking, when its template knows thinking markers.
    package let reasoningFormat: ReasoningFormat?
    /// The KV contexts.
    let contexts: ContextPool
    /// Tests only: where generation takes its logits instead of the pool's contexts (a
    /// scripted `LogitsSource` that makes the model think, then answer); `nil` in real use.
    let scriptedLogits = Mutex<(@Sendable () -> any LogitsSource)?>(nil)
    /// Positions each context holds (prompt and response together).
    package var contextSize: Int { contexts.capacity }
    /// How the contexts store keys and values.
    package var kvFormat: KVFormat { contexts.format }
    /// The settings the model was loaded with, as `shared(settings:)` keys it.
    package let settings: LocalModelSettings
    /// Bytes of keys and values one full context holds (`contextSize` positions in `kvFormat`,
    /// every layer that caches): what `kvFormat` halves for `q8_0`.
    package var kvBytesPerContext: Int {
        transformer.makeCache(capacity: 1, format: kvFormat).positionBytes * contextSize
    }

    private let caches = Mutex<Caches>(Caches())

    private struct Caches {
        var literals: [String: [Int]] = [:]
        var textMasks: [Int: TokenMask] = [:]
        var thoughtMasks: [ReasoningFormat.Marker: TokenMask] = [:]
        var whitespace: [Int]?
    }

    /// Loads the model at `location` with a context of `contextSize` positions (`nil`: 4096,
    /// Apple's, or the model's trained length when that is shorter).
    ///
    /// Keys and values are cached in `kvFormat` (`nil`: f16). With `promptCacheDirectory`,
    /// prompts' keys and values are also kept there, for later processes (`PromptCache`). The
    /// kernels run at `instructionSet` (`nil`: the CPU's best; a higher level is clamped to it).
    ///
    /// - Throws: `LocalModelError` naming what is missing or unsupported, a `contextSize`
    ///   longer than the model was trained for, or a `kvFormat` its head size cannot take.
    package init(
        location: ModelLocation, contextSize: Int? = nil, threads: Int? = nil, kvFormat: KVFormat? = nil,
        promptCacheDirectory: URL? = nil, instructionSet: InstructionSet? = nil
    )
        throws(LocalModelError)
    {
        switch location.check() {
        case .ready: break
        case .missing(let message): throw .missing(message)
        case .unsupported(let message): throw .unsupported(message)
        }
        self.location = location
        settings = LocalModelSettings(
            location: location, contextSize: contextSize, kvFormat: kvFormat, promptCacheDirectory: promptCacheDirectory,
            instructionSet: instructionSet)
        do {
            file = try GGUFFile(path: location.path)
            tokenizer = try TokenizerLoader.load(from: file)
            transformer = try Transformer(
                file: file, threads: threads ?? Transformer.defaultThreads, kernels: instructionSet.map(KernelSet.init(isa:)) ?? .default)
        } catch {
            throw .unsupported("\(location.path): \(error)")
        }
        // Positions past the trained length are positions the model never saw (RoPE beyond its
        // range): refused, naming both numbers, rather than answered with degraded text.
        let trained = transformer.hyperparameters.trainedContextLength
        // A size asked for is refused past the trained length; only Apple's 4096, the default,
        // shrinks to a model trained for fewer.
        let contextSize = contextSize ?? min(Self.defaultContextSize, trained)
        guard contextSize <= trained else {
            throw .unsupported(
                "\(location.path): a context of \(contextSize) tokens is longer than the \(trained) the model was trained for")
        }
        let kvFormat = kvFormat ?? .f16
        guard transformer.supportsKVFormat(kvFormat) else {
            throw .unsupported(
                "\(location.path): heads of \(transformer.hyperparameters.keyLength) elements cannot be cached as \(kvFormat) (blocks of \(kvFormat.blockElements))"
            )
        }
        vocabulary = TokenizerVocabulary(tokenizer: tokenizer)
        index = VocabularyIndexStore.load(vocabulary, besideModelAt: location.path)
        toolCallFormat = ToolCallFormat.detect(in: vocabulary)
        renderer = try PromptRenderer(file: file, tokenizer: tokenizer, toolCallFormat: toolCallFormat)
        reasoningFormat = ReasoningFormat.detect(template: renderer.source, vocabulary: vocabulary)
        contexts = ContextPool(
            model: transformer, capacity: max(16, contextSize), format: kvFormat, promptCacheDirectory: promptCacheDirectory,
            modelPath: location.path)
    }

    /// The context size when none is asked for: 4096 (Apple's).
    package static let defaultContextSize = 4096

    private static let loaded = Mutex<[String: LocalModel]>([:])

    /// The process's one instance for `settings` (loaded on first use; later calls share it).
    package static func shared(settings: LocalModelSettings) throws(LocalModelError) -> LocalModel {
        try shared(
            at: settings.location, contextSize: settings.contextSize, kvFormat: settings.kvFormat,
            promptCacheDirectory: settings.promptCacheDirectory, instructionSet: settings.instructionSet)
    }

    /// The models this process has loaded, in no particular order: what the engine runs, for
    /// a caller that reports it (`fm serve`'s `/health`) or a test that checks a setting
    /// reached the engine.
    package static var loadedModels: [LocalModel] { loaded.withLock { Array($0.values) } }

    /// The process's one instance for `location` with these settings (loaded on first use;
    /// later calls share it).
    package static func shared(
        at location: ModelLocation, contextSize: Int? = nil, kvFormat: KVFormat? = nil, promptCacheDirectory: URL? = nil,
        instructionSet: InstructionSet? = nil
    ) throws(LocalModelError) -> LocalModel {
        let key = [
            location.path, contextSize.map(String.init) ?? "default", kvFormat?.rawValue ?? "default", promptCacheDirectory?.path ?? "",
            instructionSet?.name ?? "default",
        ].joined(separator: "#")
        return try loaded.withLock { (models: inout [String: LocalModel]) throws(LocalModelError) -> LocalModel in
            if let model = models[key] { return model }
            let model = try LocalModel(
                location: location, contextSize: contextSize, kvFormat: kvFormat, promptCacheDirectory: promptCacheDirectory,
                instructionSet: instructionSet)
            models[key] = model
            return model
        }
    }

    /// The tokens that spell `text` (no special tokens), memoized: the literals around tool calls.
    func literalTokens(_ text: String) -> [Int] {
        if let known = caches.withLock({ $0.literals[text] }) { return known }
        let tokens = tokenizer.encode(text, addSpecialTokens: false, parseSpecial: false)
        caches.withLock { $0.literals[text] = tokens }
        return tokens
    }

    /// The tokens free text may use: every text token, the end-of-turn tokens, and the tool-call
    /// opener when tools are enabled (`toolOpener`).
    func textMask(toolOpener: Int?) -> TokenMask {
        let key = toolOpener ?? -1
        if let known = caches.withLock({ $0.textMasks[key] }) { return known }
        var mask = TokenMask(count: vocabulary.tokenCount)
        for id in 0..<vocabulary.tokenCount where !vocabulary.isSpecial(id) && !tokenizer.tokenBytes(id).isEmpty {
            mask.insert(id)
        }
        for id in vocabulary.endOfSequenceTokens { mask.insert(id) }
        if let toolOpener { mask.insert(toolOpener) }
        caches.withLock { $0.textMasks[key] = mask }
        return mask
    }

    /// The tokens thoughts may use: every text token and the closer when it is a token — no
    /// end-of-turn token, no other markup (see `ReasoningGate`).
    func thoughtMask(closer: ReasoningFormat.Marker) -> TokenMask {
        if let known = caches.withLock({ $0.thoughtMasks[closer] }) { return known }
        var mask = textMask(toolOpener: nil)
        for id in vocabulary.endOfSequenceTokens { mask.remove(id) }
        if case .token(let id) = closer { mask.insert(id) }
        caches.withLock { $0.thoughtMasks[closer] = mask }
        return mask
    }

    /// The text tokens that spell only whitespace (spaces, tabs, line breaks), in id order.
    func whitespaceTokens() -> [Int] {
        if let known = caches.withLock({ $0.whitespace }) { return known }
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let ids = (0..<vocabulary.tokenCount).filter { id in
            guard !vocabulary.isSpecial(id) else { return false }
            let bytes = tokenizer.tokenBytes(id)
            return !bytes.isEmpty && bytes.allSatisfy(whitespace.contains)
        }
        caches.withLock { $0.whitespace = ids }
        return ids
    }
}

/// Why the local model cannot be used.
package enum LocalModelError: Error, Sendable, Equatable, CustomStringConvertible {
    /// There is no model file; the message says how to install one.
    case missing(String)
    /// The file cannot be run here; the message names why.
    case unsupported(String)
    /// The chat template cannot be used; the message names the line.
    case template(String)

    /// The message.
    package var description: String {
        switch self {
        case .missing(let message), .unsupported(let message): message
        case .template(let message): "chat template: \(message)"
        }
    }
}
