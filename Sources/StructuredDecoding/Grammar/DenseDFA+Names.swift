/// The automaton of additional-property keys: JSON string literals whose decoded content is none
/// of the names an object declares, built straight from the names instead of determinizing their
/// alternation and subtracting it from the string automaton.
///
/// The names, in every spelling `TextEncoding.jsonString()` allows (raw UTF-8 where JSON permits,
/// the two-character escapes, `\uXXXX` in either case, surrogate pairs), form a trie of bytes
/// (`SpellingTrie`): a node per decoded prefix, and between a node and its children the few
/// states inside one character's spellings. Every state of that trie lies inside the string
/// automaton at one state of its own, found by walking both together; a byte that leaves the
/// trie continues in the string automaton alone. So the result is the trie's states, then the
/// string automaton's, with no pairs to explore (the first compile of the largest schema of the
/// JSONSchemaBench sample, 36 of whose 40 ms were key automata, went down to 9 ms).
extension DenseDFA {
    /// `strings` (the automaton of every JSON string literal) minus each spelling of each of
    /// `names`. Falls back to the product with the determinized names when `strings` does not
    /// walk the trie as a JSON string automaton would (a spelling it rejects, or two paths to one
    /// trie state that leave it in different states).
    static func strings(_ strings: DenseDFA, except names: [String], what: String) throws(GrammarError) -> DenseDFA {
        let trie = SpellingTrie(names)
        guard let inside = trie.statesInside(strings) else {
            return try product(strings, DenseDFA(trie), .difference, what: what)
        }
        // Classes: pairs of (class in `strings`, byte of the trie or none), numbered in byte order.
        var pairs: [UInt32: UInt8] = [:]
        var classOf = [UInt8](repeating: 0, count: 256)
        var representatives: [UInt8] = []
        for byte in 0..<256 {
            let key = UInt32(strings.classOf[byte]) << 9 | (trie.usedBytes.contains(UInt8(byte)) ? UInt32(byte) : 0x100)
            if let known = pairs[key] { classOf[byte] = known; continue }
            guard representatives.count < 256 else { throw GrammarError.automatonTooLarge(what) }
            pairs[key] = UInt8(representatives.count)
            classOf[byte] = UInt8(representatives.count)
            representatives.append(UInt8(byte))
        }
        let classCount = representatives.count
        // States: dead, the trie's (less the ends of names: after a name's closing quote nothing
        // may follow and the literal is refused, so they are dead), then the string automaton's
        // (numbered after them). Every state kept is live: a trie state lies inside a string
        // that can always be continued into one that is not a name, and `strings` is pruned.
        var number = [UInt32](repeating: 0, count: trie.count)
        var next: UInt32 = 1
        for state in 1..<trie.count where !trie.accepting[state] {
            number[state] = next
            next += 1
        }
        let offset = next - 1 // string state k (> 0) is offset + k
        let count = Int(offset) + strings.stateCount
        guard count <= maxStates else { throw GrammarError.automatonTooLarge(what) }
        var table = [UInt32](repeating: 0, count: count * classCount)
        var accepting = [Bool](repeating: false, count: count)
        // The rows of the string automaton's states in the new numbering and classes.
        var stringRows = [UInt32](repeating: 0, count: strings.stateCount * classCount)
        for state in 1..<strings.stateCount {
            for column in 0..<classCount {
                let target = strings.next(UInt32(state), representatives[column])
                stringRows[state * classCount + column] = target == dead ? 0 : offset + target
            }
            let row = Int(offset + UInt32(state)) * classCount
            table.replaceSubrange(row..<row + classCount, with: stringRows[state * classCount..<(state + 1) * classCount])
            accepting[Int(offset) + state] = strings.isAccepting(UInt32(state))
        }
        // A trie state: its string state's row, with the trie's own bytes staying in the trie;
        // that string state is its shadow (the two differ only along the trie's paths).
        var shadows = (0..<UInt32(count)).map { $0 }
        for state in 1..<trie.count where number[state] != 0 {
            let outside = Int(inside[state])
            shadows[Int(number[state])] = offset + UInt32(outside)
            let row = Int(number[state]) * classCount
            table.replaceSubrange(row..<row + classCount, with: stringRows[outside * classCount..<(outside + 1) * classCount])
            trie.forEachEdge(of: state) { byte, target in table[row + Int(classOf[Int(byte)])] = number[target] }
            accepting[Int(number[state])] = strings.isAccepting(UInt32(outside))
        }
        return DenseDFA(classOf: classOf, classCount: classCount, table: table, accepting: accepting, isEmpty: false, shadows: shadows)
    }

    /// The JSON string literals (quotes included, every spelling) whose decoded content is one
    /// of `texts` (not empty): property keys and enumerated strings in the flexible layout.
    convenience init(jsonSpellingsOf texts: [String]) {
        precondition(!texts.isEmpty, "no texts: the language would be empty")
        self.init(SpellingTrie(texts))
    }

    /// The automaton of the trie alone (every state of a trie of names is live).
    private convenience init(_ trie: SpellingTrie) {
        let bytes = trie.usedBytes.elements
        var classOf = [UInt8](repeating: 0, count: 256)
        for (index, byte) in bytes.enumerated() { classOf[Int(byte)] = UInt8(index + 1) }
        let classCount = bytes.count + 1
        var table = [UInt32](repeating: 0, count: trie.count * classCount)
        for state in 1..<trie.count {
            trie.forEachEdge(of: state) { byte, target in table[state * classCount + Int(classOf[Int(byte)])] = UInt32(target) }
        }
        self.init(classOf: classOf, classCount: classCount, table: table, accepting: trie.accepting, isEmpty: false)
    }
}

/// Every spelling of some names as a JSON string literal, as a trie of bytes: state 0 is dead,
/// 1 is before the opening quote, 2 the empty decoded prefix. Spellings of different scalars
/// from one node never prefix one another (UTF-8 is prefix-free and escapes have fixed lengths),
/// so the trie is deterministic.
struct SpellingTrie {
    /// The edges as linked lists in flat arrays (the first edge of each state, then each edge's
    /// next, byte and target): a key's trie has a hundred states of one or two edges each, and
    /// an array per state made building one take 20 µs, most of an open object's compile.
    private var firstEdge: [Int32] = [-1, -1]
    private var nextEdge: [Int32] = []
    private var edgeBytes: [UInt8] = []
    private var edgeTargets: [Int32] = []
    /// Whether each state is the end of a whole literal (a name and its closing quote).
    private(set) var accepting = [false, false]
    /// Every byte on an edge.
    private(set) var usedBytes = ByteSet()
    /// The node of each (node, scalar) child.
    private var children: [UInt64: Int] = [:]
    /// The byte steps of the spelling being linked (reused from scalar to scalar).
    private var steps: [UInt16] = []

    /// The number of states, dead included.
    var count: Int { firstEdge.count }

    init(_ names: [String]) {
        let capacity = 8 * names.reduce(2) { $0 + $1.unicodeScalars.count }
        firstEdge.reserveCapacity(capacity)
        accepting.reserveCapacity(capacity)
        nextEdge.reserveCapacity(2 * capacity)
        edgeBytes.reserveCapacity(2 * capacity)
        edgeTargets.reserveCapacity(2 * capacity)
        steps.reserveCapacity(12)
        let root = add(from: 1, byte: UInt8(ascii: "\""))
        for name in names {
            var node = root
            for scalar in name.unicodeScalars {
                let key = UInt64(node) << 32 | UInt64(scalar.value)
                if let child = children[key] {
                    node = child
                    continue
                }
                let child = newState()
                children[key] = child
                spell(scalar.value, from: node, to: child)
                node = child
            }
            accepting[add(from: node, byte: UInt8(ascii: "\""))] = true
        }
    }

    /// Calls `body` with each edge out of `state`.
    func forEachEdge(of state: Int, _ body: (_ byte: UInt8, _ target: Int) throws -> Void) rethrows {
        var edge = firstEdge[state]
        while edge >= 0 {
            try body(edgeBytes[Int(edge)], Int(edgeTargets[Int(edge)]))
            edge = nextEdge[Int(edge)]
        }
    }

    /// The target of `byte` from `state`, if any.
    func target(_ state: Int, _ byte: UInt8) -> Int? {
        var edge = firstEdge[state]
        while edge >= 0 {
            if edgeBytes[Int(edge)] == byte { return Int(edgeTargets[Int(edge)]) }
            edge = nextEdge[Int(edge)]
        }
        return nil
    }

    /// The state of `strings` at each trie state (index 0 unused), walking both from their
    /// starts; `nil` when `strings` rejects a spelling or reaches one trie state in two states.
    func statesInside(_ strings: DenseDFA) -> [UInt32]? {
        var inside = [UInt32](repeating: DenseDFA.dead, count: count)
        inside[1] = strings.start
        var queue = [1]
        var position = 0
        while position < queue.count {
            let state = queue[position]
            position += 1
            var consistent = true
            forEachEdge(of: state) { byte, target in
                let next = strings.next(inside[state], byte)
                if inside[target] == DenseDFA.dead, next != DenseDFA.dead {
                    inside[target] = next
                    queue.append(target)
                } else if next == DenseDFA.dead || inside[target] != next {
                    consistent = false
                }
            }
            guard consistent else { return nil }
        }
        return inside
    }

    private mutating func newState() -> Int {
        firstEdge.append(-1)
        accepting.append(false)
        return firstEdge.count - 1
    }

    /// Adds the edge `byte` from `state` to `target`.
    private mutating func addEdge(_ state: Int, _ byte: UInt8, _ target: Int) {
        nextEdge.append(firstEdge[state])
        edgeBytes.append(byte)
        edgeTargets.append(Int32(target))
        firstEdge[state] = Int32(edgeBytes.count - 1)
        usedBytes.insert(byte)
    }

    /// The target of `byte` from `state`, made if missing.
    private mutating func add(from state: Int, byte: UInt8) -> Int {
        if let known = target(state, byte) { return known }
        let made = newState()
        addEdge(state, byte, made)
        return made
    }

    /// Links `from` to `to` by every spelling of `scalar`.
    private mutating func spell(_ scalar: UInt32, from node: Int, to child: Int) {
        let backslash = UInt16(UInt8(ascii: "\\")), u = UInt16(UInt8(ascii: "u"))
        if scalar >= 0x20, scalar != 0x22, scalar != 0x5C, let value = Unicode.Scalar(scalar) {
            steps.removeAll(keepingCapacity: true)
            UTF8.encode(value) { steps.append(UInt16($0)) }
            path(steps, from: node, to: child)
        }
        if scalar < 0x60, let letter = Self.shortEscapes[scalar] {
            steps.removeAll(keepingCapacity: true)
            steps.append(backslash)
            steps.append(UInt16(letter))
            path(steps, from: node, to: child)
        }
        steps.removeAll(keepingCapacity: true)
        steps.append(backslash)
        steps.append(u)
        if scalar <= 0xFFFF {
            Self.appendHexDigits(scalar, to: &steps)
        } else {
            let offset = scalar - 0x10000
            Self.appendHexDigits(0xD800 + offset >> 10, to: &steps)
            steps.append(backslash)
            steps.append(u)
            Self.appendHexDigits(0xDC00 + offset & 0x3FF, to: &steps)
        }
        path(steps, from: node, to: child)
    }

    /// Links `from` to `to` by the byte steps: each step's low byte, and its high byte when not
    /// 0 (the other case of a hex letter), lead to one state.
    private mutating func path(_ steps: [UInt16], from node: Int, to child: Int) {
        var state = node
        for (index, step) in steps.enumerated() {
            let first = UInt8(truncatingIfNeeded: step), second = UInt8(step >> 8)
            let next = index == steps.count - 1 ? child : (target(state, first) ?? newState())
            link(state, first, next)
            if second != 0 { link(state, second, next) }
            state = next
        }
    }

    /// Adds the edge `byte` from `state` to `next` unless `state` has one for `byte`.
    private mutating func link(_ state: Int, _ byte: UInt8, _ next: Int) {
        guard target(state, byte) == nil else { return }
        addEdge(state, byte, next)
    }

    /// Appends the four hex digits of `value`, a letter with its uppercase form as second byte.
    private static func appendHexDigits(_ value: UInt32, to steps: inout [UInt16]) {
        for position in 0..<4 {
            let digit = UInt16(value >> UInt32(12 - 4 * position) & 0xF)
            steps.append(digit < 10 ? 0x30 + digit : (0x61 + digit - 10) | (0x41 + digit - 10) << 8)
        }
    }

    /// The two-character escapes: scalar → letter after the backslash.
    private static let shortEscapes: [UInt32: UInt8] = [
        0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x08: 0x62, 0x0C: 0x66, 0x0A: 0x6E, 0x0D: 0x72, 0x09: 0x74,
    ]
}
