import Synchronization

/// The trie walks past the end of a thread's lexeme (`GrammarMatcher.fillMask`): from each trie
/// node where the lexeme ends inside a token, the threads that may follow take the node's byte,
/// and the tokens below it are found lexeme by lexeme.
///
/// Inside one lexeme, which tokens below a node stay in it depends only on the lexeme's state,
/// not on the parser's stack: that is a `SubtreeWalk` rooted at the node, memoized by language
/// in the `VocabularyIndex` like the walks masks are made of. So a thread's walk is a few memo
/// lookups, plus the parser consulted again only at the nodes where that lexeme ends once more
/// inside the token (`", "` after a string, `: "` after a key). Thirty `anyOf` branches that
/// all reach `"context":` take thirty parser threads to the same string lexeme: they now share
/// its walk below `: "` instead of stepping the same trie nodes thirty times (1.5 to 4 ms for
/// such a mask in the flexible layout before).
///
/// The parser's threads are plain values: a `Light` names its stack by a number (the distinct
/// stacks met are interned once per matcher) besides its lexeme and state. The threads that
/// start after a lexeme depend only on the stack and on whether that lexeme was whitespace, and
/// are computed once for each. A matcher keeps its walk from mask to mask (`ExitWalks`), so the
/// stacks interned and the threads that follow them are computed once per generation.
/// Length-counted lexemes (whose states carry a count) are walked node by node with the parser,
/// as every lexeme was before.
struct ExitWalk {
    /// A parser thread whose stack is `stacks[context]`.
    struct Light: Equatable {
        var context: Int32
        var lexeme: Int32
        var state: UInt32
    }

    private let grammar: Grammar
    private let index: VocabularyIndex
    private let trie: TokenTrie
    /// The grammar's lexemes, unretained: the grammar keeps them alive, and the walk steps one
    /// per byte, where retaining and releasing it cost more than the step.
    private let lexemes: [Unmanaged<Lexeme>]
    private var stacks: [[ParserFrame]] = []
    private var contexts: [StackKey: Int32] = [:]
    /// A stack as a dictionary key, hashed once: stacks hold arrays (an object's used
    /// properties), and the table rehashes every key as it grows.
    private struct StackKey: Hashable {
        let stack: [ParserFrame]
        let hash: Int
        init(_ stack: [ParserFrame]) {
            self.stack = stack
            hash = stack.hashValue
        }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: StackKey, b: StackKey) -> Bool { a.hash == b.hash && a.stack == b.stack }
    }
    /// At `context << 1 | 1 if after whitespace`: the threads starting after such a lexeme.
    private var followers: [[Light]?] = []
    /// The threads of every level of the trie path: level k is `buffer[starts[k]..<starts[k + 1]]`
    /// (the last level runs to the end).
    private var buffer: [Light] = []
    private var starts: [Int] = []
    /// Trie nodes stepped, for `fillMask`'s count.
    private(set) var visited = 0
    /// The subtree walks whose tokens this walk has added (one lexeme's walk below one node,
    /// reached by several threads, is added once), held until it ends: the memo may drop a walk
    /// meanwhile, and a new one at the same address must not pass for it.
    private var added: Set<ObjectIdentifier> = []
    private var held: [SubtreeWalk] = []

    /// The most stacks interned before the tables start over (`maxContexts` but in tests).
    private let contextLimit: Int

    init(grammar: Grammar, index: VocabularyIndex, contextLimit: Int = ExitWalk.maxContexts) {
        self.grammar = grammar
        self.index = index
        trie = index.trie
        self.contextLimit = contextLimit
        lexemes = grammar.lexemes.map { Unmanaged.passUnretained($0) }
    }

    /// The state of `lexeme` after `byte` from `state`.
    @inline(__always)
    private func next(_ lexeme: Int32, _ state: UInt32, _ byte: UInt8) -> UInt32 {
        lexemes[Int(lexeme)]._withUnsafeGuaranteedRef { $0.next(state, byte) }
    }

    /// The most stacks interned before the tables start over (a generation that meets more
    /// distinct stacks than this keeps its memory bounded).
    static let maxContexts = 2048

    /// The tokens `thread` allows past the end of its lexeme, reached at `exits` (trie nodes
    /// whose byte comes right after the lexeme), appended to `tokens`.
    mutating func walk(_ thread: ParserThread, exits: [Int32], into tokens: inout [Int32]) {
        if stacks.count > contextLimit {
            stacks.removeAll()
            contexts.removeAll()
            followers.removeAll()
        }
        added.removeAll(keepingCapacity: true)
        held.removeAll(keepingCapacity: true)
        enter(after: light(thread), at: exits, into: &tokens)
        held.removeAll(keepingCapacity: true)
    }

    /// The threads that follow `thread`'s lexeme, each taking the byte of each of `exits` and
    /// then the subtree below it.
    private mutating func enter(after thread: Light, at exits: [Int32], into tokens: inout [Int32]) {
        let after = following(thread)
        var firstBytes = ByteSet()
        for next in after { firstBytes.formUnion(lexemes[Int(next.lexeme)]._withUnsafeGuaranteedRef { $0.firstBytes }) }
        for exit in exits {
            let node = Int(exit)
            let byte = trie.bytes[node]
            guard firstBytes.contains(byte) else { continue }
            for next in after {
                let state = self.next(next.lexeme, next.state, byte)
                if state != DenseDFA.dead { expand(Light(context: next.context, lexeme: next.lexeme, state: state), at: node, into: &tokens) }
            }
        }
    }

    /// The tokens below `node` (its own included) for `thread`, which has just taken the node's
    /// byte: those that stay in its lexeme from the memoized walk, then the followers' at the
    /// nodes where the lexeme ends.
    private mutating func expand(_ thread: Light, at node: Int, into tokens: inout [Int32]) {
        let lexeme = lexemes[Int(thread.lexeme)].takeUnretainedValue()
        guard lexeme.counter == nil else { // a counted state is no automaton state: step it
            buffer.removeAll(keepingCapacity: true)
            buffer.append(thread)
            walkSubtree(node, into: &tokens)
            return
        }
        visited += 1
        let walk = index.subtreeWalk(lexeme, root: node, state: thread.state)
        if added.insert(ObjectIdentifier(walk)).inserted {
            held.append(walk)
            walk.appendTokens(to: &tokens, from: trie)
        }
        if !walk.exits.isEmpty { enter(after: thread, at: walk.exits, into: &tokens) }
    }

    /// Walks the subtree of `root`, whose threads are the whole buffer.
    private mutating func walkSubtree(_ root: Int, into tokens: inout [Int32]) {
        addTokens(at: root, to: &tokens)
        visited += 1
        starts.removeAll(keepingCapacity: true)
        starts.append(0)
        starts.append(buffer.count)
        // The trie's arrays held once here, not loaded (and retained) per node.
        let depths = trie.depths, bytes = trie.bytes, ends = trie.subtreeEnds
        let base = Int(depths[root])
        var i = root + 1
        let end = Int(ends[root])
        while i < end {
            visited += 1
            let level = Int(depths[i]) - base // the parents are level - 1
            if starts.count > level + 1 { starts.removeLast(starts.count - level - 1) }
            let from = starts[level]
            buffer.removeLast(buffer.count - from)
            step(starts[level - 1]..<from, bytes[i])
            if buffer.count == from {
                i = Int(ends[i])
                continue
            }
            starts.append(buffer.count)
            addTokens(at: i, to: &tokens)
            i += 1
        }
    }

    /// Appends to the buffer the threads after `byte` of the threads in `parents`.
    private mutating func step(_ parents: Range<Int>, _ byte: UInt8) {
        let from = buffer.count
        for p in parents {
            let thread = buffer[p]
            let (next, accepts) = lexemes[Int(thread.lexeme)]._withUnsafeGuaranteedRef {
                ($0.next(thread.state, byte), $0.isAccepting(thread.state))
            }
            if next != DenseDFA.dead {
                append(Light(context: thread.context, lexeme: thread.lexeme, state: next), from: from)
            } else if accepts {
                for started in following(thread) {
                    let first = self.next(started.lexeme, started.state, byte)
                    if first != DenseDFA.dead {
                        append(Light(context: started.context, lexeme: started.lexeme, state: first), from: from)
                    }
                }
            }
        }
    }

    /// Appends `thread` unless the buffer holds it from `from` on.
    private mutating func append(_ thread: Light, from: Int) {
        for k in from..<buffer.count where buffer[k] == thread { return }
        buffer.append(thread)
    }

    /// The threads at the start of whatever may follow `thread`'s lexeme.
    private mutating func following(_ thread: Light) -> [Light] {
        let whitespace = thread.lexeme == grammar.punctuation.whitespace
        let key = Int(thread.context) << 1 | (whitespace ? 1 : 0)
        if key < followers.count, let known = followers[key] { return known }
        var threads: [ParserThread] = []
        var isDone = false
        grammar.expand(stacks[Int(thread.context)], whitespace: !whitespace, into: &threads, isDone: &isDone)
        let lights = threads.map { light($0) }
        if followers.count <= key { followers.append(contentsOf: repeatElement(nil, count: key + 1 - followers.count)) }
        followers[key] = lights
        return lights
    }

    /// `thread` with its stack interned.
    private mutating func light(_ thread: ParserThread) -> Light {
        let context: Int32
        let key = StackKey(thread.stack)
        if let known = contexts[key] {
            context = known
        } else {
            context = Int32(stacks.count)
            stacks.append(thread.stack)
            contexts[key] = context
        }
        return Light(context: context, lexeme: thread.lexeme, state: thread.state)
    }

    private func addTokens(at node: Int, to tokens: inout [Int32]) {
        let from = Int(trie.tokenStarts[node]), to = Int(trie.tokenStarts[node + 1])
        if from == to { return }
        trie.tokens.withUnsafeBufferPointer { tokens.append(contentsOf: UnsafeBufferPointer(rebasing: $0[from..<to])) }
    }
}

/// A matcher's exit walk, kept between its masks (`GrammarMatcher.fillMask`): what it has
/// interned and expanded depends only on the grammar, so copies of the matcher may share it.
final class ExitWalks: Sendable {
    private let walk: Mutex<ExitWalk>

    init(grammar: Grammar, index: VocabularyIndex, contextLimit: Int = ExitWalk.maxContexts) {
        walk = Mutex(ExitWalk(grammar: grammar, index: index, contextLimit: contextLimit))
    }

    /// `ExitWalk.walk`; returns the trie nodes it stepped.
    func walk(_ thread: ParserThread, exits: [Int32], into tokens: inout [Int32]) -> Int {
        walk.withLock { walk in
            let before = walk.visited
            walk.walk(thread, exits: exits, into: &tokens)
            return walk.visited - before
        }
    }
}
