/// `propertyNames` on an open object: the keys that are not named must be strings the
/// `propertyNames` schema accepts. When that schema's string language is stated by patterns
/// (`pattern`, `format`, lengths, `enum`/`const` of strings and their `not`s), every key class
/// gets those patterns, and the keys that match no `patternProperties` entry, which took
/// `additionalProperties`, become one more class under them. Named keys are decided one by one
/// (`objectNode` forbids a name the schema rejects).
extension JSONSchemaLowering {
    /// The string language of a `propertyNames` schema, as patterns a key must and must not
    /// match (whole-match, like `ObjectNode.KeyClass`); `isEmpty` when no string is accepted.
    struct KeyLanguage {
        var matching: [RegexPattern] = []
        var notMatching: [RegexPattern] = []
        var isEmpty = false

        /// Whether the language is every string.
        var isEverything: Bool { !isEmpty && matching.isEmpty && notMatching.isEmpty }
    }

    /// The language of `propertyNames` schema `keys`, or `nil` when patterns cannot state it
    /// (several differently constrained string branches, or a string node whose length bounds
    /// exceed `RegexPattern.maxRepetitionCount`).
    func keyLanguage(_ keys: JSONSchemaDraft.ID, at pointer: String) throws(JSONSchemaImportError) -> KeyLanguage? {
        var lowering = try keySchemaLowering(at: pointer)
        let root = try lowering.lowerChild([keys]) // before `finish` reads the slots
        let graph = try lowering.finish(root: root)
        // The branches a string can take (keys are strings: other types do not matter).
        var strings: [SchemaNode] = []
        var pending = [graph.root], visited = Set<SchemaNode.ID>()
        while let id = pending.popLast() {
            guard visited.insert(id).inserted else { continue }
            switch graph.nodes[id] {
            case .anyOf(let branches): pending += branches
            case .any: return KeyLanguage()
            case .string, .enumeration: strings.append(graph.nodes[id])
            default: continue
            }
        }
        var literals: [String] = []
        var constrained: [StringNode] = []
        for node in strings {
            switch node {
            case .string(let string): constrained.append(string)
            case .enumeration(let values):
                for case .string(let text) in values { literals.append(text) }
            default: continue
            }
        }
        if constrained.isEmpty {
            return literals.isEmpty ? KeyLanguage(isEmpty: true) : KeyLanguage(matching: [RegexPattern(anyOf: literals)])
        }
        // One string node and nothing beside it: a union is no set of patterns all must match.
        guard constrained.count == 1, literals.isEmpty, let string = constrained.first else { return nil }
        var language = KeyLanguage(matching: string.patterns, notMatching: string.excludedPatterns)
        if let format = string.format { language.matching.append(format.regex) }
        if string.minLength > 0 || string.maxLength != nil {
            guard string.minLength <= RegexPattern.maxRepetitionCount, (string.maxLength ?? 0) <= RegexPattern.maxRepetitionCount else {
                return nil
            }
            let counts = "\(string.minLength)," + (string.maxLength.map(String.init) ?? "")
            do { language.matching.append(try RegexPattern("[\\s\\S]{\(counts)}")) } catch { return nil }
        }
        return language
    }

    /// A lowering of its own for the `propertyNames` schema of the draft at `pointer`, one level
    /// deeper; refused past `maxKeySchemaDepth` (a `propertyNames` that reaches itself).
    func keySchemaLowering(at pointer: String) throws(JSONSchemaImportError) -> JSONSchemaLowering {
        guard keySchemaDepth < Self.maxKeySchemaDepth else {
            throw JSONSchemaImportError(.unsupportedCombination("propertyNames"), at: pointer + "/propertyNames")
        }
        var lowering = JSONSchemaLowering(drafts: drafts, allowsAnyOrder: true, maxNodes: maxNodes, coercesOneOf: false)
        lowering.keySchemaDepth = keySchemaDepth + 1
        return lowering
    }

    /// `object` with its other keys restricted to `language`: each key class also matches it,
    /// and the keys outside every class (`additionalProperties`) become a class of their own
    /// that matches none of `patterns` (the object's `patternProperties`).
    func restrictingKeys(_ object: ObjectNode, to language: KeyLanguage, patterns: [RegexPattern]) -> ObjectNode {
        var object = object
        if language.isEmpty {
            object.keyClasses = []
            object.additionalProperties = nil
            return object
        }
        let split = !object.keyClasses.isEmpty
        for index in object.keyClasses.indices {
            object.keyClasses[index].matching += language.matching
            object.keyClasses[index].notMatching += language.notMatching
        }
        if let additional = object.additionalProperties {
            // A class needs a pattern to match: every string, when the language only excludes.
            let matching = language.matching.isEmpty ? [Self.everyString] : language.matching
            object.keyClasses.append(
                ObjectNode.KeyClass(matching: matching, notMatching: (split ? patterns : []) + language.notMatching, node: additional))
            object.additionalProperties = nil
        }
        return object
    }

    /// The pattern every string matches.
    private static let everyString: RegexPattern = {
        do { return try RegexPattern("[\\s\\S]*") } catch { preconditionFailure("\(error)") }
    }()
}
