/// The pushdown parser: what may come after a lexeme, as threads at the start of the next
/// lexeme. Satisfiability pruning keeps every thread completable, so a matcher never reaches a
/// state with no way forward.
extension Grammar {
    /// The threads that begin after `stack`'s last lexeme ended (`whitespace` tells whether a
    /// whitespace lexeme may come first). `isDone` is set when the output may end here.
    func expand(_ stack: [ParserFrame], whitespace: Bool, into threads: inout [ParserThread], isDone: inout Bool) {
        if whitespace && punctuation.whitespace >= 0 { threads.append(ParserThread(stack: stack, lexeme: punctuation.whitespace)) }
        guard let top = stack.last else {
            isDone = true
            return
        }
        var rest = stack
        rest.removeLast()
        switch top {
        case .value(let node):
            Self.expandValue(node, rest: rest, nodes: nodes, satisfiable: satisfiable, punctuation: punctuation, into: &threads)
        case .colon:
            threads.append(ParserThread(stack: rest, lexeme: punctuation.colon))
        case .array(let node, let count, let used, let phase):
            guard case .array(let array) = nodes[Int(node)] else { return }
            expandArray(array, node: node, count: Int(count), used: used, phase: phase, rest: rest, into: &threads)
        case .object(let node, let next, let used, let count, let phase):
            guard case .object(let object) = nodes[Int(node)] else { return }
            expandObject(object, node: node, next: Int(next), used: used, count: Int(count), phase: phase, rest: rest, into: &threads)
        }
    }

    /// Threads starting a value of `node` followed by `rest`.
    static func expandValue(
        _ node: Int32, rest: [ParserFrame], nodes: [CompiledNode], satisfiable: [Bool],
        punctuation: Punctuation, into threads: inout [ParserThread]
    ) {
        guard satisfiable[Int(node)] else { return }
        switch nodes[Int(node)] {
        case .lexeme(let lexeme):
            threads.append(ParserThread(stack: rest, lexeme: lexeme))
        case .alternatives(let options):
            for option in options {
                expandValue(option, rest: rest, nodes: nodes, satisfiable: satisfiable, punctuation: punctuation, into: &threads)
            }
        case .array:
            threads.append(ParserThread(stack: rest + [.array(node: node, count: 0, used: 0, phase: .afterOpen)], lexeme: punctuation.openArray))
        case .object:
            threads.append(
                ParserThread(
                    stack: rest + [.object(node: node, next: 0, used: [], count: 0, phase: .afterOpen)],
                    lexeme: punctuation.openObject))
        case .never:
            break
        }
    }

    private func expandArray(
        _ array: CompiledArray, node: Int32, count: Int, used: UInt64, phase: ParserFrame.Phase,
        rest: [ParserFrame], into threads: inout [ParserThread]
    ) {
        let nextFits =
            count >= array.prefix.count && !array.distinct.isEmpty
            ? array.distinct.indices.contains { used >> UInt64($0) & 1 == 0 && satisfiable[Int(array.distinct[$0])] }
            : array.item(count).map { satisfiable[Int($0)] } ?? false
        let canAdd = (array.maxItems.map { count < $0 } ?? true) && nextFits
        switch phase {
        case .afterOpen, .afterItem:
            if count >= array.minItems { threads.append(ParserThread(stack: rest, lexeme: punctuation.closeArray)) }
            guard canAdd else { return }
            if phase == .afterItem {
                threads.append(
                    ParserThread(
                        stack: rest + [.array(node: node, count: Int32(count), used: used, phase: .afterComma)],
                        lexeme: punctuation.comma))
            } else {
                addItem(array, node: node, count: count, used: used, rest: rest, into: &threads)
            }
        case .afterComma:
            addItem(array, node: node, count: count, used: used, rest: rest, into: &threads)
        }
    }

    private func addItem(
        _ array: CompiledArray, node: Int32, count: Int, used: UInt64, rest: [ParserFrame], into threads: inout [ParserThread]
    ) {
        let next = Int32(array.maxItems == nil ? min(count + 1, array.countCap) : count + 1)
        if count >= array.prefix.count && !array.distinct.isEmpty {
            // Each distinct item not used yet, marked used in the frame after it.
            for (index, item) in array.distinct.enumerated() where used >> UInt64(index) & 1 == 0 {
                let after = ParserFrame.array(node: node, count: next, used: used | 1 << UInt64(index), phase: .afterItem)
                Self.expandValue(item, rest: rest + [after], nodes: nodes, satisfiable: satisfiable, punctuation: punctuation, into: &threads)
            }
            return
        }
        guard let item = array.item(count) else { return }
        Self.expandValue(
            item, rest: rest + [.array(node: node, count: next, used: used, phase: .afterItem)], nodes: nodes,
            satisfiable: satisfiable, punctuation: punctuation, into: &threads)
    }

    private func expandObject(
        _ object: CompiledObject, node: Int32, next: Int, used: [UInt64], count: Int, phase: ParserFrame.Phase,
        rest: [ParserFrame], into threads: inout [ParserThread]
    ) {
        func isUsed(_ i: Int) -> Bool { i / 64 < used.count && used[i / 64] >> UInt64(i % 64) & 1 != 0 }
        // The properties whose key may come next, in order.
        var candidates: [Int] = []
        if object.anyOrder {
            for i in object.keys.indices where !isUsed(i) && satisfiable[Int(object.values[i])] { candidates.append(i) }
        } else {
            for i in next..<object.keys.count {
                if satisfiable[Int(object.values[i])] { candidates.append(i) }
                if object.required[i] { break }
            }
        }
        let hasOther = object.otherValues.contains { satisfiable[Int($0)] }
        var otherFits = hasOther
        if object.counts {
            // A counted object takes a member only if it can still end within its bounds: the
            // required properties left fit under the most, and enough members remain possible
            // to reach the fewest (any number, when other keys are allowed). `required[k]` and
            // `possible[k]`: how many of the properties that may still come from `k` on are
            // required, and satisfiable (any order: the unused ones, wherever they are).
            let n = object.keys.count
            var required = [Int](repeating: 0, count: n + 1), possible = [Int](repeating: 0, count: n + 1)
            for k in stride(from: n - 1, through: 0, by: -1) {
                let open = object.anyOrder ? !isUsed(k) : k >= next
                required[k] = required[k + 1] + (open && object.required[k] ? 1 : 0)
                possible[k] = possible[k + 1] + (open && satisfiable[Int(object.values[k])] ? 1 : 0)
            }
            func fits(after chosen: Int?) -> Bool {
                // What may still come once `chosen` (another key: nil) is written.
                var requiredLeft = required[0], possibleLeft = possible[0]
                if let chosen {
                    if object.anyOrder {
                        requiredLeft -= object.required[chosen] ? 1 : 0
                        possibleLeft -= satisfiable[Int(object.values[chosen])] ? 1 : 0
                    } else {
                        requiredLeft = required[chosen + 1]
                        possibleLeft = possible[chosen + 1]
                    }
                }
                return count + 1 + requiredLeft <= object.maxMembers ?? Int.max
                    && (hasOther || count + 1 + possibleLeft >= object.minMembers)
            }
            candidates = candidates.filter { fits(after: $0) }
            otherFits = hasOther && fits(after: nil)
        }
        let counted = Int32(object.counts ? min(count + 1, object.maxMembers ?? object.minMembers) : 0)
        if phase != .afterComma {
            let mayClose =
                count >= object.minMembers
                && (object.anyOrder
                    ? !object.required.indices.contains { object.required[$0] && !isUsed($0) }
                    : !object.required[next...].contains(true))
            if mayClose { threads.append(ParserThread(stack: rest, lexeme: punctuation.closeObject)) }
            if phase == .afterItem {
                if !candidates.isEmpty || otherFits {
                    threads.append(
                        ParserThread(
                            stack: rest + [.object(node: node, next: Int32(next), used: used, count: Int32(count), phase: .afterComma)],
                            lexeme: punctuation.comma))
                }
                return
            }
        }
        for i in candidates {
            var usedAfter = used
            if object.anyOrder {
                while usedAfter.count <= i / 64 { usedAfter.append(0) }
                usedAfter[i / 64] |= 1 << UInt64(i % 64)
            }
            let after = ParserFrame.object(
                node: node, next: Int32(object.anyOrder ? 0 : i + 1), used: usedAfter, count: counted, phase: .afterItem)
            threads.append(ParserThread(stack: rest + [after, .value(object.values[i]), .colon], lexeme: object.keys[i]))
        }
        guard otherFits else { return }
        for index in object.otherKeys.indices where satisfiable[Int(object.otherValues[index])] {
            let after = ParserFrame.object(node: node, next: Int32(next), used: used, count: counted, phase: .afterItem)
            threads.append(ParserThread(stack: rest + [after, .value(object.otherValues[index]), .colon], lexeme: object.otherKeys[index]))
        }
    }
}
