/// `patternProperties` on an open object, exactly: the keys that are not named are split by the
/// set of patterns they match, and each nonempty set becomes an `ObjectNode.KeyClass` whose
/// values meet what every draft says about such a key.
///
/// In JSON Schema a key that is not named takes, in each draft, the schema of every pattern of
/// that draft it matches, or that draft's `additionalProperties` when it matches none. With
/// patterns `P1…Pk` across the drafts, a key matching exactly the set `S` therefore meets, per
/// draft, its patterns in `S` or else its `additionalProperties`. The classes are the sets `S`
/// some key matches exactly (found by walking the patterns' automata together, so patterns that
/// never overlap cost one class each), and the keys matching no pattern keep the object's
/// `additionalProperties`. The classes are disjoint by construction, so the grammar never has
/// to choose between two value schemas for one key.
extension JSONSchemaLowering {
    /// The most distinct patterns the key classes of one object are built from (at most
    /// 2^k - 1 classes); more is refused as `unsupportedCombination("patternProperties")`.
    static let maxKeyPatterns = 6

    /// The most tuples of pattern states explored to find which sets of patterns some key
    /// matches exactly; past it every set is assumed possible (extra classes cost compile time,
    /// never exactness).
    static let maxKeySignatureStates = 20_000

    /// The classes of the other keys of an object whose drafts are `locals` (open: no draft
    /// closes it); empty when no draft has `patternProperties` or the patterns change nothing
    /// (every pattern's schema trivially true and so the `additionalProperties` beside it).
    mutating func keyClasses(_ locals: [JSONSchemaDraft]) throws(JSONSchemaImportError) -> [ObjectNode.KeyClass] {
        let silent = locals.allSatisfy { draft in
            draft.patternProperties.allSatisfy { drafts[$0.draft].isTriviallyTrue }
                && (draft.patternProperties.isEmpty || draft.additionalProperties.map { drafts[$0].isTriviallyTrue } ?? true)
        }
        if silent { return [] }
        var patterns: [RegexPattern] = []
        for draft in locals {
            for entry in draft.patternProperties where !patterns.contains(entry.pattern) { patterns.append(entry.pattern) }
        }
        let pointer = (locals.first { !$0.patternProperties.isEmpty }?.pointer ?? "") + "/patternProperties"
        guard patterns.count <= Self.maxKeyPatterns else {
            throw JSONSchemaImportError(.unsupportedCombination("patternProperties"), at: pointer)
        }
        var classes: [ObjectNode.KeyClass] = []
        let signatures = try keySignatures(locals, patterns)
        for signature in signatures where signature != 0 {
            var constraints: [JSONSchemaDraft.ID] = []
            for draft in locals {
                let own = draft.patternProperties.filter { entry in
                    signature >> patterns.firstIndex(of: entry.pattern)! & 1 != 0
                }
                if own.isEmpty {
                    if let additional = draft.additionalProperties { constraints.append(additional) }
                } else {
                    constraints += own.map(\.draft)
                }
            }
            let node = try lowerChild(constraints)
            classes.append(
                ObjectNode.KeyClass(
                    matching: patterns.indices.filter { signature >> $0 & 1 != 0 }.map { patterns[$0] },
                    // Only the patterns some key of the class could also match: the others
                    // never meet it, and excluding them would only cost automaton products.
                    notMatching: patterns.indices.filter { j in
                        signature >> j & 1 == 0 && signatures.contains { $0 & signature == signature && $0 >> j & 1 != 0 }
                    }.map { patterns[$0] },
                    node: node))
        }
        return classes
    }

    /// The nonempty sets of `patterns` (bit `i` for `patterns[i]`) that some key matches exactly,
    /// in increasing order (the empty set may be listed too; it is not a class), or every set
    /// when the walk would take more than `maxKeySignatureStates` tuples.
    private func keySignatures(_ locals: [JSONSchemaDraft], _ patterns: [RegexPattern]) throws(JSONSchemaImportError) -> [UInt32] {
        let every = (0..<UInt32(1) << patterns.count).map { $0 }
        guard patterns.count > 1 else { return every }
        var automata: [ByteDFA] = []
        for pattern in patterns {
            let draft = locals.first { $0.patternProperties.contains { $0.pattern == pattern } }!
            let entry = draft.patternProperties.first { $0.pattern == pattern }!
            automata.append(try keyAutomaton(entry, at: draft.pointer))
        }
        let representatives = Self.representatives(automata)
        var found = Set<UInt32>()
        var seen: Set<[Int]> = []
        var queue = [automata.map(\.start)]
        seen.insert(queue[0])
        do {
            while let tuple = queue.popLast() {
                var signature: UInt32 = 0
                for (i, dfa) in automata.enumerated() where dfa.isAccepting(tuple[i]) { signature |= 1 << UInt32(i) }
                found.insert(signature)
                if found.count == every.count { break }
                // One automaton left alive: past here keys match it alone (a live state of a
                // lazily determinized automaton always leads to a match) or none, which is all
                // the classes need to know.
                let alive = automata.indices.filter { tuple[$0] != automata[$0].dead }
                if alive.count == 1 {
                    found.insert(1 << UInt32(alive[0]))
                    continue
                }
                for byte in representatives {
                    var next = tuple
                    var live = false
                    for (i, dfa) in automata.enumerated() where tuple[i] != dfa.dead {
                        next[i] = try dfa.checkedNext(tuple[i], byte)
                        live = live || next[i] != dfa.dead
                    }
                    guard live, seen.insert(next).inserted else { continue }
                    guard seen.count <= Self.maxKeySignatureStates else { return every }
                    queue.append(next)
                }
            }
        } catch {
            return every // an automaton too large to walk: assume every set
        }
        return found.sorted()
    }
}

extension JSONSchemaLowering {
    /// One byte per class of the product of `automata` (bytes every automaton treats alike
    /// share a class): what a walk of them together needs to step on.
    static func representatives(_ automata: [ByteDFA]) -> [UInt8] {
        var representatives: [UInt8] = []
        var seenClasses = Set<[UInt8]>()
        for byte in 0...255 where seenClasses.insert(automata.map { $0.byteClasses[byte] }).inserted {
            representatives.append(UInt8(byte))
        }
        return representatives
    }

    /// The automaton of a `patternProperties` entry; one that cannot be compiled is an
    /// `invalidPattern` error at the entry's pointer under `pointer`.
    func keyAutomaton(
        _ entry: (pattern: RegexPattern, source: String, draft: JSONSchemaDraft.ID), at pointer: String
    ) throws(JSONSchemaImportError) -> ByteDFA {
        do {
            return try keyAutomata.automaton(entry.pattern)
        } catch {
            throw Self.invalid(entry, error, at: pointer)
        }
    }

    /// Whether `name` matches a `patternProperties` entry; refused when its automaton is too
    /// large to tell (never guessed: a missed match would drop a constraint).
    func matches(
        _ entry: (pattern: RegexPattern, source: String, draft: JSONSchemaDraft.ID), _ name: String, at pointer: String
    ) throws(JSONSchemaImportError) -> Bool {
        do {
            return try keyAutomata.verdict(entry.pattern, name)
        } catch {
            throw Self.invalid(entry, error, at: pointer)
        }
    }

    private static func invalid(
        _ entry: (pattern: RegexPattern, source: String, draft: JSONSchemaDraft.ID), _ error: RegexError, at pointer: String
    ) -> JSONSchemaImportError {
        JSONSchemaImportError(
            .invalidPattern(pattern: entry.source, error: error), at: pointer + "/patternProperties/" + JSONSchemaPointer.escape(entry.source))
    }
}
