/// An NFA over bytes: what `ByteDFA` determinizes lazily.
///
/// Made from a `ScalarNFA` by replacing each scalar edge with the byte paths of its encoding
/// (UTF-8, or the JSON string forms of `TextEncoding`). Scalar states keep their numbers; the
/// intermediate states of multi-byte paths come after them and are shared between paths with the
/// same suffix into the same target.
struct ByteNFA {
    /// A byte-consuming transition.
    struct Edge: Hashable {
        /// The first byte it accepts.
        var low: UInt8
        /// The last byte it accepts.
        var high: UInt8
        /// Where it leads.
        var target: Int32
    }

    /// The byte edges out of each state.
    var byteEdges: [[Edge]] = []
    /// The epsilon edges out of each state.
    var epsilons: [[Int32]] = []
    /// The initial state.
    var start: Int32 = 0
    /// The single accepting state.
    var accept: Int32 = 0

    /// The number of states.
    var stateCount: Int { byteEdges.count }
}

/// One step of a byte path: the byte ranges allowed at that position.
typealias ByteStep = [ClosedRange<UInt8>]

/// How a scalar set is spelled in bytes: paths from an edge's source to its target, and staged
/// routes that pass through a shared middle state (each head, then each tail).
struct EncodedSet {
    /// Direct byte paths.
    var paths: [[ByteStep]] = []
    /// Routes through a middle state; every head may be followed by every tail.
    var staged: [(heads: [[ByteStep]], tails: [[ByteStep]])] = []
}

/// Grows a `ByteNFA` with a state limit and suffix sharing.
struct ByteNFABuilder {
    /// The automaton built so far.
    private(set) var nfa = ByteNFA()
    /// The most states allowed.
    let stateLimit: Int
    private struct SuffixKey: Hashable {
        var step: ByteStep
        var target: Int32
    }
    private var suffixes: [SuffixKey: Int32] = [:]
    /// The same for steps of one range (nearly all of them), keyed `low | high << 8 | target << 16`.
    private var singleRangeSuffixes: [UInt64: Int32] = [:]
    private struct MiddleKey: Hashable {
        var set: Int
        var stage: Int
        var target: Int32
    }
    private var middles: [MiddleKey: Int32] = [:]

    /// A builder whose automaton may grow to `stateLimit` states.
    init(stateLimit: Int) { self.stateLimit = stateLimit }

    /// Adds a state with no edges.
    mutating func newState() throws(RegexError) -> Int32 {
        guard nfa.stateCount < stateLimit else {
            throw RegexError(.automatonTooLarge(what: "the byte NFA", limit: stateLimit), at: 0)
        }
        nfa.byteEdges.append([])
        nfa.epsilons.append([])
        return Int32(nfa.stateCount - 1)
    }

    /// Sets the start and accepting states.
    mutating func setEnds(start: Int32, accept: Int32) {
        nfa.start = start
        nfa.accept = accept
    }

    /// Adds an epsilon edge.
    mutating func addEpsilon(from: Int32, to: Int32) { nfa.epsilons[Int(from)].append(to) }

    /// Adds one byte edge per range of `step`.
    mutating func addStep(from: Int32, to: Int32, _ step: ByteStep) {
        for range in step {
            nfa.byteEdges[Int(from)].append(ByteNFA.Edge(low: range.lowerBound, high: range.upperBound, target: to))
        }
    }

    /// Adds a byte path from `from` to `to`, reusing intermediate states for equal suffixes.
    mutating func addPath(from: Int32, to: Int32, _ steps: [ByteStep]) throws(RegexError) {
        var target = to
        for step in steps.dropFirst().reversed() {
            let single: UInt64? =
                step.count == 1
                ? UInt64(step[0].lowerBound) | UInt64(step[0].upperBound) << 8 | UInt64(UInt32(bitPattern: target)) << 16
                : nil
            let known = if let single { singleRangeSuffixes[single] } else { suffixes[SuffixKey(step: step, target: target)] }
            if let known {
                target = known
                continue
            }
            let state = try newState()
            addStep(from: state, to: target, step)
            if let single { singleRangeSuffixes[single] = state } else { suffixes[SuffixKey(step: step, target: target)] = state }
            target = state
        }
        addStep(from: from, to: target, steps[0])
    }

    /// Adds the encoding of scalar set number `setIndex` as edges from `from` to `to`.
    mutating func addEncoded(_ encoded: EncodedSet, setIndex: Int, from: Int32, to: Int32) throws(RegexError) {
        for path in encoded.paths { try addPath(from: from, to: to, path) }
        for (stage, route) in encoded.staged.enumerated() {
            let key = MiddleKey(set: setIndex, stage: stage, target: to)
            let middle: Int32
            if let shared = middles[key] {
                middle = shared
            } else {
                middle = try newState()
                for tail in route.tails { try addPath(from: middle, to: to, tail) }
                middles[key] = middle
            }
            for head in route.heads { try addPath(from: from, to: middle, head) }
        }
    }
}

extension ByteNFA {
    /// Expands every scalar edge of `scalarNFA` with `encoding`; with `quoted` JSON encodings a
    /// `"` is required before and after.
    static func build(from scalarNFA: ScalarNFA, encoding: TextEncoding, stateLimit: Int) throws(RegexError) -> ByteNFA {
        var builder = ByteNFABuilder(stateLimit: stateLimit)
        for _ in 0..<scalarNFA.stateCount { _ = try builder.newState() }
        let encoded = scalarNFA.sets.map { encoding.encode($0) }
        for (state, edges) in scalarNFA.edges.enumerated() {
            for edge in edges {
                switch edge {
                case .epsilon(let next):
                    builder.addEpsilon(from: Int32(state), to: Int32(next))
                case .scalars(let set, let next):
                    try builder.addEncoded(encoded[set], setIndex: set, from: Int32(state), to: Int32(next))
                case .textStart, .textEnd:
                    preconditionFailure("anchors must be eliminated before byte expansion")
                }
            }
        }
        var start = Int32(scalarNFA.start)
        var accept = Int32(scalarNFA.accept)
        if case .jsonString(quoted: true, _) = encoding {
            let open = try builder.newState()
            let close = try builder.newState()
            builder.addStep(from: open, to: start, [0x22...0x22])
            builder.addStep(from: accept, to: close, [0x22...0x22])
            start = open
            accept = close
        }
        builder.setEnds(start: start, accept: accept)
        return builder.nfa
    }
}
