/// What a `LengthCounter` needs to know of its automaton: where the scalar boundaries are, how
/// many scalars each state still needs, and whether it leaves exactly that many (rigid) or any
/// number from there on (open).
extension LengthCounter {
    /// Per state of `dfa`: whether it is at a scalar boundary, read off the state of `strings`
    /// the same bytes reach (`boundary` there); `nil` when a state of `dfa` is reached with two
    /// different states of `strings` or reads a text `strings` refuses.
    static func boundaries(_ dfa: DenseDFA, strings: DenseDFA, boundary: UInt32) -> [Bool]? {
        let unpaired = UInt32.max
        var paired = [UInt32](repeating: unpaired, count: dfa.stateCount)
        paired[Int(dfa.start)] = strings.start
        var pending = [dfa.start]
        while let state = pending.popLast() {
            let shape = paired[Int(state)]
            for byte in UInt8.min...UInt8.max {
                let next = dfa.next(state, byte)
                if next == DenseDFA.dead { continue }
                let nextShape = strings.next(shape, byte)
                if nextShape == DenseDFA.dead { return nil }
                if paired[Int(next)] == unpaired {
                    paired[Int(next)] = nextShape
                    pending.append(next)
                } else if paired[Int(next)] != nextShape {
                    return nil
                }
            }
        }
        return paired.map { $0 == boundary }
    }

    /// Per state of `dfa`: the fewest scalars to complete before an accepting state, counting a
    /// step into a boundary state (other than the opening quote's) as one; `Int32.max` where
    /// none is reachable. A breadth-first search backwards with 0/1 weights.
    static func fewestScalarsLeft(_ dfa: DenseDFA, atBoundary: [Bool]) -> [Int32] {
        let count = dfa.stateCount
        var reverse = [[UInt32]](repeating: [], count: count)
        for state in 0..<count where state != Int(DenseDFA.dead) {
            for byteClass in 0..<dfa.classCount {
                let next = dfa.table[state * dfa.classCount + byteClass]
                if next != DenseDFA.dead { reverse[Int(next)].append(UInt32(state)) }
            }
        }
        var need = [Int32](repeating: .max, count: count)
        var level: [Int] = []
        for state in 0..<count where dfa.accepting[state] {
            need[state] = 0
            level.append(state)
        }
        var distance: Int32 = 0
        while !level.isEmpty {
            var following: [Int] = []
            var i = 0
            while i < level.count { // grows while it is read: 0-weight steps stay on this level
                let state = level[i]
                i += 1
                guard need[state] == distance else { continue }
                let weight: Int32 = atBoundary[state] ? 1 : 0
                for previous in reverse[state] {
                    let cost = distance + (previous == dfa.start ? 0 : weight)
                    guard cost < need[Int(previous)] else { continue }
                    need[Int(previous)] = cost
                    if cost == distance { level.append(Int(previous)) } else { following.append(Int(previous)) }
                }
            }
            level = following
            distance += 1
        }
        return need
    }

    /// Per state of `dfa`: whether the numbers of scalars that can still be completed before the
    /// string closes are exactly one number (`true`, rigid: after `/` in `[\w/-]|\w[\w/-]*\w`)
    /// rather than every number from `need` on (`false`, open); `nil` when some state's are
    /// neither (`(ab)+`: only even counts), and the counter would be inexact.
    ///
    /// For boundary states, with `T(k)` those that can close after exactly `k` more scalars,
    /// `T(0)` the ones that can close now and `T(k+1)` those one scalar takes into `T(k)`: a
    /// state first in `T(m)` is open if it stays in every later set, rigid if it never returns.
    /// Every live state enters by `m` = the number of boundary states, and the sequence is a
    /// function of its last set, so a repeat ends the check. A state inside a scalar takes the
    /// union of the boundary states finishing the scalar leads to, plus one.
    static func rigidity(_ dfa: DenseDFA, atBoundary: [Bool], need: [Int32]) -> [Bool]? {
        let count = dfa.stateCount
        let boundaries = (0..<count).filter { atBoundary[$0] }
        var seen = [Int](repeating: -1, count: count) // inner states, stamped with the origin
        var found = [Int](repeating: -1, count: count) // boundary states, likewise
        var closes = [Bool](repeating: false, count: count)
        /// The boundary states that finishing the scalar begun (or, from a boundary state, one
        /// whole scalar) leads to.
        func completions(of origin: Int) -> [Int] {
            var result: [Int] = []
            var pending = [origin]
            while let state = pending.popLast() {
                for byteClass in 0..<dfa.classCount {
                    let next = Int(dfa.table[state * dfa.classCount + byteClass])
                    if next == Int(DenseDFA.dead) { continue }
                    if dfa.accepting[next] {
                        if state == origin { closes[origin] = true }
                        continue
                    }
                    if atBoundary[next] {
                        if found[next] != origin { result.append(next) }
                        found[next] = origin
                    } else if seen[next] != origin {
                        seen[next] = origin
                        pending.append(next)
                    }
                }
            }
            return result
        }
        var successors = [[Int]](repeating: [], count: count)
        for origin in boundaries { successors[origin] = completions(of: origin) }
        // Boundary states: entered `T` (at `need`), then open or rigid.
        enum Shape { case unseen, entered, open, rigid }
        var shape = [Shape](repeating: .unseen, count: count)
        var current = closes
        var repeated = false
        for _ in 0...boundaries.count + 1 {
            for state in boundaries {
                switch (shape[state], current[state]) {
                case (.unseen, true): shape[state] = .entered
                case (.entered, true): shape[state] = .open
                case (.entered, false): shape[state] = .rigid
                case (.open, false), (.rigid, true): return nil
                default: break
                }
            }
            if repeated { break }
            var following = [Bool](repeating: false, count: count)
            for state in boundaries where successors[state].contains(where: { current[$0] }) { following[state] = true }
            repeated = following == current
            current = following
        }
        guard repeated, !boundaries.contains(where: { shape[$0] == .entered }) else { return nil }
        var rigid = [Bool](repeating: false, count: count)
        for state in boundaries { rigid[state] = shape[state] == .rigid }
        for state in 0..<count where !atBoundary[state] && state != Int(DenseDFA.dead) && !dfa.accepting[state] {
            if state == Int(dfa.start) { // the opening quote leads to one boundary state
                let next = (0..<dfa.classCount).map { Int(dfa.table[state * dfa.classCount + $0]) }.first { $0 != Int(DenseDFA.dead) }
                guard let next, atBoundary[next] else { return nil }
                rigid[state] = rigid[next]
                continue
            }
            // Inside a scalar: the union over the finishes of {need + 1} (rigid) or from need + 1 on.
            var points: Set<Int32> = []
            var openFrom = Int32.max
            for next in completions(of: state) {
                if rigid[next] { points.insert(need[next] + 1) } else { openFrom = min(openFrom, need[next] + 1) }
            }
            if openFrom == .max {
                guard points.count == 1 else { return nil }
                rigid[state] = true
            } else {
                let low = points.min().map { min($0, openFrom) } ?? openFrom
                guard (low..<openFrom).allSatisfy(points.contains) else { return nil }
            }
        }
        return rigid
    }
}
