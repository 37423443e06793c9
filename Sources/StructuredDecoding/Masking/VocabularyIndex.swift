import Synchronization

/// A vocabulary prepared for constrained decoding, built once per model and shared by every
/// grammar and generation: the flat token trie, each token's bytes, the end-of-sequence tokens,
/// and the memoized masks of lexeme states (see `LexemeMask`).
///
/// ```swift
/// let index = VocabularyIndex(vocabulary)           // ~0.2 s for 150k tokens
/// var matcher = GrammarMatcher(grammar: grammar, index: index)
/// ```
public final class VocabularyIndex: Sendable {
    /// The token trie of the non-special tokens.
    public let trie: TokenTrie
    /// The number of token ids.
    public let tokenCount: Int
    /// The tokens that end the output.
    public let endOfSequenceTokens: [Int]
    /// `tokenData[tokenOffsets[id]..<tokenOffsets[id + 1]]` are token `id`'s bytes.
    let tokenOffsets: [Int32]
    let tokenData: [UInt8]
    /// Special (control) tokens: never allowed, except end-of-sequence where the grammar ends.
    let special: [Bool]
    /// Every token of the trie (the tokens with bytes, not the special ones), as mask words.
    private let trieTokenWords: [UInt64]
    /// The depth-1 trie node of each byte value, or -1.
    private let rootOfByte: [Int32]
    /// The character groups below each trie node (`CharacterGroups.below`).
    let groupsBelow: [UInt64]
    // The memo tables, bounded (`GenerationalMemo`); what preprocessing computed is pinned.
    private let lexemeMasks = Mutex(GenerationalMemo<LanguageKey, LexemeMask>(limit: VocabularyIndex.maxMemoizedMasks / 2))
    private let countedWalks = Mutex(GenerationalMemo<CountedKey, CountedWalk>(limit: 32))
    private let subtreeWalks = Mutex(GenerationalMemo<SubtreeKey, SubtreeWalk>(limit: 16_384))
    private let exitWalks = Mutex(
        GenerationalMemo<ExitKey, [Int32]>(
            limit: VocabularyIndex.maxMemoizedExitWalks / 2, costLimit: VocabularyIndex.exitWalkBytes / 2,
            cost: { $0.count * 4 + 64 }))
    private struct ExitKey: Hashable { var grammar: UInt64, thread: ParserThread }
    private let languages: Mutex<Languages>
    /// The counted walk of any string's content (made by preprocessing, pinned), with the key of
    /// that language and the character groups its state loops on (`DenseDFA.loopGroups`): what
    /// other counted walks hand their unconstrained subtrees to (`CountedWalk.Delegate`).
    private let anyString = Mutex<(walk: CountedWalk, language: LanguageKey, loops: UInt64)?>(nil)
    private struct SubtreeKey: Hashable { var language: LanguageKey, root: Int32 }
    /// A language's canonical form as a dictionary key, hashed once with FNV-1a when made: the
    /// forms run to hundreds of words, and the memo looks each up at every new lexeme state.
    private struct SignatureKey: Hashable {
        let words: [UInt32]
        let digest: UInt64

        init(_ words: [UInt32]) {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for word in words { hash = (hash ^ UInt64(word)) &* 0x0100_0000_01B3 }
            self.words = words
            digest = hash
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
        static func == (a: SignatureKey, b: SignatureKey) -> Bool { a.digest == b.digest && a.words == b.words }
    }
    /// What a lexeme state's masks are memoized under: the canonical number of the language it
    /// accepts (`owner` < 0: language `-owner - 1`), or the state itself (`owner` the lexeme's
    /// id). Lexeme ids and language numbers are never reused, so a key names one language for
    /// the life of the process.
    private struct LanguageKey: Hashable {
        var owner: Int
        var state: UInt32
    }
    /// Canonical ids of the languages seen (`LexemeLanguage`), and each lexeme state's. Both are
    /// bounded: a forgotten language gets a fresh id when it comes back (ids are never reused,
    /// so an id always names one language and what is memoized under it stays right; the old
    /// id's masks age out of their own tables).
    private struct Languages {
        var ids: GenerationalMemo<SignatureKey, LanguageKey>
        var nextID = 0
        var ofState = GenerationalMemo<LanguageKey, LanguageKey>(limit: 65_536)
        init(limit: Int) { ids = GenerationalMemo(limit: limit) }
    }

    /// The most canonical language ids kept per generation of the table (`GenerationalMemo`;
    /// at most twice this many, plus the ones preprocessing named, are held). A server that
    /// compiles schemas for days stays bounded.
    public static let maxLanguageIDs = 4096
    /// A counted walk's key: a canonical language (`automaton` its negative number, `base` 0),
    /// or else the automaton (by the id of the lexeme that built it, never reused, where an
    /// object's address could be once the automaton is freed) and its base state.
    private struct CountedKey: Hashable { var automaton: Int, base: UInt32 }

    /// Prepares `vocabulary`.
    public convenience init(_ vocabulary: some Vocabulary) {
        self.init(vocabulary, languageLimit: Self.maxLanguageIDs)
    }

    /// Prepares `vocabulary`, keeping at most `languageLimit` language ids per generation (tests
    /// use a small one to exercise forgetting).
    convenience init(_ vocabulary: some Vocabulary, languageLimit: Int) {
        let table = TokenTable(vocabulary)
        self.init(trie: TokenTrie(vocabulary), table: table, languageLimit: languageLimit)
    }

    /// Every token's bytes and kind, read once from a vocabulary.
    struct TokenTable {
        var count: Int
        var endOfSequence: [Int]
        var offsets: [Int32] = [0]
        var data: [UInt8] = []
        var special: [Bool]

        init(_ vocabulary: some Vocabulary) {
            count = vocabulary.tokenCount
            endOfSequence = vocabulary.endOfSequenceTokens.filter { $0 >= 0 && $0 < vocabulary.tokenCount }
            special = [Bool](repeating: false, count: count)
            offsets.reserveCapacity(count + 1)
            for id in 0..<count {
                special[id] = vocabulary.isSpecial(id)
                if !special[id] { data.append(contentsOf: vocabulary.tokenBytes(id)) }
                offsets.append(Int32(data.count))
            }
            for id in endOfSequence { special[id] = true }
        }

        /// FNV-1a over the token bytes, kinds and end-of-sequence ids: what a stored index must match.
        var fingerprint: UInt64 {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3 }
            for byte in data { mix(byte) }
            for offset in offsets { for shift in stride(from: 0, to: 32, by: 8) { mix(UInt8(truncatingIfNeeded: offset >> Int32(shift))) } }
            for flag in special { mix(flag ? 1 : 0) }
            for id in endOfSequence { for shift in stride(from: 0, to: 64, by: 8) { mix(UInt8(truncatingIfNeeded: id >> shift)) } }
            return hash
        }
    }

    init(trie: TokenTrie, table: TokenTable, languageLimit: Int = VocabularyIndex.maxLanguageIDs) {
        languages = Mutex(Languages(limit: languageLimit))
        self.trie = trie
        tokenCount = table.count
        endOfSequenceTokens = table.endOfSequence
        tokenOffsets = table.offsets
        tokenData = table.data
        special = table.special
        var words = [UInt64](repeating: 0, count: (table.count + 63) / 64)
        TokenMask.setBits(trie.tokens, in: &words)
        trieTokenWords = words
        var roots = [Int32](repeating: -1, count: 256)
        var root = 0
        while root < trie.nodeCount {
            roots[Int(trie.bytes[root])] = Int32(root)
            root = Int(trie.subtreeEnds[root])
        }
        rootOfByte = roots
        groupsBelow = CharacterGroups.below(trie)
        // The most common lexeme states, computed now rather than at the first mask: inside a
        // string with unconstrained content, and the walk every length-bounded string shares.
        for spec in [LexemeSpec.string(StringNode()), .string(StringNode(maxLength: LengthCounter.maxCount))] {
            if let string = try? Lexeme.interned(spec) {
                _ = lexemeMask(string, state: string.next(string.start, UInt8(ascii: "\"")))
            }
        }
        if let bounded = try? Lexeme.interned(.string(StringNode(maxLength: LengthCounter.maxCount))),
            let loops = bounded.dfa.loopGroups.isEmpty ? nil : bounded.dfa.loopGroups
        {
            let base = bounded.dfa.next(bounded.start, UInt8(ascii: "\""))
            let language = language(bounded, base)
            if language.owner < 0, let walk = countedWalks.withLock({ $0.value(for: CountedKey(automaton: language.owner, base: 0)) }) {
                anyString.withLock { $0 = (walk, language, loops[Int(base)]) }
            }
        }
        lexemeMasks.withLock { $0.pinAll() }
        countedWalks.withLock { $0.pinAll() }
        subtreeWalks.withLock { $0.pinAll() }
        languages.withLock {
            $0.ofState.pinAll()
            $0.ids.pinAll()
        }
    }

    /// The bytes of token `id` (empty for special tokens).
    public func tokenBytes(_ id: Int) -> ArraySlice<UInt8> {
        tokenData[Int(tokenOffsets[id])..<Int(tokenOffsets[id + 1])]
    }

    /// Whether `id` is a special token (end-of-sequence included).
    public func isSpecial(_ id: Int) -> Bool { special[id] }

    /// The mask of `lexeme` read from `state`, computed on first use (or shared with an
    /// earlier state of any lexeme that accepts the same language from there): from a length
    /// counter's walk, from the state's shadow's mask (`ShadowWalk`), or from subtree walks.
    func lexemeMask(_ lexeme: Lexeme, state: UInt32) -> LexemeMask {
        let key = lexeme.counter == nil ? language(lexeme, state) : Self.stateKey(lexeme, state)
        if let known = lexemeMasks.withLock({ $0.value(for: key) }) { return known }
        let computed: LexemeMask
        if let counter = lexeme.counter {
            let base = state & LengthCounter.baseMask
            // Keyed by the language from the base state where it has a canonical number: the
            // walk depends only on that language (its costs come from the counter's facts about
            // each state, which the language decides). A pattern's state past its last demand
            // (after the letter in `[\s\S]*[a-z][\s\S]*`) then shares the walk of any string,
            // which preprocessing made, instead of walking the whole trie again (2-4 ms).
            let language = self.language(lexeme, base)
            let key =
                language.owner < 0
                ? CountedKey(automaton: language.owner, base: 0) : CountedKey(automaton: lexeme.automatonID, base: base)
            let walk =
                countedWalks.withLock { $0.value(for: key) }
                ?? {
                    let walk = CountedWalk(
                        trie: trie, dfa: lexeme.dfa, counter: counter, base: base,
                        delegate: anyStringDelegate(lexeme, base: base, counter: counter))
                    countedWalks.withLock { $0.insert(walk, for: key) }
                    return walk
                }()
            computed = walk.mask(count: Int(state >> LengthCounter.baseBits), counter: counter, vocabularySize: tokenCount)
        } else if let shadow = lexeme.dfa.shadows?[Int(state)], shadow != state {
            let shadowMask = lexemeMask(lexeme, state: shadow)
            computed = ShadowWalk.mask(
                of: state, shadow: shadow, shadowMask: shadowMask, dfa: lexeme.dfa, trie: trie, groupsBelow: groupsBelow,
                tokenCount: tokenCount)
        } else {
            computed = composedMask(lexeme, state: state)
        }
        lexemeMasks.withLock { $0.insert(computed, for: key) }
        return computed
    }

    /// What a counted walk from `base` may hand over to the walk of any string: the states of
    /// `lexeme`'s automaton that accept any string's content from there (where a pattern has
    /// been satisfied), if the walk starts between two scalars inside the quotes and reaches
    /// some. Candidates are the states that loop on the same characters; their languages decide.
    private func anyStringDelegate(_ lexeme: Lexeme, base: UInt32, counter: LengthCounter) -> CountedWalk.Delegate? {
        guard let anyString = anyString.withLock({ $0 }), base != lexeme.start,
            counter.info[Int(base)] & LengthCounter.boundary != 0
        else { return nil }
        let loops = lexeme.dfa.loopGroups
        guard !loops.isEmpty else { return nil }
        var states = [UInt8](repeating: 0, count: loops.count)
        var some = false
        for state in 1..<loops.count where loops[state] == anyString.loops {
            if language(lexeme, UInt32(state)) == anyString.language {
                states[state] = 1
                some = true
            }
        }
        return some ? CountedWalk.Delegate(walk: anyString.walk, states: states) : nil
    }

    /// A lexeme state's own key.
    private static func stateKey(_ lexeme: Lexeme, _ state: UInt32) -> LanguageKey { LanguageKey(owner: lexeme.id, state: state) }

    /// The key of the language `lexeme` accepts from `state`: a canonical number shared
    /// by every state with the same reachable automaton, or the state's own key when that
    /// automaton is too large to compare (`LexemeLanguage.maxStates`).
    private func language(_ lexeme: Lexeme, _ state: UInt32) -> LanguageKey {
        let own = Self.stateKey(lexeme, state)
        if let known = languages.withLock({ $0.ofState.value(for: own) }) { return known }
        var id = own
        // A narrow state keeps its own key: its mask is cheap to make again, and the canonical
        // form of a long key's literal (every spelling of every character) would be computed
        // for as many states as it has, only to exceed `LexemeLanguage.maxStates`.
        if !lexeme.dfa.isNarrow(state, limit: Self.narrowBytes), let words = LexemeLanguage.signature(lexeme.dfa, from: state) {
            let signature = SignatureKey(words)
            id = languages.withLock { table in
                if let known = table.ids.value(for: signature) { return known }
                let fresh = LanguageKey(owner: -1 - table.nextID, state: 0)
                table.nextID += 1
                table.ids.insert(fresh, for: signature)
                return fresh
            }
        }
        languages.withLock { $0.ofState.insert(id, for: own) }
        return id
    }

    /// The mask of a lexeme state composed from the memoized walks of the trie's depth-1
    /// subtrees. Setting one bit per allowed token costs about as much as a whole-trie walk
    /// when most tokens fit (inside a string, 147k of Qwen's 152k tokens), so where fewer
    /// tokens are refused than allowed the mask starts from every trie token and clears the
    /// refused ones: the ranges between a walk's runs (`SubtreeWalk.clearGaps`), and a dead
    /// subtree's whole range of the trie's token list.
    private func composedMask(_ lexeme: Lexeme, state: UInt32) -> LexemeMask {
        let dfa = lexeme.dfa
        if !dfa.isAccepting(state), let narrow = narrowMask(lexeme, state: state) { return narrow }
        var walks: [(root: Int, walk: SubtreeWalk?)] = [] // nil: the root's byte is refused
        var exits: [Int32] = []
        var setting = 0, clearing = 0 // bits to change from an empty mask / from every trie token
        var root = 0
        while root < trie.nodeCount {
            defer { root = Int(trie.subtreeEnds[root]) }
            let size = Int(trie.tokenStarts[Int(trie.subtreeEnds[root])] - trie.tokenStarts[root])
            let next = dfa.next(state, trie.bytes[root])
            if next == DenseDFA.dead {
                if dfa.isAccepting(state) { exits.append(Int32(root)) }
                walks.append((root, nil))
                clearing += size
                continue
            }
            let walk = subtreeWalk(lexeme, root: root, state: next)
            walks.append((root, walk))
            setting += walk.tokenCount
            clearing += walk.gapCount
            exits.append(contentsOf: walk.exits)
        }
        var words: [UInt64]
        var allowed = 0
        if clearing < setting {
            words = trieTokenWords
            allowed = trie.tokens.count - clearing
            for (root, walk) in walks {
                if let walk {
                    walk.clearGaps(in: &words, from: trie)
                } else {
                    let range = Int(trie.tokenStarts[root])..<Int(trie.tokenStarts[Int(trie.subtreeEnds[root])])
                    TokenMask.clearBits(trie.tokens[range], in: &words)
                }
            }
        } else {
            words = [UInt64](repeating: 0, count: (tokenCount + 63) / 64)
            for case (_, let walk?) in walks { walk.setTokens(in: &words, from: trie) }
            allowed = setting
        }
        return LexemeMask(words: words, allowed: allowed, exits: exits)
    }

    /// The walk of the subtree `root` from `state` (the state after the root's byte), memoized
    /// by language: depth-1 roots for masks, deeper ones for the walks past a lexeme's end
    /// (`ExitWalk`). Not for length-counted lexemes, whose states are no automaton states.
    func subtreeWalk(_ lexeme: Lexeme, root: Int, state: UInt32) -> SubtreeWalk {
        let key = SubtreeKey(language: language(lexeme, state), root: Int32(root))
        if let known = subtreeWalks.withLock({ $0.value(for: key) }) { return known }
        let walk = SubtreeWalk(trie: trie, groupsBelow: groupsBelow, dfa: lexeme.dfa, root: root, state: state)
        subtreeWalks.withLock { $0.insert(walk, for: key) }
        return walk
    }

    /// The mask of a state that few bytes continue and that does not accept (a key's literal,
    /// an enumerated string, a pattern's fixed part), as a token list from the walks of those
    /// bytes' subtrees alone; `nil` when more than `narrowBytes` bytes continue it or more than
    /// 512 tokens fit (the bitset is then the better form). Where a key may be any of thirty
    /// declared names, the first mask has thirty such states, and visiting every depth-1 node
    /// and filling a bitset of the vocabulary for each was most of its time.
    private func narrowMask(_ lexeme: Lexeme, state: UInt32) -> LexemeMask? {
        var roots: [(root: Int, state: UInt32)] = []
        for byte in 0..<256 {
            let next = lexeme.dfa.next(state, UInt8(byte))
            guard next != DenseDFA.dead else { continue }
            guard roots.count < Self.narrowBytes else { return nil }
            let root = rootOfByte[byte]
            if root >= 0 { roots.append((Int(root), next)) }
        }
        var tokens: [Int32] = []
        var exits: [Int32] = []
        for (root, next) in roots { // in byte order, which is trie order
            let walk = subtreeWalk(lexeme, root: root, state: next)
            guard tokens.count + walk.tokenCount <= 512 else { return nil }
            walk.appendTokens(to: &tokens, from: trie)
            exits += walk.exits
        }
        tokens.sort()
        return LexemeMask(tokens: .sparse(tokens), exits: exits)
    }

    /// The most bytes that may continue a state whose mask `narrowMask` makes.
    static let narrowBytes = 8

    /// The most lexeme-state masks kept (each up to one bit per token), besides the ones
    /// preprocessing computed: a long-running server with many schemas stays bounded in memory,
    /// and forgets first the masks it has not used for longest (see `GenerationalMemo`).
    package static let maxMemoizedMasks = 4096

    /// The most exit walks remembered (two generations of half this many), and the most bytes
    /// their token lists take: the tokens a parser thread allows beyond the end of its lexeme
    /// (`GrammarMatcher.fillMask`), per grammar and thread.
    public static let maxMemoizedExitWalks = 8192
    /// The most bytes the memoized exit walks of one grammar and thread may take together.
    public static let exitWalkBytes = 32 << 20

    /// The tokens `thread` of `grammar` allows past the end of its lexeme, if remembered.
    func exitTokens(_ grammar: Grammar, _ thread: ParserThread) -> [Int32]? {
        exitWalks.withLock { $0.value(for: ExitKey(grammar: grammar.serial, thread: thread)) }
    }

    /// Remembers what `exitTokens` answers for `thread` of `grammar`.
    func rememberExitTokens(_ tokens: [Int32], _ grammar: Grammar, _ thread: ParserThread) {
        exitWalks.withLock { $0.insert(tokens, for: ExitKey(grammar: grammar.serial, thread: thread)) }
    }

    /// The number of lexeme states whose masks are memoized.
    public var memoizedMaskCount: Int { lexemeMasks.withLock { $0.count } }

    /// The number of counted walks held (`CountedWalk`).
    var countedWalkCount: Int { countedWalks.withLock { $0.count } }

    /// The number of counted walks held that hand subtrees to the walk of any string.
    var delegatingWalkCount: Int { countedWalks.withLock { $0.values.filter { $0.delegate != nil }.count } }

    /// The number of canonical language ids held (bounded by `maxLanguageIDs`).
    public var memoizedLanguageCount: Int { languages.withLock { $0.ids.count } }

    /// The trie node reached from `node` (`nil` = the root) by `byte`, if any.
    public func child(of node: Int?, byte: UInt8) -> Int? {
        var index = node.map { $0 + 1 } ?? 0
        let end = node.map { Int(trie.subtreeEnds[$0]) } ?? trie.nodeCount
        while index < end {
            if trie.bytes[index] == byte { return index }
            index = Int(trie.subtreeEnds[index])
        }
        return nil
    }
}
