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
    /// keeps an identity of its own); bounds the cost to `maxStates * 256` transitions.
    static let maxStates = 64

    /// The canonical encoding of the automaton reachable from `state`: per state in
    /// breadth-first order, its acceptance, then each run of bytes leading to one state as
    /// `lastByte << 16 | number`, then a separator. `nil` past `maxStates` states.
    static func signature(_ dfa: DenseDFA, from state: UInt32) -> [UInt32]? {
        var numbers = [UInt32](repeating: .max, count: dfa.stateCount)
        numbers[Int(DenseDFA.dead)] = 0
        numbers[Int(state)] = 1
        var order: [UInt32] = [state]
        var out: [UInt32] = []
        var position = 0
        while position < order.count {
            let current = order[position]
            position += 1
            out.append(dfa.isAccepting(current) ? 1 : 0)
            var run = numbers[Int(dfa.next(current, 0))]
            if run == .max {
                guard order.count < maxStates else { return nil }
                run = UInt32(order.count + 1)
                numbers[Int(dfa.next(current, 0))] = run
                order.append(dfa.next(current, 0))
            }
            for byte in 1...256 {
                var number: UInt32 = .max
                if byte < 256 {
                    let target = dfa.next(current, UInt8(byte))
                    number = numbers[Int(target)]
                    if number == .max {
                        guard order.count < maxStates else { return nil }
                        number = UInt32(order.count + 1)
                        numbers[Int(target)] = number
                        order.append(target)
                    }
                    if number == run { continue }
                }
                out.append(UInt32(byte - 1) << 16 | run)
                run = number
            }
            out.append(.max)
        }
        return out
    }
}
