/// The constrained decoder of one generation: which tokens may come next under a `Grammar`,
/// and the state after each token chosen.
///
/// ```swift
/// let index = VocabularyIndex(vocabulary)                 // once per model
/// let grammar = try Grammar.compile(graph)                 // once per schema (cached)
/// var matcher = GrammarMatcher(grammar: grammar, index: index)
/// var mask = TokenMask(count: index.tokenCount)
/// while !matcher.isFinished {
///     matcher.fillMask(&mask)                              // allowed tokens (EOS only when complete)
///     let token = sample(logits, allowed: mask)
///     try matcher.commit(token)
/// }
/// ```
///
/// Every state reached by committing allowed tokens has at least one allowed token (or is
/// complete): the grammar prunes what cannot be finished and lexeme automata keep only live
/// states.
public struct GrammarMatcher: Sendable {
    /// The grammar.
    public let grammar: Grammar
    /// The vocabulary index.
    public let index: VocabularyIndex
    var threads: [ParserThread]
    /// Whether an end-of-sequence token was committed.
    public private(set) var isFinished = false
    private var history: [(threads: [ParserThread], finished: Bool)] = []
    /// The walks past lexeme ends, kept from mask to mask (see `ExitWalk`).
    let exitWalks: ExitWalks

    /// A matcher at the start of the output.
    public init(grammar: Grammar, index: VocabularyIndex) {
        self.init(grammar: grammar, index: index, exitContextLimit: ExitWalk.maxContexts)
    }

    /// A matcher whose exit walk starts its tables over past `exitContextLimit` stacks (tests
    /// use a small one).
    init(grammar: Grammar, index: VocabularyIndex, exitContextLimit: Int) {
        self.grammar = grammar
        self.index = index
        threads = grammar.initialThreads
        exitWalks = ExitWalks(grammar: grammar, index: index, contextLimit: exitContextLimit)
    }

    /// The most parses (threads) a matcher keeps alive. Overlapping object alternatives that
    /// recur inside one another (a recursive schema with many `dependencies` cases, say) can
    /// multiply the parses with every level of nesting, and each mask and commit costs time in
    /// proportion; past this many, `commit` and `feed` throw `tooAmbiguous` rather than let one
    /// token take seconds.
    public static let maxThreads = 1024

    /// Whether the output may end here (end-of-sequence tokens are allowed).
    public var isComplete: Bool { !isFinished && grammar.isComplete(threads) }

    /// The number of tokens committed (and not rewound).
    public var committedCount: Int { history.count }

    // MARK: - Tokens

    /// Checks and applies token `id`.
    public mutating func commit(_ id: Int) throws(GrammarMatcherError) {
        guard id >= 0 && id < index.tokenCount else { throw .unknownToken(id) }
        guard !isFinished else { throw .alreadyFinished }
        if index.endOfSequenceTokens.contains(id) {
            guard grammar.isComplete(threads) else { throw .incompleteOutput(token: id) }
            history.append((threads, isFinished))
            isFinished = true
            return
        }
        guard !index.isSpecial(id) else { throw .specialToken(id) }
        let bytes = index.tokenBytes(id)
        guard !bytes.isEmpty else { throw .tokenRejected(token: id, offset: 0) }
        let result = bytes.withUnsafeBufferPointer { grammar.advance(threads, bytes: $0) }
        switch result {
        case .failure(let rejected): throw .tokenRejected(token: id, offset: rejected.offset)
        case .success(let next):
            guard next.count <= Self.maxThreads else { throw .tooAmbiguous(threads: next.count) }
            history.append((threads, isFinished))
            threads = next
        }
    }

    /// Whether token `id` may come next: what `commit` would accept, checked byte by byte
    /// (the definition the masks are tested against; use `fillMask` to ask for every token).
    public func allows(_ id: Int) -> Bool {
        guard id >= 0 && id < index.tokenCount, !isFinished else { return false }
        if index.endOfSequenceTokens.contains(id) { return grammar.isComplete(threads) }
        let bytes = index.tokenBytes(id)
        guard !index.isSpecial(id), !bytes.isEmpty else { return false }
        if case .success = bytes.withUnsafeBufferPointer({ grammar.advance(threads, bytes: $0) }) { return true }
        return false
    }

    /// Undoes the last `count` commits.
    public mutating func rewind(tokens count: Int) throws(GrammarMatcherError) {
        guard count >= 0 && count <= history.count else { throw .cannotRewind(requested: count, available: history.count) }
        guard count > 0 else { return }
        let target = history[history.count - count]
        history.removeLast(count)
        threads = target.threads
        isFinished = target.finished
    }

    /// Back to the start of the output.
    public mutating func reset() {
        threads = grammar.initialThreads
        isFinished = false
        history.removeAll()
    }

    // MARK: - Bytes

    /// Feeds raw bytes (grammar-as-validator); throws the offset of the first byte rejected,
    /// leaving the matcher unchanged. Bytes do not count as committed tokens for `rewind`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) throws(GrammarMatcherError) {
        guard !isFinished else { throw .alreadyFinished }
        let array = Array(bytes)
        let result = array.withUnsafeBufferPointer { grammar.advance(threads, bytes: $0) }
        switch result {
        case .failure(let rejected): throw .byteRejected(offset: rejected.offset)
        case .success(let next):
            guard next.count <= Self.maxThreads else { throw .tooAmbiguous(threads: next.count) }
            threads = next
        }
    }

    /// The bytes that may come next (end of output aside).
    public var allowedBytes: [UInt8] { nextBytes().elements }

    func nextBytes() -> ByteSet {
        var set = ByteSet()
        guard !isFinished else { return set }
        for thread in threads {
            let dfa = grammar.lexemes[Int(thread.lexeme)]
            for byte in 0...255 where dfa.next(thread.state, UInt8(byte)) != DenseDFA.dead { set.insert(UInt8(byte)) }
            if dfa.isAccepting(thread.state) {
                for next in grammar.following(thread) { set.formUnion(grammar.lexemes[Int(next.lexeme)].firstBytes) }
            }
        }
        return set
    }
}
