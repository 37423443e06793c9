/// Which characters each state reads without leaving it: what lets a mask walk skip a trie
/// subtree whole (`CharacterGroups`, `SubtreeWalk`).
extension DenseDFA {
    /// For each state, the character groups (`CharacterGroups`) every character of which leads
    /// from the state back to itself, through live states only: from there, any byte string of
    /// those characters stays in the state. Made on first use and kept.
    ///
    /// The pass reads each state's row once; above ASCII it follows the UTF-8 byte ranges of
    /// each group, from the states that some lead byte keeps alive. Empty for automata over
    /// `maxStatesWithLoops` states (nothing is skipped there).
    var loopGroups: [UInt64] {
        loopsOnce.withLock { made in
            if let made { return made }
            guard stateCount <= Self.maxStatesWithLoops else {
                made = []
                return []
            }
            // The classes of the lead bytes of multi-byte characters, to tell at a glance the
            // states that loop on nothing (most states of keys, literals and enumerations): no
            // byte leads back to them and no lead byte keeps them alive.
            var leadClasses: [Int] = []
            for byte in 0xC2...0xF4 where !leadClasses.contains(Int(classOf[byte])) { leadClasses.append(Int(classOf[byte])) }
            // Every multi-byte character ends with a continuation byte (0x80–0xBF), so only the
            // states some continuation byte leads to can loop on one. Inside keys excluded from
            // an open object, every state lets a lead byte through (to "any other key") but only
            // that one state is entered by a continuation byte: without this the pass followed
            // every group's byte ranges from each of hundreds of states, some milliseconds in the
            // first mask.
            var continuationClasses: [Int] = []
            for byte in 0x80...0xBF where !continuationClasses.contains(Int(classOf[byte])) {
                continuationClasses.append(Int(classOf[byte]))
            }
            var entered = [Bool](repeating: false, count: stateCount)
            for state in 0..<stateCount {
                for byteClass in continuationClasses { entered[Int(table[state * classCount + byteClass])] = true }
            }
            let result = (0..<stateCount).map { state -> UInt64 in
                let row = state * classCount
                let selfLoop = (0..<classCount).contains { table[row + $0] == UInt32(state) }
                let leads = leadClasses.contains { table[row + $0] != Self.dead }
                return selfLoop || leads ? loops(of: UInt32(state), multiByte: leads && entered[state]) : 0
            }
            made = result
            return result
        }
    }

    /// The most states whose loops `loopGroups` computes (a pass over every row).
    static let maxStatesWithLoops = 1 << 16

    /// The groups `state` loops on; multi-byte characters' groups only when `multiByte` (a lead
    /// byte keeps the state alive and some continuation byte leads to it).
    private func loops(of state: UInt32, multiByte: Bool) -> UInt64 {
        guard state != Self.dead else { return 0 }
        let row = Int(state) * classCount
        // The ASCII bytes that lead back to the state, as two words.
        var low: UInt64 = 0, high: UInt64 = 0
        var first = 0
        for run in classRuns {
            defer { first = Int(run.last) + 1 }
            let target = table[row + Int(run.byteClass)]
            if first < 128, target == state {
                for byte in first...min(Int(run.last), 127) {
                    if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
                }
            }
        }
        var groups: UInt64 = 0
        for (group, bytes) in CharacterGroups.asciiBytes.enumerated() where bytes.0 | bytes.1 != 0 {
            if bytes.0 & ~low == 0 && bytes.1 & ~high == 0 { groups |= 1 << UInt64(group) }
        }
        guard multiByte else { return groups }
        var failed: UInt64 = 0
        for (group, ranges) in CharacterGroups.multiByteSequences where failed & (1 << UInt64(group)) == 0 {
            if !returns(from: state, through: ranges) { failed |= 1 << UInt64(group) }
        }
        let multiByteGroups: UInt64 =
            1 << UInt64(CharacterGroups.twoByte) | 1 << UInt64(CharacterGroups.threeByte)
            | 1 << UInt64(CharacterGroups.separators) | 1 << UInt64(CharacterGroups.fourByte)
        return groups | (multiByteGroups & ~failed)
    }

    /// Whether every byte string drawn from `ranges` in turn leads from `state` back to it
    /// without reaching `dead`: the set of states after each range is followed, and must end
    /// as `state` alone.
    private func returns(from state: UInt32, through ranges: [ClosedRange<UInt8>]) -> Bool {
        var current: [UInt32] = [state]
        var next: [UInt32] = []
        for range in ranges {
            next.removeAll(keepingCapacity: true)
            for source in current {
                let row = Int(source) * classCount
                var previousClass = -1
                for byte in range {
                    let byteClass = Int(classOf[Int(byte)])
                    if byteClass == previousClass { continue }
                    previousClass = byteClass
                    let target = table[row + byteClass]
                    if target == Self.dead { return false }
                    if !next.contains(target) { next.append(target) }
                }
            }
            swap(&current, &next)
        }
        return current == [state]
    }
}
