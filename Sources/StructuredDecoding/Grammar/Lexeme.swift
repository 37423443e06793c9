import Synchronization

/// What one lexeme (a token of the JSON text: punctuation, a key, a string, a number, a
/// constant) accepts. Equal specifications share one automaton and one set of cached masks in
/// every grammar and vocabulary of the process.
enum LexemeSpec: Hashable, Sendable {
    /// Exactly one of these byte strings.
    case literals([[UInt8]])
    /// JSON whitespace, 1 to `maxRun` bytes.
    case whitespace(maxRun: Int)
    /// A JSON string literal (quotes included) whose decoded content satisfies the node.
    case string(StringNode)
    /// A JSON string literal decoding to none of `names` (any spelling).
    case stringExcept([String])
    /// An object key: a JSON string literal whose decoded content matches every pattern of
    /// `matching`, none of `notMatching`, and is none of `except`.
    case key(matching: [RegexPattern], notMatching: [RegexPattern], except: [String])
    /// A JSON number (an integer if `integersOnly`) within the bounds; exponents only when
    /// unbounded.
    case number(NumberBounds, integersOnly: Bool)
    /// An integer within exact integer bounds.
    case integer(IntegerBounds)
    /// A number equal to the decimal written (any plain spelling: `1`, `1.0`, `1.00`).
    case numberEqual(String)
    /// Any of these.
    case union([LexemeSpec])
}

/// A compiled lexeme: its automaton and a process-wide id that keys the mask caches.
///
/// Length-bounded strings keep the automaton without the bounds (of any string, or of their
/// pattern when each of its states leaves either one length or every length from its fewest
/// on) and count scalars beside it
/// (`LengthCounter`): a state is `count << 12 | base`. Their masks then come from one
/// walk per base state, whatever the count (see `CountedWalk`).
final class Lexeme: Sendable {
    /// Unique in the process, never reused (memoized masks are keyed by it).
    let id: Int
    /// The id of the lexeme whose automaton this is: its own, or for a counted string the
    /// lexeme without bounds whose automaton it shares.
    let automatonID: Int
    /// What it accepts.
    let spec: LexemeSpec
    /// The automaton (for a counted string: without its length bounds).
    let dfa: DenseDFA
    /// The scalar counter of a length-bounded string.
    let counter: LengthCounter?

    init(id: Int, spec: LexemeSpec, dfa: DenseDFA, counter: LengthCounter? = nil, automatonID: Int? = nil) {
        self.id = id
        self.automatonID = automatonID ?? id
        self.spec = spec
        self.dfa = dfa
        self.counter = counter
    }

    /// The state before any byte.
    var start: UInt32 { dfa.start }

    /// The bytes that can begin the lexeme.
    var firstBytes: ByteSet { dfa.firstBytes }

    /// The state after `byte` (`DenseDFA.dead` when it cannot come next).
    @inline(__always)
    func next(_ state: UInt32, _ byte: UInt8) -> UInt32 {
        guard let counter else { return dfa.next(state, byte) }
        return counter.next(state, byte, dfa)
    }

    /// Whether the lexeme may end in `state`.
    @inline(__always)
    func isAccepting(_ state: UInt32) -> Bool {
        dfa.isAccepting(counter == nil ? state : state & LengthCounter.baseMask)
    }

    /// The lexemes built, by specification, so that equal specifications in the schemas a
    /// process compiles share one automaton and, through the id, one set of masks.
    private struct InternTable {
        var lexemes = GenerationalMemo<LexemeSpec, Lexeme>(
            limit: Lexeme.internLimit, costLimit: Lexeme.internByteLimit, cost: \.tableBytes)
        var nextID = 0
    }
    private static let table = Mutex(InternTable())

    /// The most lexemes the intern table keeps per generation (`GenerationalMemo`: at most twice
    /// this many are held). A server that compiles schemas for days stays bounded: a forgotten
    /// specification gets a new lexeme with a fresh id when it comes back (grammars holding the
    /// old one keep it), and the old id's masks age out of the vocabulary's tables.
    static let internLimit = 2048

    /// The most bytes of transition tables the intern table keeps per generation: automata
    /// range from a few hundred bytes to tens of megabytes (the JSON Schema fuzzer's 437 most
    /// varied lexemes held 264 MiB), so a count alone does not bound memory.
    static let internByteLimit = 32 << 20

    /// The bytes of its transition table (shared with the unbounded string for a counted one).
    var tableBytes: Int { dfa.table.count * MemoryLayout<UInt32>.size }

    /// The number of lexemes the intern table holds now.
    static var internedCount: Int { table.withLock { $0.lexemes.count } }

    /// The bytes of the transition tables the intern table holds now.
    static var internedTableBytes: Int { table.withLock { $0.lexemes.values.reduce(0) { $0 + $1.tableBytes } } }

    /// The lexeme for `spec`: the one built for an equal specification earlier, while the table
    /// still holds it, or a new one.
    static func interned(_ spec: LexemeSpec) throws(GrammarError) -> Lexeme {
        if let known = table.withLock({ $0.lexemes.value(for: spec) }) { return known }
        var dfa: DenseDFA
        var counter: LengthCounter?
        var automatonID: Int?
        if case .string(let node) = spec, node.minLength > 0 || node.maxLength != nil,
            let strings = try? interned(.string(StringNode())),
            let unbounded = node.patterns.isEmpty && node.format == nil && node.excludedPatterns.isEmpty
                ? strings
                : try? interned(.string(StringNode(patterns: node.patterns, format: node.format, excludedPatterns: node.excludedPatterns))),
            let made = LengthCounter(
                unbounded.dfa, strings: strings.dfa, minimum: node.minLength, maximum: node.maxLength ?? LengthCounter.maxCount)
        {
            dfa = unbounded.dfa
            counter = made
            automatonID = unbounded.automatonID
        } else {
            dfa = try build(spec)
        }
        return table.withLock { table in
            if let known = table.lexemes.value(for: spec) { return known }
            let lexeme = Lexeme(id: table.nextID, spec: spec, dfa: dfa, counter: counter, automatonID: automatonID)
            table.nextID += 1
            table.lexemes.insert(lexeme, for: spec)
            return lexeme
        }
    }

    private static func build(_ spec: LexemeSpec) throws(GrammarError) -> DenseDFA {
        switch spec {
        case .literals(let words):
            return DenseDFA(literals: words)
        case .whitespace(let maxRun):
            return try regex(#"[ \t\n\r]{1,\#(maxRun)}"#, .utf8, what: "whitespace")
        case .string(let node):
            return try stringDFA(node)
        case .stringExcept(let names):
            let any = try interned(.string(StringNode())).dfa
            guard !names.isEmpty else { return any }
            return try DenseDFA.strings(any, except: names, what: "additional property names")
        case .key(let matching, let notMatching, let names):
            var result =
                matching.isEmpty && !names.isEmpty
                ? try interned(.stringExcept(names)).dfa : try interned(.string(StringNode(patterns: matching))).dfa
            for pattern in notMatching { // each pattern's string automaton, shared through the table
                let excluded = try interned(.string(StringNode(patterns: [pattern]))).dfa
                result = try DenseDFA.product(result, excluded, .difference, what: "property name patterns")
            }
            if !matching.isEmpty, !names.isEmpty, result.start != DenseDFA.dead {
                result = try DenseDFA.product(result, DenseDFA(jsonSpellingsOf: names), .difference, what: "property name patterns")
            }
            return result.minimized()
        case .integer(let bounds):
            var parts: [String] = []
            if let minimum = bounds.minimum {
                parts.append(NumericRangePatterns.atLeast(NumericRangePatterns.decimal(minimum), exclusive: false, integersOnly: true) ?? "[^\\s\\S]")
            }
            if let maximum = bounds.maximum {
                parts.append(NumericRangePatterns.atMost(NumericRangePatterns.decimal(maximum), exclusive: false, integersOnly: true) ?? "[^\\s\\S]")
            }
            var integers = try intersect("-?(?:0|[1-9][0-9]*)", parts, what: "integer bounds")
            if let step = bounds.multipleOf {
                let multiples = try DenseDFA.multiples(of: step, fractionDigits: 0, fractions: false)
                integers = try DenseDFA.product(integers, multiples, .intersection, what: "multipleOf").minimized()
            }
            for step in bounds.excludedMultiples { // `not: {multipleOf: step}`
                let multiples = try DenseDFA.multiples(of: step, fractionDigits: 0, fractions: false)
                integers = try DenseDFA.product(integers, multiples, .difference, what: "excluded multipleOf").minimized()
            }
            return integers
        case .number(let bounds, let integersOnly):
            // Numbers that are not integers: a nonzero digit after the point, no exponent (with
            // one, `1.5e1` is an integer and `1.55e1` is not, which no automaton counts).
            let fractionsOnly = bounds.nonIntegersOnly && !integersOnly
            let syntax =
                integersOnly
                ? "-?(?:0|[1-9][0-9]*)"
                : fractionsOnly ? #"-?(?:0|[1-9][0-9]*)\.[0-9]*[1-9][0-9]*"# : #"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"#
            var parts: [String] = []
            var exponentParts: [String] = [] // the scientific spellings within the bounds
            if let minimum = bounds.minimum {
                guard let bound = NumericRangePatterns.decimal(minimum) else { throw GrammarError.nonFiniteBound(node: -1) }
                parts.append(NumericRangePatterns.atLeast(bound, exclusive: bounds.exclusiveMinimum, integersOnly: integersOnly) ?? "[^\\s\\S]")
                exponentParts.append(NumericRangePatterns.exponentAtLeast(bound, exclusive: bounds.exclusiveMinimum))
            }
            if let maximum = bounds.maximum {
                guard let bound = NumericRangePatterns.decimal(maximum) else { throw GrammarError.nonFiniteBound(node: -1) }
                parts.append(NumericRangePatterns.atMost(bound, exclusive: bounds.exclusiveMaximum, integersOnly: integersOnly) ?? "[^\\s\\S]")
                exponentParts.append(NumericRangePatterns.exponentAtMost(bound, exclusive: bounds.exclusiveMaximum))
            }
            // Divisors, kept or excluded: plain notation only, as `DenseDFA.multiples` reads it.
            if bounds.multipleOf != nil || !bounds.excludedMultiples.isEmpty {
                func multiples(of divisor: Double) throws(GrammarError) -> DenseDFA {
                    guard let (_, decimal) = NumericRangePatterns.decimal(divisor),
                        let p = Int(String(decoding: decimal.integer + decimal.fraction, as: UTF8.self))
                    else {
                        throw GrammarError.automatonTooLarge("multipleOf")
                    }
                    return try DenseDFA.multiples(of: p, fractionDigits: decimal.fraction.count, fractions: !integersOnly)
                }
                var plain = parts.isEmpty ? try regex(syntax, .utf8, what: "number") : try intersect(syntax, parts, what: "number bounds")
                if let divisor = bounds.multipleOf {
                    plain = try DenseDFA.product(plain, try multiples(of: divisor), .intersection, what: "multipleOf").minimized()
                }
                for divisor in bounds.excludedMultiples {
                    plain = try DenseDFA.product(plain, try multiples(of: divisor), .difference, what: "excluded multipleOf").minimized()
                }
                return plain
            }
            if parts.isEmpty { return try regex(syntax + (fractionsOnly ? "" : "(?:[eE][+-]?[0-9]+)?"), .utf8, what: "number") }
            let plain = try intersect(syntax, parts, what: "number bounds")
            guard !integersOnly && !fractionsOnly else { return plain }
            let scientific = try intersect(NumericRangePatterns.exponentSyntax, exponentParts, what: "number bounds")
            return try DenseDFA.product(plain, scientific, .union, what: "number bounds").minimized()
        case .numberEqual(let text):
            guard let value = NumericRangePatterns.decimal(text: Array(text.utf8.drop { $0 == UInt8(ascii: "-") })) else {
                return DenseDFA(literals: [Array(text.utf8)])
            }
            let bound = (text.hasPrefix("-"), value)
            let low = NumericRangePatterns.atLeast(bound, exclusive: false, integersOnly: false)!
            let high = NumericRangePatterns.atMost(bound, exclusive: false, integersOnly: false)!
            return try intersect(#"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"#, [low, high], what: "number constant")
        case .union(let specs):
            var result: DenseDFA?
            for part in specs {
                let dfa = try interned(part).dfa
                result = try result.map { (r) throws(GrammarError) in try DenseDFA.product(r, dfa, .union, what: "constants") } ?? dfa
            }
            return result?.minimized() ?? DenseDFA(literals: [])
        }
    }

    private static func stringDFA(_ node: StringNode) throws(GrammarError) -> DenseDFA {
        let options = AutomatonOptions(mode: .wholeMatch, encoding: .jsonString(), minLength: node.minLength, maxLength: node.maxLength)
        var patterns = node.patterns
        if let format = node.format { patterns.append(format.regex) }
        // Keys and enumerated strings: their spellings' trie, without determinizing.
        if patterns.count == 1, node.minLength == 0, node.maxLength == nil, node.excludedPatterns.isEmpty,
            let texts = patterns[0].literalAlternatives, !texts.isEmpty
        {
            return DenseDFA(jsonSpellingsOf: texts)
        }
        var result = try automaton(patterns.first ?? .anyText, options, what: "string")
        for pattern in patterns.dropFirst() {
            let other = try automaton(pattern, AutomatonOptions(encoding: .jsonString()), what: "string pattern")
            result = try DenseDFA.product(result, other, .intersection, what: "string patterns")
        }
        // `not: {pattern: p}`: each excluded pattern's string automaton, shared through the table.
        for pattern in node.excludedPatterns {
            let excluded = try interned(.string(StringNode(patterns: [pattern]))).dfa
            result = try DenseDFA.product(result, excluded, .difference, what: "excluded string patterns")
        }
        return patterns.count > 1 || !node.excludedPatterns.isEmpty ? result.minimized() : result
    }

    /// The whole automaton of `pattern`, minimized (see `DenseDFA.minimized()`); a failure is
    /// reported for node -1, which the compiler replaces.
    private static func automaton(_ pattern: RegexPattern, _ options: AutomatonOptions, what: String) throws(GrammarError) -> DenseDFA {
        let nfa: ByteNFA
        do { nfa = try pattern.byteNFA(options) } catch { throw GrammarError.regex(node: -1, error) }
        return try DenseDFA(determinizing: nfa, maxStates: options.limits.dfaStates, what: what).minimized()
    }

    /// The automaton of a pattern the compiler writes itself (number syntax, numeric ranges,
    /// whitespace), from `regexCache` when made before: the same few pieces come back in most
    /// schemas (a minimum of 0, the plain syntax of a number), and each took 40 to 200 µs to make.
    private static func regex(_ source: String, _ encoding: TextEncoding, what: String) throws(GrammarError) -> DenseDFA {
        let key = RegexKey(source: source, encoding: encoding)
        if let known = regexCache.withLock({ $0.value(for: key) }) { return known }
        let pattern: RegexPattern
        do { pattern = try RegexPattern(source) } catch { throw GrammarError.regex(node: -1, error) }
        let made = try automaton(pattern, AutomatonOptions(encoding: encoding), what: what)
        regexCache.withLock { $0.insert(made, for: key) }
        return made
    }

    private struct RegexKey: Hashable {
        var source: String
        var encoding: TextEncoding
    }

    /// The compiler's own patterns' automata, bounded like the intern table (by count and bytes).
    private static let regexCache = Mutex(
        GenerationalMemo<RegexKey, DenseDFA>(limit: 512, costLimit: 8 << 20, cost: { $0.table.count * MemoryLayout<UInt32>.size }))

    private static func intersect(_ syntax: String, _ parts: [String], what: String) throws(GrammarError) -> DenseDFA {
        var result = try regex(syntax, .utf8, what: what)
        for part in parts { result = try DenseDFA.product(result, try regex(part, .utf8, what: what), .intersection, what: what) }
        return parts.isEmpty ? result : result.minimized()
    }
}
