extension ScalarNFA {
    /// The same language without anchor edges.
    ///
    /// A `textStart` edge can only be crossed before anything is consumed, so a new start state
    /// gets epsilon edges to everything reachable from the old start through epsilon and
    /// `textStart` edges. A `textEnd` edge can only be crossed at the end, so every state that
    /// reaches `accept` through epsilon and `textEnd` edges gets an epsilon edge to a new accept
    /// state. Then both kinds of edges are dropped.
    func eliminatingAnchors() throws(RegexError) -> ScalarNFA {
        let hasAnchors = edges.contains {
            $0.contains { edge in
                switch edge {
                case .textStart, .textEnd: true
                default: false
                }
            }
        }
        guard hasAnchors else { return self }
        var result = self
        for state in 0..<stateCount {
            result.edges[state] = edges[state].filter { edge in
                switch edge {
                case .epsilon, .scalars: true
                case .textStart, .textEnd: false
                }
            }
        }
        // Forward from start over epsilon and textStart edges.
        var reachable = Set([start])
        var stack = [start]
        while let state = stack.popLast() {
            for edge in edges[state] {
                switch edge {
                case .epsilon(let next), .textStart(let next):
                    if reachable.insert(next).inserted { stack.append(next) }
                default: break
                }
            }
        }
        let newStart = try result.newState()
        for state in reachable.sorted() { result.add(.epsilon(state), from: newStart) }
        result.start = newStart
        // Backward from accept over epsilon and textEnd edges.
        var reverse = [[Int]](repeating: [], count: stateCount)
        for (state, out) in edges.enumerated() {
            for edge in out {
                switch edge {
                case .epsilon(let next), .textEnd(let next): reverse[next].append(state)
                default: break
                }
            }
        }
        var ending = Set([accept])
        stack = [accept]
        while let state = stack.popLast() {
            for previous in reverse[state] where ending.insert(previous).inserted { stack.append(previous) }
        }
        let newAccept = try result.newState()
        for state in ending.sorted() { result.add(.epsilon(newAccept), from: state) }
        result.accept = newAccept
        return result
    }

    /// The automaton for this language restricted to texts of `min...max` scalars (`max == nil`:
    /// at least `min`), built as the reachable product with a scalar counter.
    ///
    /// The counter saturates at `min` when there is no maximum, so the product has at most
    /// `stateCount * (max ?? min + 1)` states; `stateLimit` still applies. Anchors must already be
    /// eliminated.
    func constrainingLength(min: Int, max: Int?) throws(RegexError) -> ScalarNFA {
        guard min >= 0, max.map({ $0 >= min }) ?? true else {
            throw RegexError(.invalidLengthBounds(min: min, max: max), at: 0)
        }
        if min == 0, max == nil { return self }
        let cap = max ?? min
        var result = ScalarNFA(stateLimit: stateLimit)
        struct Key: Hashable { var state: Int, count: Int }
        var ids: [Key: Int] = [:]
        var pending: [(state: Int, count: Int)] = []
        func id(_ state: Int, _ count: Int, in result: inout ScalarNFA) throws(RegexError) -> Int {
            let key = Key(state: state, count: count)
            if let existing = ids[key] { return existing }
            let new = try result.newState()
            ids[key] = new
            pending.append((state, count))
            return new
        }
        result.start = try id(start, 0, in: &result)
        var accepting: [Int] = []
        while let (state, count) = pending.popLast() {
            let from = ids[Key(state: state, count: count)]!
            if state == accept, count >= min { accepting.append(from) }
            for edge in edges[state] {
                switch edge {
                case .epsilon(let next):
                    result.add(.epsilon(try id(next, count, in: &result)), from: from)
                case .scalars(let set, let next):
                    let nextCount = count + 1
                    if let max, nextCount > max { continue }
                    let target = try id(next, Swift.min(nextCount, cap), in: &result)
                    result.add(.scalars(set: result.intern(sets[set]), to: target), from: from)
                case .textStart, .textEnd:
                    preconditionFailure("constrainingLength requires eliminatingAnchors() first")
                }
            }
        }
        result.accept = try result.newState()
        for state in accepting { result.add(.epsilon(result.accept), from: state) }
        return result
    }
}
