import Testing

@testable import StructuredDecoding

/// The character groups that let a mask walk skip whole trie subtrees (`CharacterGroups`,
/// `DenseDFA.loopGroups`, `SubtreeWalk`): each side against a definition computed another way
/// (every Unicode scalar encoded by Swift, Swift's own UTF-8 parser, automata stepped byte by
/// byte), and the masks that use them against the mask by definition over the real Qwen trie.
@Suite struct CharacterGroupsTests {
    /// The group of a scalar, from its value.
    static func group(of scalar: UInt32) -> Int {
        switch scalar {
        case 0..<0x20: return CharacterGroups.control
        case 0x7F: return CharacterGroups.delete
        case 0x30...0x39: return CharacterGroups.digits
        case 0x61...0x66: return CharacterGroups.lowerHex
        case 0x67...0x7A: return CharacterGroups.lowerRest
        case 0x41...0x46: return CharacterGroups.upperHex
        case 0x47...0x5A: return CharacterGroups.upperRest
        case 0x20..<0x7F:
            let alphanumeric = (0x30...0x39).contains(scalar) || (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
            precondition(!alphanumeric)
            let before = (0x20..<scalar).filter { !(0x30...0x39).contains($0) && !(0x41...0x5A).contains($0) && !(0x61...0x7A).contains($0) }
            return CharacterGroups.firstPunctuation + before.count
        case 0x80...0x7FF: return CharacterGroups.twoByte
        case 0x2028, 0x2029: return CharacterGroups.separators
        case 0x800...0xFFFF: return CharacterGroups.threeByte
        default: return CharacterGroups.fourByte
        }
    }

    /// Every scalar's UTF-8 bytes.
    static let scalars: [(value: UInt32, bytes: [UInt8])] = (0...UInt32(0x10FFFF)).compactMap { value in
        Unicode.Scalar(value).map { (value, Array(String(Character($0)).utf8)) }
    }

    /// The groups of the scalars each proper prefix of a UTF-8 encoding begins.
    static let prefixGroups: [[UInt8]: UInt64] = {
        var groups: [[UInt8]: UInt64] = [:]
        for (value, bytes) in scalars where bytes.count > 1 {
            for k in 1..<bytes.count { groups[Array(bytes[0..<k]), default: 0] |= 1 << UInt64(group(of: value)) }
        }
        return groups
    }()

    /// The scalar each two-byte encoding spells.
    static let twoByteScalars: [[UInt8]: UInt32] = Dictionary(
        uniqueKeysWithValues: scalars.filter { $0.bytes.count == 2 }.map { ($0.bytes, $0.value) })

    /// `group(of:)` of each ASCII scalar.
    static let asciiGroups = (0..<UInt32(128)).map { group(of: $0) }

    static func character(_ bytes: [UInt8]) -> (groups: UInt64, length: Int) {
        bytes.withUnsafeBufferPointer { CharacterGroups.character($0, at: 0) }
    }

    @Test func everyScalarHasItsGroup() {
        var wrong = 0
        for (value, bytes) in Self.scalars {
            let expected = (groups: UInt64(1) << UInt64(Self.group(of: value)), length: bytes.count)
            let alone = Self.character(bytes), followed = Self.character(bytes + [0x41, 0x80])
            if alone != expected || followed != expected { wrong += 1 }
        }
        #expect(wrong == 0, "\(wrong) scalars read with the wrong group or length")
        // Punctuation is one group per character: 33 of them, then the multi-byte groups.
        #expect(Self.group(of: 0x7E) == CharacterGroups.twoByte - 1)
    }

    @Test func cutCharactersHaveTheGroupsOfTheirCompletions() {
        var wrong: [[UInt8]] = []
        for (prefix, groups) in Self.prefixGroups where Self.character(prefix) != (groups, prefix.count) { wrong.append(prefix) }
        #expect(wrong.isEmpty, "cut characters read wrongly: \(wrong.prefix(5))")
    }

    @Test func bytesThatBeginNoCharacterAreMisaligned() {
        var wrong: [[UInt8]] = []
        for first in 0x80...0xFF {
            for second in 0...0xFF {
                let bytes = [UInt8(first), UInt8(second)]
                let expected: (UInt64, Int)
                if let value = Self.twoByteScalars[bytes] {
                    expected = (1 << UInt64(Self.group(of: value)), 2)
                } else if let groups = Self.prefixGroups[bytes] {
                    expected = (groups, 2)
                } else {
                    expected = (CharacterGroups.misaligned, 1)
                }
                if Self.character(bytes) != expected { wrong.append(bytes) }
            }
        }
        #expect(wrong.isEmpty, "two-byte strings read wrongly: \(wrong.prefix(5))")
    }

    /// The groups of a token's bytes after a node, by Swift's UTF-8 parser: the valid scalars'
    /// groups, then at the first error either a cut character's completions (at the end) or
    /// `misaligned`.
    static func suffixGroups(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var groups: UInt64 = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let value = Unicode.UTF8.decode(encoded).value
                groups |= 1 << UInt64(value < 128 ? asciiGroups[Int(value)] : group(of: value))
                offset += encoded.count
            case .emptyInput:
                return groups
            case .error:
                return groups | (prefixGroups[Array(bytes[offset...])] ?? CharacterGroups.misaligned)
            }
        }
    }

    @Test func eachTrieNodeKnowsTheGroupsBelowIt() throws {
        let index = try RealVocabularies.index("qwen")
        let trie = index.trie
        var path: [UInt8] = []
        var wrong = 0, checked = 0
        for node in 0..<trie.nodeCount {
            let depth = Int(trie.depths[node])
            path.removeLast(path.count - (depth - 1))
            path.append(trie.bytes[node])
            guard depth == 1 || node % 37 == 0 else { continue }
            let tokens = trie.tokens[Int(trie.tokenStarts[node])..<Int(trie.tokenStarts[Int(trie.subtreeEnds[node])])]
            var expected: UInt64 = 0
            for token in tokens {
                let bytes = index.tokenBytes(Int(token))
                #expect(Array(bytes.prefix(depth)) == path)
                if bytes.count > depth { expected |= Self.suffixGroups(bytes.dropFirst(depth)) }
            }
            checked += 1
            if index.groupsBelow[node] != expected { wrong += 1 }
        }
        #expect(checked > 9000)
        #expect(wrong == 0, "\(wrong) of \(checked) nodes with the wrong groups below")
    }

    /// Wide patterns, and narrow and odd ones, as the content of a JSON string.
    static let patterns = [
        #".*"#, #"[^/]+"#, #"\w+"#, #"[a-zA-Z0-9+/=]*"#, #"[^\u2028]*"#, #"[\u0100-\uFFFF]*x"#, #"(?:[a-z]|é)*"#,
        #"[^a]*"#, #"(?:ab)*"#, #"https://.+"#, #"[\s\S]*"#, #"[^\u00e9]*"#, #"[\u0080-\u07ff]+"#,
    ]

    static func lexeme(_ pattern: String) throws -> Lexeme {
        try Lexeme.interned(.string(StringNode(patterns: [try RegexPattern(pattern)])))
    }

    /// The other keys of an open object with named properties (`stringExcept`): every state
    /// lets a lead byte through, to "any other key", and only that state is entered by a
    /// continuation byte, so it alone may loop on multi-byte characters.
    static let names = ["alpha", "alphabet", "beta", "é", "€uro", "name"]

    @Test func keysExceptNamesLoopOnlyOutsideTheNames() throws {
        let dfa = try Lexeme.interned(.stringExcept(Self.names)).dfa
        let loops = dfa.loopGroups
        try #require(loops.count == dfa.stateCount && dfa.stateCount > 10)
        let members = Dictionary(grouping: Self.scalars.filter { $0.value < 0x10000 || $0.value % 61 == 0 }) { Self.group(of: $0.value) }
        var wrong: [String] = []
        var multiByteLoops = 0
        for state in 1..<UInt32(dfa.stateCount) {
            for group in 1...CharacterGroups.fourByte {
                let all = members[group]!.allSatisfy { Self.returns(dfa, state, $0.bytes) }
                if all != (loops[Int(state)] >> UInt64(group) & 1 == 1) { wrong.append("state \(state) group \(group)") }
                if all && group >= CharacterGroups.twoByte { multiByteLoops += 1 }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // The inside of any other key loops on all four multi-byte groups; no name prefix does.
        #expect(multiByteLoops == 4)
    }

    /// Whether `bytes` lead from `state` back to it, through live states only.
    static func returns(_ dfa: DenseDFA, _ state: UInt32, _ bytes: [UInt8]) -> Bool {
        var current = state
        for byte in bytes {
            current = dfa.next(current, byte)
            if current == DenseDFA.dead { return false }
        }
        return current == state
    }

    @Test(arguments: patterns)
    func loopsAreTheGroupsEveryCharacterOfWhichReturns(_ pattern: String) throws {
        let dfa = try Self.lexeme(pattern).dfa
        let loops = dfa.loopGroups
        try #require(loops.count == dfa.stateCount)
        // Every scalar of the first three multi-byte groups, every 61st above U+FFFF.
        let members = Dictionary(grouping: Self.scalars.filter { $0.value < 0x10000 || $0.value % 61 == 0 }) { Self.group(of: $0.value) }
        var wrong: [String] = []
        for state in 1..<UInt32(dfa.stateCount) {
            for group in 1...CharacterGroups.fourByte {
                let all = members[group]!.allSatisfy { Self.returns(dfa, state, $0.bytes) }
                if all != (loops[Int(state)] >> UInt64(group) & 1 == 1) { wrong.append("state \(state) group \(group)") }
            }
            if loops[Int(state)] & CharacterGroups.misaligned != 0 { wrong.append("state \(state) loops on misaligned bytes") }
        }
        #expect(wrong.isEmpty, "\(pattern): \(wrong.prefix(5))")
    }

    /// Every state's mask, composed from subtree walks that skip what their state loops on,
    /// equals the mask by definition: every token inside, every exit.
    @Test func masksThatSkipEqualTheDefinition() throws {
        let index = VocabularyIndex(try RealVocabularies.vocabulary("qwen"))
        var skipping = 0
        for pattern in Self.patterns {
            let lexeme = try Self.lexeme(pattern)
            var skips = false
            for state in 1..<UInt32(min(lexeme.dfa.stateCount, 100)) {
                let mask = index.lexemeMask(lexeme, state: state)
                let definition = ShadowWalkTests.definition(lexeme.dfa, state, index.trie)
                #expect(ShadowWalkTests.tokens(mask) == definition.tokens, "\(pattern): tokens of state \(state)")
                #expect(mask.exits.sorted() == definition.exits, "\(pattern): exits of state \(state)")
                if lexeme.dfa.loopGroups[Int(state)] != 0 { skips = true }
            }
            if skips { skipping += 1 }
        }
        // All but `(?:ab)*` have a state that loops on a whole group.
        #expect(skipping == Self.patterns.count - 1)
    }
}
