/// Lowers a `SchemaGraph` to a `Grammar`: a lexeme per scalar node, container nodes with key
/// lexemes, flattened alternatives, and which nodes can be completed at all.
struct GrammarCompiler {
    let schema: SchemaGraph
    let options: GrammarOptions
    /// Working copy of the schema: helper nodes are appended (for `any` and flexible constants).
    private var source: [SchemaNode]
    private var lexemes: [Lexeme] = []
    private var lexemeIndex: [Int: Int32] = [:]
    private var compiled: [CompiledNode] = []

    init(schema: SchemaGraph, options: GrammarOptions) {
        self.schema = schema
        self.options = options
        source = schema.nodes
    }

    private var isCompact: Bool { options.whitespace == .appleCompact }

    mutating func compile() throws(GrammarError) -> Grammar {
        if case .flexible(let maxRun) = options.whitespace, maxRun < 1 || maxRun > 1000 {
            throw GrammarError.invalidOption("whitespace run \(maxRun) (allowed: 1...1000)")
        }
        try checkReferences()
        let punctuation = Grammar.Punctuation(
            openObject: try literal("{"), closeObject: try literal("}"), openArray: try literal("["), closeArray: try literal("]"),
            comma: try literal(isCompact ? ", " : ","), colon: try literal(isCompact ? ": " : ":"),
            whitespace: try whitespaceLexeme())
        var index = 0
        while index < source.count {
            compiled.append(try compileNode(index))
            index += 1
        }
        compiled = flattenAlternatives(compiled)
        let satisfiable = computeSatisfiable()
        guard satisfiable[schema.root] else { throw GrammarError.unsatisfiable(node: schema.root) }
        return Grammar(
            schema: schema, options: options, lexemes: lexemes, nodes: compiled, satisfiable: satisfiable,
            punctuation: punctuation, root: Int32(schema.root))
    }

    private func checkReferences() throws(GrammarError) {
        let count = schema.nodes.count
        guard schema.root >= 0 && schema.root < count else { throw GrammarError.unknownNode(schema.root, referencedFrom: nil) }
        for (id, node) in schema.nodes.enumerated() {
            var refs: [SchemaNode.ID] = []
            switch node {
            case .array(let a):
                refs = a.prefixItems + (a.items.map { [$0] } ?? []) + a.distinctItems
                if a.distinctItems.count > ArrayNode.maxDistinctItems {
                    throw GrammarError.tooManyDistinctItems(node: id, count: a.distinctItems.count)
                }
            case .object(let o): refs = o.properties.map(\.node) + o.keyClasses.map(\.node) + (o.additionalProperties.map { [$0] } ?? [])
            case .anyOf(let options): refs = options
            default: break
            }
            if let bad = refs.first(where: { $0 < 0 || $0 >= count }) { throw GrammarError.unknownNode(bad, referencedFrom: id) }
        }
    }

    // MARK: - Lexemes

    private mutating func lexeme(_ spec: LexemeSpec, node: Int) throws(GrammarError) -> Int32 {
        let lexeme: Lexeme
        do {
            lexeme = try Lexeme.interned(spec)
        } catch {
            switch error {
            case .regex(_, let regexError): throw GrammarError.regex(node: node, regexError)
            case .nonFiniteBound: throw GrammarError.nonFiniteBound(node: node)
            default: throw error
            }
        }
        if let known = lexemeIndex[lexeme.id] { return known }
        lexemes.append(lexeme)
        lexemeIndex[lexeme.id] = Int32(lexemes.count - 1)
        return Int32(lexemes.count - 1)
    }

    private mutating func literal(_ text: String) throws(GrammarError) -> Int32 {
        try lexeme(.literals([Array(text.utf8)]), node: -1)
    }

    private mutating func whitespaceLexeme() throws(GrammarError) -> Int32 {
        guard case .flexible(let maxRun) = options.whitespace else { return -1 }
        return try lexeme(.whitespace(maxRun: maxRun), node: -1)
    }

    /// How a key is spelled: Apple's canonical text, or any JSON spelling of it.
    private func keySpec(_ name: String) -> LexemeSpec {
        if isCompact { return .literals([Array(JSONText.quoted(name).utf8)]) }
        return .string(StringNode(patterns: [RegexPattern(literal: name)]))
    }

    // MARK: - Nodes

    private mutating func compileNode(_ id: Int) throws(GrammarError) -> CompiledNode {
        switch source[id] {
        case .never:
            return .never
        case .null:
            return .lexeme(try lexeme(.literals([Array("null".utf8)]), node: id))
        case .boolean:
            return .lexeme(try lexeme(.literals([Array("true".utf8), Array("false".utf8)]), node: id))
        case .integer(let bounds):
            if let divisor = bounds.multipleOf, divisor <= 0 { throw GrammarError.invalidDivisor(node: id) }
            if bounds.excludedMultiples.contains(where: { $0 <= 0 }) { throw GrammarError.invalidDivisor(node: id) }
            if let lo = bounds.minimum, let hi = bounds.maximum, lo > hi { return .never }
            return .lexeme(try lexeme(.integer(bounds), node: id))
        case .number(let bounds):
            guard bounds.minimum.map(\.isFinite) ?? true, bounds.maximum.map(\.isFinite) ?? true else {
                throw GrammarError.nonFiniteBound(node: id)
            }
            if let divisor = bounds.multipleOf, !(divisor > 0 && divisor.isFinite) { throw GrammarError.invalidDivisor(node: id) }
            if bounds.excludedMultiples.contains(where: { !($0 > 0 && $0.isFinite) }) { throw GrammarError.invalidDivisor(node: id) }
            return .lexeme(try lexeme(.number(bounds, integersOnly: false), node: id))
        case .string(let node):
            // `^[a-z0-9-]{1,255}$` is counted as lengths, not spelled out in automaton states.
            let string = node.countsAsLengths() ?? node
            if let maxLength = string.maxLength, maxLength < string.minLength { return .never }
            return .lexeme(try lexeme(.string(string), node: id))
        case .enumeration(let values):
            return try compileEnumeration(values, node: id)
        case .anyOf(let options):
            return .alternatives(options.map { Int32($0) })
        case .any:
            return .alternatives(appendAnyAlternatives().map { Int32($0) })
        case .array(let array):
            return .array(compileArray(array))
        case .object(let object):
            var keys: [Int32] = []
            for property in object.properties { keys.append(try lexeme(keySpec(property.name), node: id)) }
            let names = object.properties.map(\.name)
            // Other keys: each class's own lexeme, then the additional ones (matching no class's
            // pattern); a class whose values are `never` or whose keys are all named is left out.
            var otherKeys: [Int32] = [], otherValues: [Int32] = []
            func addOther(_ spec: LexemeSpec, _ value: SchemaNode.ID) throws(GrammarError) {
                if case .never = source[value] { return }
                let key = try lexeme(spec, node: id)
                guard lexemes[Int(key)].start != DenseDFA.dead else { return }
                otherKeys.append(key)
                otherValues.append(Int32(value))
            }
            for keyClass in object.keyClasses {
                guard !keyClass.matching.isEmpty else { throw GrammarError.keyClassWithoutPattern(node: id) }
                try addOther(.key(matching: keyClass.matching, notMatching: keyClass.notMatching, except: names), keyClass.node)
            }
            if let additional = object.additionalProperties {
                let patterns = object.classPatterns
                try addOther(patterns.isEmpty ? .stringExcept(names) : .key(matching: [], notMatching: patterns, except: names), additional)
            }
            return .object(
                CompiledObject(
                    keys: keys, values: object.properties.map { Int32($0.node) }, required: object.properties.map(\.isRequired),
                    otherKeys: otherKeys, otherValues: otherValues, anyOrder: object.allowsAnyOrder,
                    minMembers: object.minProperties, maxMembers: object.maxProperties))
        }
    }

    private func compileArray(_ array: ArrayNode) -> CompiledArray {
        let distinct = array.distinctItems.map { Int32($0) }
        var maxItems = array.maxItems
        // Distinct items end the array once each has been used.
        let capacity = distinct.isEmpty ? (array.items == nil ? array.prefixItems.count : nil) : array.prefixItems.count + distinct.count
        if let capacity { maxItems = min(maxItems ?? capacity, capacity) }
        return CompiledArray(
            prefix: array.prefixItems.map { Int32($0) }, items: distinct.isEmpty ? array.items.map { Int32($0) } : nil,
            distinct: distinct, minItems: array.minItems, maxItems: maxItems,
            countCap: max(array.minItems, array.prefixItems.count))
    }

    /// `any` as the alternatives of every JSON type (helper nodes appended once per graph).
    private var anyAlternatives: [Int]?
    private mutating func appendAnyAlternatives() -> [Int] {
        if let known = anyAlternatives { return known }
        let any = source.count
        source.append(.anyOf([])) // replaced below; keeps `any` a valid id for the containers
        let alternatives = [
            append(.null), append(.boolean), append(.number(NumberBounds())), append(.string(StringNode())),
            append(.array(ArrayNode(items: any))),
            append(.object(ObjectNode(properties: [], additionalProperties: any, allowsAnyOrder: true))),
        ]
        source[any] = .anyOf(alternatives)
        anyAlternatives = [any]
        return [any]
    }

    private mutating func append(_ node: SchemaNode) -> Int {
        source.append(node)
        return source.count - 1
    }

    /// Constants: Apple's layout writes each as its canonical text (one lexeme for all); the
    /// flexible layout accepts every spelling of an equal value (numbers by value, strings with
    /// any escapes, containers with any whitespace and member order).
    private mutating func compileEnumeration(_ values: [JSONValue], node: Int) throws(GrammarError) -> CompiledNode {
        if values.isEmpty { return .never }
        if isCompact {
            return .lexeme(try lexeme(.literals(values.map { Array(JSONText.canonical($0).utf8) }), node: node))
        }
        var scalars: [LexemeSpec] = []
        var words: [[UInt8]] = [], strings: [String] = [] // one automaton each, not one product per value
        var containers: [Int32] = []
        for value in values {
            switch value {
            case .null: words.append(Array("null".utf8))
            case .bool(let flag): words.append(Array((flag ? "true" : "false").utf8))
            case .number(let text): scalars.append(.numberEqual(text))
            case .string(let text): strings.append(text)
            case .array(let items):
                let ids = items.map { append(.enumeration([$0])) }
                containers.append(Int32(append(.array(ArrayNode(prefixItems: ids, items: nil, minItems: ids.count, maxItems: ids.count)))))
            case .object(let members):
                var last: [ExactString: JSONValue] = [:]
                var order: [String] = []
                for member in members {
                    if last[ExactString(member.key)] == nil { order.append(member.key) }
                    last[ExactString(member.key)] = member.value
                }
                let properties = order.map {
                    ObjectNode.Property(name: $0, node: append(.enumeration([last[ExactString($0)]!])), isRequired: true)
                }
                containers.append(Int32(append(.object(ObjectNode(properties: properties, allowsAnyOrder: true)))))
            }
        }
        if !words.isEmpty { scalars.append(.literals(words)) }
        if strings.count == 1 {
            scalars.append(.string(StringNode(patterns: [RegexPattern(literal: strings[0])])))
        } else if !strings.isEmpty {
            scalars.append(.string(StringNode(patterns: [RegexPattern(anyOf: strings)])))
        }
        if scalars.isEmpty { return .alternatives(containers) }
        let scalarLexeme = try lexeme(scalars.count == 1 ? scalars[0] : .union(scalars), node: node)
        if containers.isEmpty { return .lexeme(scalarLexeme) }
        let scalarNode = Int32(source.count)
        source.append(.never) // placeholder id for the scalar part; compiled below
        pendingLexemes[Int(scalarNode)] = scalarLexeme
        return .alternatives([scalarNode] + containers)
    }

    /// Helper nodes that are a lexeme decided by their parent.
    private var pendingLexemes: [Int: Int32] = [:]

    // MARK: - Analysis

    /// Replaces each `alternatives` by the non-alternative nodes it reaches (cycles among
    /// alternatives add nothing and are cut).
    private func flattenAlternatives(_ nodes: [CompiledNode]) -> [CompiledNode] {
        var nodes = nodes
        for (id, lexeme) in pendingLexemes { nodes[id] = .lexeme(lexeme) }
        var result = nodes
        for id in nodes.indices {
            guard case .alternatives = nodes[id] else { continue }
            var seen: Set<Int32> = [Int32(id)]
            var stack = [Int32(id)]
            var leaves: [Int32] = []
            while let current = stack.popLast() {
                if case .alternatives(let options) = nodes[Int(current)] {
                    for option in options.reversed() where seen.insert(option).inserted { stack.append(option) }
                } else {
                    leaves.append(current)
                }
            }
            result[id] = .alternatives(leaves)
        }
        return result
    }

    /// Least fixpoint: a node is satisfiable when some finite value matches it.
    private func computeSatisfiable() -> [Bool] {
        var sat = [Bool](repeating: false, count: compiled.count)
        var changed = true
        while changed {
            changed = false
            for id in compiled.indices where !sat[id] {
                let now: Bool
                switch compiled[id] {
                case .never: now = false
                case .lexeme(let l): now = lexemes[Int(l)].dfa.start != DenseDFA.dead
                case .alternatives(let options): now = options.contains { sat[Int($0)] }
                case .array(let a):
                    let prefix = min(a.minItems, a.prefix.count)
                    let elements =
                        a.distinct.isEmpty
                        ? (0..<a.minItems).allSatisfy { a.item($0).map { sat[Int($0)] } ?? false }
                        : (0..<prefix).allSatisfy { sat[Int(a.prefix[$0])] }
                            && a.distinct.count(where: { sat[Int($0)] }) >= a.minItems - prefix
                    now = a.minItems <= a.maxItems ?? Int.max && elements
                case .object(let o):
                    let required = o.required.filter { $0 }.count
                    let possible = o.otherValues.contains { sat[Int($0)] } ? Int.max : o.values.indices.filter { sat[Int(o.values[$0])] }.count
                    now =
                        o.values.indices.allSatisfy { !o.required[$0] || sat[Int(o.values[$0])] } && possible >= o.minMembers
                        && required <= o.maxMembers ?? Int.max && o.minMembers <= o.maxMembers ?? Int.max
                }
                if now { sat[id] = true; changed = true }
            }
        }
        return sat
    }
}
