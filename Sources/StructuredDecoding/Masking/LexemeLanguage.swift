/// Lexeme states named by the language they accept from there, so equal languages in different
/// lexemes share one memoized mask and one set of subtree walks.
///
/// A mask of a lexeme state (`LexemeMask`) and the walk of a trie subtree (`SubtreeWalk`) depend
/// only on which byte strings the automaton accepts from that state. Many states of different
/// lexemes accept the same language: an additional-property key (`stringExcept`) that has left
/// every declared name behind is inside an unconstrained string, exactly like the plain string
/// whose masks preprocessing computed; a regex-constrained string after its pattern has matched
/// is too. Their canonical form (breadth-first numbering of the reachable automaton) identifies
/// them.
enum LexemeLanguage {
    /// States reachable from a state beyond which no canonical form is computed (the state then
    /// keeps an identity of its own); bounds the cost to `maxStates` times their transition runs.
    static let maxStates = 64

    /// The canonical encoding of the automaton reachable from `state`: per state in
    /// breadth-first order, its acceptance, then each run of bytes leading to one state as
    /// `lastByte << 16 | number`, then a separator. `nil` past `maxStates` states.
    ///
    /// States are numbered in the order their first byte comes, so the encoding does not depend
    /// on how the automaton split the bytes into classes or numbered its states.
    static func signature(_ dfa: DenseDFA, from state: UInt32) -> [UInt32]? {
        let transitions = dfa.transitionRuns
        // Numbers: a table over the states when the automaton is small, else a search of the
        // (at most `maxStates`) states numbered so far.
        var numbers = [UInt32](repeating: .max, count: dfa.stateCount <= 4096 ? dfa.stateCount : 0)
        var order: [UInt32] = [state]
        order.reserveCapacity(maxStates)
        var out: [UInt32] = []
        out.reserveCapacity(64)
        var scratch: [UInt64] = []
        if !numbers.isEmpty {
            numbers[Int(DenseDFA.dead)] = 0
            numbers[Int(state)] = 1
        }
        var position = 0
        while position < order.count {
            let current = Int(order[position])
            position += 1
            out.append(dfa.accepting[current] ? 1 : 0)
            let runs: ArraySlice<UInt64>
            if let transitions {
                runs = transitions.runs[Int(transitions.starts[current])..<Int(transitions.starts[current + 1])]
            } else {
                scratch.removeAll(keepingCapacity: true)
                dfa.appendRuns(of: UInt32(current), to: &scratch)
                runs = scratch[...]
            }
            for run in runs {
                let target = UInt32(truncatingIfNeeded: run)
                var number: UInt32
                if target == DenseDFA.dead {
                    number = 0
                } else if !numbers.isEmpty {
                    number = numbers[Int(target)]
                } else {
                    number = order.firstIndex(of: target).map { UInt32($0 + 1) } ?? .max
                }
                if number == .max {
                    guard order.count < maxStates else { return nil }
                    order.append(target)
                    number = UInt32(order.count)
                    if !numbers.isEmpty { numbers[Int(target)] = number }
                }
                out.append(UInt32(run >> 32) << 16 | number)
            }
            out.append(.max)
        }
        return out
    }
}
