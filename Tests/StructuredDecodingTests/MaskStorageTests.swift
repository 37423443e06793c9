import Benchmarks
import FMSupport
import StructuredDecoding
import TestSupport
import Testing

/// The stored token trie: round trip, and damaged or foreign bytes refused with a typed error.
@Suite struct MaskStorageTests {
    @Test func roundTripGivesTheSameMasks() throws {
        let vocabulary = MaskToyVocabularyTests.vocabulary
        let stored = MaskToyVocabularyTests.index.serializedTrie()
        let loaded = try VocabularyIndex(vocabulary, serializedTrie: stored)
        #expect(loaded.serializedTrie() == stored)
        let grammar = try Grammar.compile(MaskToyVocabularyTests.graph)
        var a = GrammarMatcher(grammar: grammar, index: MaskToyVocabularyTests.index)
        var b = GrammarMatcher(grammar: grammar, index: loaded)
        for piece in ["{\"", "name", "\": ", "\"", "ab", "\", \"", "n", "\": 1", "}"] {
            #expect(a.mask == b.mask)
            let id = MaskToyVocabularyTests.pieces.firstIndex(of: piece)!
            try a.commit(id)
            try b.commit(id)
        }
        #expect(a.mask == b.mask && b.isComplete)
    }

    @Test func damagedBytesAreRefused() {
        let vocabulary = MaskToyVocabularyTests.vocabulary
        let stored = MaskToyVocabularyTests.index.serializedTrie()
        #expect(throws: VocabularyIndex.StorageError.notATrie) { try VocabularyIndex(vocabulary, serializedTrie: Array(stored.prefix(5))) }
        #expect(throws: VocabularyIndex.StorageError.self) { try VocabularyIndex(vocabulary, serializedTrie: Array(stored.dropLast(3))) }
        var random = SplitMix64(seed: 3)
        for _ in 0..<200 {
            var damaged = stored
            let at = 8 + Int(random.next() % UInt64(damaged.count - 8))
            damaged[at] ^= UInt8(1 + random.next() % 255)
            #expect(throws: VocabularyIndex.StorageError.self) { try VocabularyIndex(vocabulary, serializedTrie: damaged) }
        }
        let other = ArrayVocabulary(
            strings: MaskToyVocabularyTests.pieces.map { $0 + "x" },
            special: [MaskToyVocabularyTests.control], endOfSequenceTokens: [MaskToyVocabularyTests.eos])
        #expect(throws: VocabularyIndex.StorageError.vocabularyMismatch) { try VocabularyIndex(other, serializedTrie: stored) }
    }

    @Test func storedQwenTrieRoundTrips() throws {
        let vocabulary = try RealVocabularies.vocabulary("qwen")
        let stored = try RealVocabularies.index("qwen").serializedTrie()
        let clock = ContinuousClock()
        var loaded: VocabularyIndex?
        let load = try clock.measure { loaded = try VocabularyIndex(vocabulary, serializedTrie: stored) }
        let (_, build) = GrammarBenchmark.prepare(vocabulary)
        print("qwen trie: \(stored.count) bytes stored, load \(load), build \(build)")
        #expect(loaded?.serializedTrie() == stored)
    }
}
