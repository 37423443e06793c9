/// What one lexeme state contributes to a mask, independent of the parser: the tokens whose
/// bytes all stay inside the lexeme, and the trie nodes where the lexeme has ended inside a token
/// (its automaton accepts and the next byte cannot continue it), whose subtrees depend on what
/// the parser allows next.
///
/// Memoized per (lexeme, state) in a `VocabularyIndex`: mid-string, mid-number and
/// mid-key masks are then a copy plus a short walk from the few exit nodes. Built from
/// `SubtreeWalk`s (one per first byte) or, for length-bounded strings, from a `CountedWalk`.
final class LexemeMask: Sendable {
    /// Tokens that stay inside the lexeme: a bitset when many, a list when few.
    enum Tokens: Sendable {
        case dense([UInt64])
        case sparse([Int32])
    }

    let tokens: Tokens
    /// Trie nodes whose byte starts the next lexeme (the lexeme accepts just before it).
    let exits: [Int32]

    init(tokens: Tokens, exits: [Int32]) {
        self.tokens = tokens
        self.exits = exits
    }

    /// A mask from a bitset of `allowed` tokens (kept as a list when few).
    convenience init(words: [UInt64], allowed: Int, exits: [Int32]) {
        if allowed > 512 {
            self.init(tokens: .dense(words), exits: exits)
            return
        }
        var list: [Int32] = []
        for (w, word) in words.enumerated() where word != 0 {
            var bits = word
            while bits != 0 {
                list.append(Int32(w << 6 | bits.trailingZeroBitCount))
                bits &= bits - 1
            }
        }
        self.init(tokens: .sparse(list), exits: exits)
    }

    /// Adds the inside tokens to `mask`.
    func addTokens(to mask: inout TokenMask) {
        switch tokens {
        case .dense(let words): mask.formUnion(words: words)
        case .sparse(let ids): mask.insert(contentsOf: ids)
        }
    }
}
