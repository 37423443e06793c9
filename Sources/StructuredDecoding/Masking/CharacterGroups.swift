/// Characters sorted into 45 groups, so that a mask walk can skip a trie subtree whole: where
/// an automaton state returns to itself on every character of some groups
/// (`DenseDFA.loopGroups`) and a subtree's tokens spell only characters of those groups
/// (`below(_:)`), every token of the subtree stays inside the lexeme and none ends it, so
/// nothing below needs visiting.
///
/// Inside an unconstrained JSON string 147k of Qwen's 152k tokens are allowed, and a walk that
/// visited each of the trie's 333k nodes was the whole cost of a new wide mask (1.5 ms); most of
/// those nodes lie in subtrees of letters, punctuation and whole multi-byte characters.
///
/// The groups follow what patterns tend to leave out: the control characters, each ASCII
/// punctuation character and the space alone, digits, `a-f`, `g-z`, `A-F`, `G-Z`, DEL; above
/// ASCII, the two-byte scalars, the three-byte ones but U+2028 and U+2029 (which `.` refuses),
/// those two, and the four-byte ones. Group 0 is *misaligned*: a byte string that does not
/// decode as UTF-8 from its first byte, which no state loops over.
enum CharacterGroups {
    /// The group of bytes that do not decode (a continuation byte first, a malformed sequence).
    static let misaligned: UInt64 = 1 << 0
    static let control = 1, delete = 2, digits = 3, lowerHex = 4, lowerRest = 5, upperHex = 6, upperRest = 7
    /// The first group of the single punctuation characters (and the space).
    static let firstPunctuation = 8
    /// U+0080–U+07FF.
    static let twoByte = 41
    /// U+0800–U+FFFF but U+2028 and U+2029.
    static let threeByte = 42
    /// U+2028 (line separator) and U+2029 (paragraph separator).
    static let separators = 43
    /// U+10000–U+10FFFF.
    static let fourByte = 44

    /// The group of each ASCII byte.
    static let asciiGroup: [UInt8] = (0..<128).map { byte -> UInt8 in
        switch byte {
        case 0..<0x20: return UInt8(control)
        case 0x7F: return UInt8(delete)
        case 0x30...0x39: return UInt8(digits)
        case 0x61...0x66: return UInt8(lowerHex)
        case 0x67...0x7A: return UInt8(lowerRest)
        case 0x41...0x46: return UInt8(upperHex)
        case 0x47...0x5A: return UInt8(upperRest)
        default: return UInt8(firstPunctuation + punctuation.firstIndex(of: UInt8(byte))!)
        }
    }

    /// The space and the 32 ASCII punctuation characters, each a group of its own.
    private static let punctuation: [UInt8] = (0x20..<0x7F).filter { byte in
        !(0x30...0x39).contains(byte) && !(0x41...0x5A).contains(byte) && !(0x61...0x7A).contains(byte)
    }.map(UInt8.init)

    /// The ASCII bytes of each group, as two words (bytes 0–63, 64–127).
    static let asciiBytes: [(UInt64, UInt64)] = {
        var words = [(UInt64, UInt64)](repeating: (0, 0), count: twoByte)
        for byte in 0..<128 {
            let group = Int(asciiGroup[byte])
            if byte < 64 { words[group].0 |= 1 << UInt64(byte) } else { words[group].1 |= 1 << UInt64(byte - 64) }
        }
        return words
    }()

    /// The UTF-8 spellings of each group above ASCII, as sequences of byte ranges (every
    /// sequence of bytes drawn from the ranges in turn is one scalar of the group).
    static let multiByteSequences: [(group: Int, ranges: [ClosedRange<UInt8>])] = [
        (twoByte, [0xC2...0xDF, 0x80...0xBF]),
        (threeByte, [0xE0...0xE0, 0xA0...0xBF, 0x80...0xBF]),
        (threeByte, [0xE1...0xE1, 0x80...0xBF, 0x80...0xBF]),
        (threeByte, [0xE2...0xE2, 0x80...0x80, 0x80...0xA7]),
        (separators, [0xE2...0xE2, 0x80...0x80, 0xA8...0xA9]),
        (threeByte, [0xE2...0xE2, 0x80...0x80, 0xAA...0xBF]),
        (threeByte, [0xE2...0xE2, 0x81...0xBF, 0x80...0xBF]),
        (threeByte, [0xE3...0xEC, 0x80...0xBF, 0x80...0xBF]),
        (threeByte, [0xED...0xED, 0x80...0x9F, 0x80...0xBF]),
        (threeByte, [0xEE...0xEF, 0x80...0xBF, 0x80...0xBF]),
        (fourByte, [0xF0...0xF0, 0x90...0xBF, 0x80...0xBF, 0x80...0xBF]),
        (fourByte, [0xF1...0xF3, 0x80...0xBF, 0x80...0xBF, 0x80...0xBF]),
        (fourByte, [0xF4...0xF4, 0x80...0x8F, 0x80...0xBF, 0x80...0xBF]),
    ]

    /// For each byte value, the `multiByteSequences` it leads.
    private static let sequencesOfLead: [[Int]] = (0..<256).map { lead in
        multiByteSequences.indices.filter { multiByteSequences[$0].ranges[0].contains(UInt8(lead)) }
    }

    /// The groups of the character that begins at `bytes[start]`, and its length in bytes. A
    /// character cut off by the end of `bytes` has the groups of every character it could
    /// begin; a byte string that is no UTF-8 there is `misaligned`.
    static func character(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (groups: UInt64, length: Int) {
        let lead = bytes[start]
        if lead < 0x80 { return (1 << UInt64(asciiGroup[Int(lead)]), 1) }
        var groups: UInt64 = 0
        var length = 0
        for sequence in sequencesOfLead[Int(lead)] {
            let (group, ranges) = multiByteSequences[sequence]
            var k = 1
            while k < ranges.count, start + k < bytes.count, ranges[k].contains(bytes[start + k]) { k += 1 }
            if k == ranges.count || start + k == bytes.count {
                groups |= 1 << UInt64(group)
                length = max(length, k)
            }
        }
        return groups == 0 ? (misaligned, 1) : (groups, length)
    }

    /// For each trie node, the groups of the characters its descendants add to its bytes:
    /// every token below, read from the byte after the node's, decoded as UTF-8 (`misaligned`
    /// where that byte does not begin a character). Leaves have none.
    static func below(_ trie: TokenTrie) -> [UInt64] {
        var below = [UInt64](repeating: 0, count: trie.nodeCount)
        var path = [UInt8](repeating: 0, count: trie.maxDepth)
        var ancestors = [Int](repeating: 0, count: trie.maxDepth)
        var suffix = [UInt64](repeating: 0, count: trie.maxDepth + 1)
        path.withUnsafeMutableBufferPointer { path in
            for node in 0..<trie.nodeCount {
                let depth = Int(trie.depths[node])
                path[depth - 1] = trie.bytes[node]
                ancestors[depth - 1] = node
                guard trie.tokenStarts[node] < trie.tokenStarts[node + 1] else { continue }
                // The groups of the token's bytes from each position on, right to left; each is
                // what the ancestor ending just before that position has below it.
                let bytes = UnsafeBufferPointer(rebasing: path[0..<depth])
                suffix[depth] = 0
                for k in stride(from: depth - 1, through: 1, by: -1) {
                    let (groups, length) = character(bytes, at: k)
                    suffix[k] = groups | (groups == misaligned ? 0 : suffix[min(k + length, depth)])
                    below[ancestors[k - 1]] |= suffix[k]
                }
            }
        }
        return below
    }
}
