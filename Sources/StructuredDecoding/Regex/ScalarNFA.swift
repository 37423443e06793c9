/// A Thompson NFA whose edges consume one Unicode scalar from a set (or nothing).
///
/// Built from a `RegexNode`; anchors are edges that only hold at the text's start or end until
/// `eliminatingAnchors()` turns them into plain structure. `ByteNFA` then expands every scalar
/// edge into byte paths.
struct ScalarNFA {
    /// A transition out of a state.
    enum Edge: Hashable {
        /// Moves without consuming anything.
        case epsilon(Int)
        /// Consumes one scalar from `sets[set]`.
        case scalars(set: Int, to: Int)
        /// Moves without consuming, only at the start of the text.
        case textStart(Int)
        /// Moves without consuming, only at the end of the text.
        case textEnd(Int)
    }

    /// The outgoing edges of each state.
    var edges: [[Edge]] = []
    /// The distinct scalar sets that label edges.
    private(set) var sets: [ScalarSet] = []
    private var setIndex: [ScalarSet: Int] = [:]
    /// The initial state.
    var start = 0
    /// The single accepting state.
    var accept = 0
    /// The most states this automaton may grow to.
    let stateLimit: Int

    /// An empty automaton that may grow to `stateLimit` states.
    init(stateLimit: Int) { self.stateLimit = stateLimit }

    /// The number of states.
    var stateCount: Int { edges.count }

    /// Adds a state with no edges.
    mutating func newState() throws(RegexError) -> Int {
        guard edges.count < stateLimit else {
            throw RegexError(.automatonTooLarge(what: "the scalar NFA", limit: stateLimit), at: 0)
        }
        edges.append([])
        return edges.count - 1
    }

    /// Adds `edge` out of `state`.
    mutating func add(_ edge: Edge, from state: Int) { edges[state].append(edge) }

    /// The index of `set` in `sets`, adding it if new.
    mutating func intern(_ set: ScalarSet) -> Int {
        if let index = setIndex[set] { return index }
        sets.append(set)
        setIndex[set] = sets.count - 1
        return sets.count - 1
    }

    /// Compiles `root`; in `.search` mode the automaton also consumes any scalars before and
    /// after the match.
    static func compile(_ root: RegexNode, mode: MatchMode, stateLimit: Int) throws(RegexError) -> ScalarNFA {
        var nfa = ScalarNFA(stateLimit: stateLimit)
        nfa.start = try nfa.newState()
        var entry = nfa.start
        if mode == .search {
            let any = nfa.intern(.all)
            nfa.add(.scalars(set: any, to: nfa.start), from: nfa.start)
            entry = try nfa.newState()
            nfa.add(.epsilon(entry), from: nfa.start)
        }
        var exit = try nfa.build(root, from: entry)
        if mode == .search {
            let tail = try nfa.newState()
            nfa.add(.epsilon(tail), from: exit)
            nfa.add(.scalars(set: nfa.intern(.all), to: tail), from: tail)
            exit = tail
        }
        nfa.accept = exit
        return nfa
    }

    /// Adds the fragment for `node` starting at `from` and returns its exit state.
    ///
    /// Invariant: the fragment never adds an edge *into* `from`, so sibling branches built from
    /// the same state cannot leak into each other; loops go through fresh states.
    private mutating func build(_ node: RegexNode, from: Int) throws(RegexError) -> Int {
        switch node {
        case .empty:
            return from
        case .scalars(let set):
            let target = try newState()
            add(.scalars(set: intern(set), to: target), from: from)
            return target
        case .textStart, .textEnd:
            let target = try newState()
            add(node == .textStart ? .textStart(target) : .textEnd(target), from: from)
            return target
        case .concatenation(let parts):
            var current = from
            for part in parts { current = try build(part, from: current) }
            return current
        case .alternation(let branches):
            let exit = try newState()
            for branch in branches {
                add(.epsilon(exit), from: try build(branch, from: from))
            }
            return exit
        case .repetition(let inner, let low, let high):
            var current = from
            for _ in 0..<low { current = try build(inner, from: current) }
            guard let high else {
                let loop = try newState()
                add(.epsilon(loop), from: current)
                add(.epsilon(loop), from: try build(inner, from: loop))
                return loop
            }
            guard high > low else { return current }
            let exit = try newState()
            for _ in low..<high {
                add(.epsilon(exit), from: current)
                current = try build(inner, from: current)
            }
            add(.epsilon(exit), from: current)
            return exit
        }
    }
}
