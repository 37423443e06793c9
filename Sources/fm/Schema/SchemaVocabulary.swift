import Benchmarks
import FMSupport
import Foundation
import GGUF
import LLMEngine
import LocalInference
import StructuredDecoding
import Tokenizers

/// A model's tokenizer and its decoding index, with the token trie cached beside the model file
/// (`MODEL.gguf.fmtrie`, checked against the vocabulary's fingerprint) so later runs load it
/// instead of rebuilding it.
struct SchemaVocabulary {
    /// The model's tokenizer (instances are tokenized as the model would).
    let tokenizer: Tokenizer
    /// The decoding index every grammar is masked over.
    let index: VocabularyIndex
    /// The model file.
    let modelPath: String
    /// Seconds to build the index from the vocabulary, when it was built.
    var buildSeconds: Double?
    /// Seconds to load the index from the trie cache, when it was loaded.
    var loadSeconds: Double?
    /// What happened to the cache (`loaded`, `written`, or why it was not used).
    var cacheNote: String

    /// The trie cache of a model file.
    static func cachePath(for modelPath: String) -> String { VocabularyIndexStore.cachePath(forModelAt: modelPath) }

    /// Loads the tokenizer, then the index from the cache when possible (else builds it and
    /// writes the cache). With `measureBoth`, builds a fresh index *and* loads the cache, so both
    /// times are known (benchmarks).
    static func load(_ options: ModelOptions, useCache: Bool = true, measureBoth: Bool = false) throws -> SchemaVocabulary {
        let path = try options.path()
        let tokenizer = try TokenizerLoader.load(from: GGUFFile(path: path))
        let vocabulary = TokenizerVocabulary(tokenizer: tokenizer)
        let cache = cachePath(for: path)
        let clock = ContinuousClock()
        var built: VocabularyIndex?, buildSeconds: Double?
        if measureBoth || !useCache {
            let (index, elapsed) = GrammarBenchmark.prepare(vocabulary)
            built = index
            buildSeconds = elapsed.seconds
        }
        guard useCache else {
            return SchemaVocabulary(tokenizer: tokenizer, index: built!, modelPath: path, buildSeconds: buildSeconds, cacheNote: "not used")
        }
        var note: String
        if let stored = FileManager.default.contents(atPath: cache) {
            let start = clock.now
            do {
                let index = try VocabularyIndex(vocabulary, serializedTrie: [UInt8](stored))
                let elapsed = (clock.now - start).seconds
                return SchemaVocabulary(
                    tokenizer: tokenizer, index: built ?? index, modelPath: path, buildSeconds: buildSeconds,
                    loadSeconds: elapsed, cacheNote: "loaded \(cache)")
            } catch {
                note = "rebuilt (\(cache): \(error))"
            }
        } else {
            note = "written"
        }
        let index: VocabularyIndex
        if let built {
            index = built
        } else {
            let (fresh, elapsed) = GrammarBenchmark.prepare(vocabulary)
            index = fresh
            buildSeconds = elapsed.seconds
        }
        do {
            try Data(index.serializedTrie()).write(to: URL(fileURLWithPath: cache), options: .atomic)
            note += note == "written" ? " \(cache)" : ""
        } catch {
            note = "not written (\(cache): \(error.localizedDescription))"
        }
        var loadSeconds: Double?
        if measureBoth, let stored = FileManager.default.contents(atPath: cache) {
            let start = clock.now
            if (try? VocabularyIndex(vocabulary, serializedTrie: [UInt8](stored))) != nil { loadSeconds = (clock.now - start).seconds }
        }
        return SchemaVocabulary(
            tokenizer: tokenizer, index: index, modelPath: path, buildSeconds: buildSeconds,
            loadSeconds: loadSeconds, cacheNote: note)
    }

    /// The ids the model's tokenizer makes of `text` (no BOS/EOS, control tokens not parsed),
    /// checked to spell `text` byte for byte.
    func tokenize(_ text: String, name: String) throws -> [Int] {
        let ids = tokenizer.encode(text, addSpecialTokens: false, parseSpecial: false)
        var spelled: [UInt8] = []
        spelled.reserveCapacity(text.utf8.count)
        for id in ids { spelled += tokenizer.tokenBytes(id) }
        guard spelled.elementsEqual(text.utf8) else {
            throw CLIError(
                "the tokenizer does not spell \(name) byte for byte (its tokens write \(spelled.count) bytes, the text has \(text.utf8.count))")
        }
        return ids
    }
}
