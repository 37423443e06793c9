/// What both determinizers (`ByteDFA`, lazy, and `DenseDFA(determinizing:)`, eager) need to know
/// about a `ByteNFA` before building states.
extension ByteNFA {
    /// States from which `accept` is reachable through epsilon and byte edges.
    func liveStates() -> [Bool] {
        var reverse = [[Int32]](repeating: [], count: stateCount)
        for state in 0..<stateCount {
            for next in epsilons[state] { reverse[Int(next)].append(Int32(state)) }
            for edge in byteEdges[state] { reverse[Int(edge.target)].append(Int32(state)) }
        }
        var live = [Bool](repeating: false, count: stateCount)
        live[Int(accept)] = true
        var stack = [accept]
        while let state = stack.popLast() {
            for previous in reverse[Int(state)] where !live[Int(previous)] {
                live[Int(previous)] = true
                stack.append(previous)
            }
        }
        return live
    }

    /// The NFA states a DFA state needs to remember: live ones with byte edges, and `accept`.
    /// (A live state with only epsilon edges is fully described by its closure.)
    func importantStates(live: [Bool]) -> [Bool] {
        (0..<stateCount).map { state in live[state] && (!byteEdges[state].isEmpty || state == Int(accept)) }
    }

    /// Byte equivalence classes: two bytes share a class when no edge out of a live state tells
    /// them apart. Classes are numbered by their first byte, in increasing order.
    func byteClasses(live: [Bool]) -> (classOf: [UInt8], representatives: [UInt8]) {
        var isBoundary = [Bool](repeating: false, count: 257)
        isBoundary[0] = true
        for (state, edges) in byteEdges.enumerated() where live[state] {
            for edge in edges {
                isBoundary[Int(edge.low)] = true
                isBoundary[Int(edge.high) + 1] = true
            }
        }
        var classOf = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        for byte in 0..<256 {
            if isBoundary[byte] { representatives.append(UInt8(byte)) }
            classOf[byte] = UInt8(representatives.count - 1)
        }
        return (classOf, representatives)
    }
}
