import GGUF
import LLMEngine
import LocalInference
import StructuredDecoding
import TestSupport
import Testing
import Tokenizers

/// Accepts up to `limit` ASCII digits.
struct DigitsMatcher: ByteMatcher {
    var limit = 5
    func step(_ state: Int, _ byte: UInt8) -> Int? {
        (0x30...0x39).contains(byte) && state < limit ? state + 1 : nil
    }
}

/// The inside of a JSON string: any byte but `"`, `\` and controls, or an escape sequence.
struct JSONStringBodyMatcher: ByteMatcher {
    enum State { case plain, escape, hex(Int) }
    func step(_ state: State, _ byte: UInt8) -> State? {
        switch state {
        case .plain:
            if byte == 0x5C { return .escape }
            return byte == 0x22 || byte < 0x20 ? nil : .plain
        case .escape:
            if byte == 0x75 { return .hex(0) }
            return Array("\"\\/bfnrt".utf8).contains(byte) ? .plain : nil
        case let .hex(n):
            let isHex = (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
            guard isHex else { return nil }
            return n == 3 ? .plain : .hex(n + 1)
        }
    }
}

@Suite struct TokenTrieTests {
    /// The mask by definition: run the matcher over every token's bytes.
    func bruteForce<M: ByteMatcher>(_ vocab: some Vocabulary, _ matcher: M, _ start: M.State) -> TokenMask {
        var mask = TokenMask(count: vocab.tokenCount)
        for id in 0..<vocab.tokenCount where !vocab.isSpecial(id) {
            let bytes = vocab.tokenBytes(id)
            guard !bytes.isEmpty else { continue }
            var state: M.State? = start
            for b in bytes { state = state.flatMap { matcher.step($0, b) }; if state == nil { break } }
            if state != nil { mask.insert(id) }
        }
        return mask
    }

    @Test func toyVocabularyWalkEqualsBruteForce() {
        let vocab = ArrayVocabulary(
            strings: ["1", "12", "123", "1234567", "a", "1a", "", "99", "12", "<eos>"],
            endOfSequenceTokens: [9])
        let trie = TokenTrie(vocab)
        var mask = TokenMask(count: vocab.tokenCount)
        trie.fill(&mask, matcher: DigitsMatcher(), from: 0)
        #expect(mask == bruteForce(vocab, DigitsMatcher(), 0))
        #expect(mask.allowed == [0, 1, 2, 7, 8]) // duplicates both allowed; too long, letters, EOS not
        var fromFour = TokenMask(count: vocab.tokenCount)
        trie.fill(&fromFour, matcher: DigitsMatcher(), from: 4)
        #expect(fromFour.allowed == [0])
    }

    @Test func subtreeEndsSkipExactlyTheSubtree() {
        let vocab = ArrayVocabulary(strings: ["ab", "abc", "abd", "b", "ba", "c"])
        let trie = TokenTrie(vocab)
        // Preorder: a, ab, abc, abd, b, ba, c
        #expect(trie.bytes == Array("abcdbac".utf8))
        #expect(trie.depths == [1, 2, 3, 3, 1, 2, 1])
        #expect(trie.subtreeEnds == [4, 4, 3, 4, 6, 6, 7])
    }

    @Test func maskBitsetOperations() {
        var m = TokenMask(count: 130)
        m.insert(0); m.insert(64); m.insert(129)
        #expect(m.allowed == [0, 64, 129] && m.allowedCount == 3)
        m.remove(64)
        #expect(!m.contains(64))
        #expect(TokenMask.all(130).allowedCount == 130)
        var all = TokenMask.all(130)
        all.formIntersection(m)
        #expect(all == m)
    }

    @Test(arguments: ["qwen", "gemma"])
    func realVocabularyWalkEqualsBruteForce(_ name: String) throws {
        let path = try name == "qwen" ? TestModels.qwenPath() : TestModels.gemmaPath()
        let vocab = TokenizerVocabulary(tokenizer: try TokenizerLoader.load(from: GGUFFile(path: path)))
        let clock = ContinuousClock()
        var trie: TokenTrie!
        let build = clock.measure { trie = TokenTrie(vocab) }
        print("token trie \(name): \(vocab.tokenCount) tokens, \(trie.nodeCount) nodes, max depth \(trie.maxDepth), built in \(build)")
        for (label, fill, expected) in [
            (
                "digits", { (m: inout TokenMask) in trie.fill(&m, matcher: DigitsMatcher(), from: 0) },
                bruteForce(vocab, DigitsMatcher(), 0)
            ),
            (
                "string body", { (m: inout TokenMask) in trie.fill(&m, matcher: JSONStringBodyMatcher(), from: .plain) },
                bruteForce(vocab, JSONStringBodyMatcher(), .plain)
            ),
        ] as [(String, (inout TokenMask) -> Int, TokenMask)] {
            var mask = TokenMask(count: vocab.tokenCount)
            var visited = 0
            let elapsed = clock.measure { visited = fill(&mask) }
            #expect(mask == expected, "\(label): trie walk differs from brute force")
            #expect(!mask.isEmpty)
            print("  \(label): \(mask.allowedCount) tokens allowed, \(visited) nodes visited in \(elapsed)")
        }
    }
}
