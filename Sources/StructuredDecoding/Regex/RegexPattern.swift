/// A parsed regular expression: the entry point for pattern constraints.
///
/// Reads the syntax of Swift regex literals and JSON Schema (ECMAScript) patterns, with Unicode
/// scalar semantics (`.` and classes match one scalar, as Swift's `.matchingSemantics(.unicodeScalar)`
/// and ECMAScript's `u` flag). Refuses what is not a regular language or what dialects read
/// differently, with a `RegexError` naming the construct and its offset.
///
/// ```swift
/// let pattern = try RegexPattern(#"^\d{3}-\d{4}$"#)
/// let dfa = try pattern.compile()                                  // whole text must match
/// dfa.matches("555-0123")                                          // true
/// let inJSON = try pattern.compile(.init(mode: .search, encoding: .jsonString()))
/// inJSON.matches(#""555-0123""#)                                   // true
/// ```
public struct RegexPattern: Hashable, Sendable, CustomStringConvertible {
    /// The largest count allowed in `{n}`, `{n,}` and `{n,m}`.
    public static let maxRepetitionCount = 1000
    /// The deepest nesting of groups allowed.
    public static let maxNestingDepth = RegexParser.maxNestingDepth

    /// The pattern as written.
    public let source: String
    /// The options it was read with.
    public let options: RegexOptions
    /// The parsed form.
    let root: RegexNode

    /// Hashes the source and options only: patterns are dictionary keys in hot paths (automaton
    /// caches, lexeme interning) and their parsed trees can be large (a complement of an
    /// enumeration is a trie of its strings); equal patterns have equal sources.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(options)
    }

    /// Parses `source`.
    public init(_ source: String, options: RegexOptions = []) throws(RegexError) {
        var parser = RegexParser(source, options: options)
        root = try parser.parse()
        self.source = source
        self.options = options
    }

    /// The pattern matching exactly `literal` (every scalar taken literally).
    public init(literal: String) {
        source = Self.escaping(literal)
        options = []
        root = .concatenation(literal.unicodeScalars.map { .scalars(ScalarSet($0.value)) })
    }

    /// The pattern matching exactly one of `literals` (as a whole match: an enumeration of
    /// strings, or the names an object declares).
    public init(anyOf literals: [String]) {
        source = literals.map(Self.escaping).joined(separator: "|")
        options = []
        root = .alternation(literals.map { literal in .concatenation(literal.unicodeScalars.map { .scalars(ScalarSet($0.value)) }) })
    }

    /// The texts this pattern matches when it is nothing but literal text or an alternation of
    /// literal texts (as `init(literal:)` and `init(anyOf:)` make), matched whole, also between
    /// `^` and `$` and inside a JSON Schema search frame (`[\s\S]*(?:^(?:red|green)$)[\s\S]*`,
    /// how schemas often spell an enumeration); `nil` otherwise.
    var literalAlternatives: [String]? {
        guard options.isEmpty else { return nil }
        let root = anchoredInside ?? root
        func literal(_ node: RegexNode) -> String? {
            switch node {
            case .empty: return ""
            case .scalars(let set): return set.singleScalar.map { String(Character($0)) }
            case .concatenation(let parts):
                var text = String.UnicodeScalarView()
                for part in parts {
                    guard case .scalars(let set) = part, let scalar = set.singleScalar else { return nil }
                    text.append(scalar)
                }
                return String(text)
            default: return nil
            }
        }
        if case .alternation(let branches) = root {
            var texts: [String] = []
            for branch in branches {
                guard let text = literal(branch) else { return nil }
                texts.append(text)
            }
            return texts
        }
        return literal(root).map { [$0] }
    }

    /// A pattern that matches every text (`[\s\S]*`).
    public static let anyText = RegexPattern(root: .repetition(.scalars(.all), min: 0, max: nil), source: #"[\s\S]*"#)

    /// Any number of scalars of `set` (`[set]*`), described as coming from `original`: what a
    /// pattern that only repeats one class becomes once its count is read as length bounds.
    init(repeating set: ScalarSet, from original: RegexPattern) {
        self.init(root: .repetition(.scalars(set), min: 0, max: nil), source: original.source + " (its one class, any count)")
    }

    /// The class and counts of a pattern that matches exactly the texts of `min...max` scalars
    /// of one class (`^[a-z0-9_-]{1,255}$`, `\d{24}`, also inside a JSON Schema search frame
    /// `[\s\S]*(?:^…$)[\s\S]*`), or `nil`.
    var singleClassRepetition: (set: ScalarSet, min: Int, max: Int?)? {
        let parts = Self.flattened(anchoredInside ?? root)
        guard parts.count == 1 else { return nil }
        switch parts[0] {
        case .scalars(let set): return (set, 1, 1)
        case .repetition(.scalars(let set), let low, let high): return (set, low, high)
        default: return nil
        }
    }

    /// The top-level parts of `node`, nested concatenations flattened.
    private static func flattened(_ node: RegexNode) -> [RegexNode] {
        if case .concatenation(let inner) = node { return inner.flatMap(flattened) }
        return [node]
    }

    /// What lies between `^` and `$` when the whole pattern is `^…$`, alone or inside a JSON
    /// Schema search frame `[\s\S]*(?:^…$)[\s\S]*` (where `[\s\S]*` before `^` or after `$`
    /// can only match the empty text): matched whole, it is the same language. `nil` when the
    /// pattern is not anchored at both ends (`^a|b$` is not: its anchors are in branches).
    private var anchoredInside: RegexNode? {
        var parts = Self.flattened(root)
        let anything = RegexNode.repetition(.scalars(.all), min: 0, max: nil)
        if parts.count >= 2, parts[0] == anything, parts[1] == .textStart { parts.removeFirst() }
        if parts.count >= 2, parts[parts.count - 1] == anything, parts[parts.count - 2] == .textEnd { parts.removeLast() }
        guard parts.count >= 2, parts.first == .textStart, parts.last == .textEnd else { return nil }
        let inside = Array(parts.dropFirst().dropLast())
        return inside.count == 1 ? inside[0] : .concatenation(inside)
    }

    private init(root: RegexNode, source: String) {
        self.root = root
        self.source = source
        options = []
    }

    /// `literal` with every regex metacharacter backslash-escaped.
    public static func escaping(_ literal: String) -> String {
        var result = ""
        for scalar in literal.unicodeScalars {
            if #"\^$.|?*+()[]{}/-"#.unicodeScalars.contains(scalar) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    /// The fewest Unicode scalars a whole match has (a hint: impossible branches are not noticed).
    public var minLength: Int { root.scalarLengthBounds.min }

    /// The most Unicode scalars a whole match has, or `nil` if unbounded (a hint, as `minLength`).
    public var maxLength: Int? { root.scalarLengthBounds.max }

    /// The pattern as written.
    public var description: String { source }

    /// Compiles to a lazily determinized byte automaton.
    ///
    /// Pipeline: Thompson NFA over scalar sets (with `.search` framing) -> anchors eliminated ->
    /// optional product with a scalar-length counter -> byte NFA (UTF-8 or JSON string spellings)
    /// -> `ByteDFA`. Throws `automatonTooLarge` if a limit in `options.limits` is exceeded.
    public func compile(_ options: AutomatonOptions = AutomatonOptions()) throws(RegexError) -> ByteDFA {
        ByteDFA(nfa: try byteNFA(options), maxStates: options.limits.dfaStates)
    }

    /// The byte NFA that `compile(_:)` determinizes.
    func byteNFA(_ options: AutomatonOptions) throws(RegexError) -> ByteNFA {
        var nfa = try ScalarNFA.compile(root, mode: options.mode, stateLimit: options.limits.scalarNFAStates)
        nfa = try nfa.eliminatingAnchors()
        nfa = try nfa.constrainingLength(min: options.minLength, max: options.maxLength)
        return try ByteNFA.build(from: nfa, encoding: options.encoding, stateLimit: options.limits.byteNFAStates)
    }
}
