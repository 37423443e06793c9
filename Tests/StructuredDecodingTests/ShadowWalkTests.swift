import FMSupport
import Testing

@testable import StructuredDecoding

/// Masks of additional-property key states inside the trie of declared names come from their
/// shadow's mask, corrected along the names (`ShadowWalk`). Each must equal the mask by
/// definition, walked over the whole Qwen trie from that state: every token whose bytes all stay
/// inside the lexeme, and every node where the lexeme ended just before its byte.
@Suite struct ShadowWalkTests {
    /// Characters that begin many Qwen tokens (so names run deep into the trie), escapes, and
    /// multi-byte scalars.
    static let alphabet: [Unicode.Scalar] = ["n", "a", "m", "e", "t", "y", "p", "i", "d", "_", " ", "\"", "\\", "/", "\n", "é", "€", "😀", "N"]

    /// The mask of `state` by definition: tokens inside, and exits, in trie order.
    static func definition(_ dfa: DenseDFA, _ state: UInt32, _ trie: TokenTrie) -> (tokens: Set<Int32>, exits: [Int32]) {
        var tokens = Set<Int32>()
        var exits: [Int32] = []
        var states = [UInt32](repeating: 0, count: trie.maxDepth + 1)
        states[0] = state
        var node = 0
        while node < trie.nodeCount {
            let depth = Int(trie.depths[node])
            let next = dfa.next(states[depth - 1], trie.bytes[node])
            if next == DenseDFA.dead {
                if dfa.isAccepting(states[depth - 1]) { exits.append(Int32(node)) }
                node = Int(trie.subtreeEnds[node])
                continue
            }
            states[depth] = next
            tokens.formUnion(trie.tokens[Int(trie.tokenStarts[node])..<Int(trie.tokenStarts[node + 1])])
            node += 1
        }
        return (tokens, exits)
    }

    static func tokens(_ mask: LexemeMask) -> Set<Int32> {
        switch mask.tokens {
        case .sparse(let ids): return Set(ids)
        case .dense(let words):
            var ids = Set<Int32>()
            for (w, word) in words.enumerated() where word != 0 {
                for bit in 0..<64 where word >> UInt64(bit) & 1 != 0 { ids.insert(Int32(w * 64 + bit)) }
            }
            return ids
        }
    }

    /// Seeded name sets, with names that prefix one another and common words ("name", "type").
    static func names(seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        var names = seed % 3 == 0 ? ["name", "type", "n"] : []
        for _ in 0..<1 + Int(random.next() % 5) {
            var name = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 6) { name.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            names.append(String(name))
        }
        if let first = names.first, !first.isEmpty { names.append(String(first.dropLast())) }
        return names
    }

    @Test(arguments: 0..<12)
    func shadowedKeyStatesEqualTheDefinition(seed: UInt64) throws {
        let index = try RealVocabularies.index("qwen")
        let names = Self.names(seed: seed)
        let lexeme = try Lexeme.interned(.stringExcept(names))
        let shadows = try #require(lexeme.dfa.shadows, "the names' trie is laid over the string automaton")
        var checked = 0
        for state in 1..<UInt32(lexeme.dfa.stateCount) where shadows[Int(state)] != state {
            let mask = index.lexemeMask(lexeme, state: state)
            let expected = Self.definition(lexeme.dfa, state, index.trie)
            #expect(Self.tokens(mask) == expected.tokens, "names \(names), state \(state): tokens")
            #expect(mask.exits == expected.exits, "names \(names), state \(state): exits")
            checked += 1
        }
        #expect(checked >= 2, "the start and the state after the opening quote are trie states")
    }

    /// A name that is a whole token with its closing quote (`"n"` and `"name"` are Qwen
    /// tokens): that token, and every token running past the quote, leave the mask; a longer
    /// key that continues the name stays.
    @Test func aNameAndItsQuoteLeaveTheMask() throws {
        let index = try RealVocabularies.index("qwen")
        let lexeme = try Lexeme.interned(.stringExcept(["name"]))
        var state = lexeme.dfa.start
        for byte in Array(#""name"#.utf8) { state = lexeme.dfa.next(state, byte) }
        let mask = Self.tokens(index.lexemeMask(lexeme, state: state))
        let plain = try Lexeme.interned(.string(StringNode()))
        var plainState = plain.dfa.start
        for byte in Array(#""name"#.utf8) { plainState = plain.dfa.next(plainState, byte) }
        let plainMask = Self.tokens(index.lexemeMask(plain, state: plainState))
        let quote = try #require(index.child(of: nil, byte: UInt8(ascii: "\"")))
        let quoteTokens = Set(index.trie.tokens[Int(index.trie.tokenStarts[quote])..<Int(index.trie.tokenStarts[quote + 1])])
        #expect(!quoteTokens.isEmpty && quoteTokens.isSubset(of: plainMask) && quoteTokens.isDisjoint(with: mask))
        #expect(mask.isSubset(of: plainMask) && mask.count < plainMask.count)
        #expect(plainMask.subtracting(mask).allSatisfy { index.tokenBytes(Int($0)).first == UInt8(ascii: "\"") })
    }
}
