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
    /// keeps an identity of its own); bounds the cost to `maxStates` times the byte-class runs.
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
        var classNumbers = [UInt32](repeating: 0, count: dfa.classCount)
        var seen = [Bool](repeating: false, count: dfa.classCount)
        var position = 0
        while position < order.count {
            let current = order[position]
            position += 1
            out.append(dfa.isAccepting(current) ? 1 : 0)
            // Numbers of the targets, class by class, in the order their first byte comes (so
            // the numbering does not depend on how the automaton split the bytes into classes).
            for i in seen.indices { seen[i] = false }
            for run in dfa.classRuns where !seen[Int(run.byteClass)] {
                seen[Int(run.byteClass)] = true
                let target = dfa.table[Int(current) * dfa.classCount + Int(run.byteClass)]
                if numbers[Int(target)] == .max {
                    guard order.count < maxStates else { return nil }
                    numbers[Int(target)] = UInt32(order.count + 1)
                    order.append(target)
                }
                classNumbers[Int(run.byteClass)] = numbers[Int(target)]
            }
            // Runs of bytes leading to one state: `lastByte << 16 | number`.
            var number = classNumbers[Int(dfa.classRuns[0].byteClass)]
            var last = dfa.classRuns[0].last
            for run in dfa.classRuns.dropFirst() {
                let next = classNumbers[Int(run.byteClass)]
                if next != number {
                    out.append(UInt32(last) << 16 | number)
                    number = next
                }
                last = run.last
            }
            out.append(255 << 16 | number)
            out.append(.max)
        }
        return out
    }
}
