/// Lowers parsed drafts to a `SchemaGraph`, exactly.
///
/// A schema means the conjunction of its own constraints, its `$ref` target and its `allOf`
/// members; the lowering works on such conjunctions, flattened to sorted sets of `Atom`s and
/// memoized, one graph node per distinct set. `anyOf`/`oneOf` atoms are distributed over the
/// rest of the set (`(a ∨ b) ∧ c = (a ∧ c) ∨ (b ∧ c)`), `enum`/`const` atoms become value lists
/// filtered by the rest, and the remaining local constraints are intersected per JSON type.
/// Property values and array elements are new sets lowered as children, so recursive schemas
/// become cycles in the graph. Because the sets are drawn from a finite pool the lowering ends;
/// a set that recurs without descending into a child is refused as unguarded recursion.
struct JSONSchemaLowering {
    /// One conjunct: a draft's own constraints, one of its value lists, its `anyOf`/`oneOf`,
    /// or one of its `not`s without an exact complement (`unresolvedNots[index]`: exact only
    /// beside a value list, whose values are checked against it).
    enum Atom: Hashable, Comparable {
        case local(JSONSchemaDraft.ID)
        case values(JSONSchemaDraft.ID, Int)
        case anyOf(JSONSchemaDraft.ID)
        case oneOf(JSONSchemaDraft.ID)
        case excluded(JSONSchemaDraft.ID, Int)

        private var key: (Int, Int, Int) {
            switch self {
            case .local(let id): (0, id, 0)
            case .values(let id, let index): (1, id, index)
            case .anyOf(let id): (2, id, 0)
            case .oneOf(let id): (3, id, 0)
            case .excluded(let id, let index): (4, id, index)
            }
        }

        static func < (lhs: Atom, rhs: Atom) -> Bool { lhs.key < rhs.key }
    }

    /// A graph node under construction.
    enum Slot {
        /// Being lowered (only its id may be used).
        case pending
        /// Finished.
        case node(SchemaNode)
        /// The same as another slot (an `anyOf` with one live branch).
        case alias(SchemaNode.ID)
    }

    let drafts: [JSONSchemaDraft]
    /// Whether object nodes accept their keys in any order (validation) or in declaration
    /// order only (generation).
    let allowsAnyOrder: Bool
    /// The most slots allowed.
    let maxNodes: Int
    /// Whether an overlapping `oneOf` becomes an `anyOf` (with a warning) instead of a refusal.
    let coercesOneOf: Bool
    /// Whether `1.0` is an integer (not in draft-04).
    var fractionalIntegers = true
    /// `oneOf`s read as `anyOf` on request.
    var warnings: [JSONSchemaImportWarning] = []
    /// How many `propertyNames` schemas this lowering is nested in (each is lowered on its own
    /// to read its strings; one that reaches itself again through `$ref` stops here).
    var keySchemaDepth = 0
    /// The most nested `propertyNames` lowerings; deeper is `unsupportedCombination`.
    static let maxKeySchemaDepth = 4

    var slots: [Slot] = []
    /// The slot of each atom set lowered or being lowered.
    private var memo: [[Atom]: SchemaNode.ID] = [:]
    /// The sets being lowered since the last descent into a property or element.
    private var unguarded: Set<[Atom]> = []
    /// Enumeration slots whose values must still be filtered: kept when the slot of the rest of
    /// their set (if any) accepts them and no `excluded` slot (a `not` without a complement) does.
    var filters: [(node: SchemaNode.ID, rest: SchemaNode.ID?, excluded: [SchemaNode.ID])] = []
    /// The `patternProperties` automata compiled so far (shared by copies of the lowering).
    let keyAutomata = PatternAutomata()
    /// While an overlapping `oneOf` is stated exactly: the slot count it may not reach.
    private var slotCeiling: Int?
    /// Set when `reserve` stopped at `slotCeiling`.
    private var hitCeiling = false

    /// The most slots stating one overlapping `oneOf` exactly may add (its branches conjoin the
    /// others' complements, which can multiply out); past it the `oneOf` is refused as
    /// overlapping, or read as `anyOf` when `coercesOneOf` asks for it.
    static let exactOneOfSlotBudget = 2_000

    init(drafts: [JSONSchemaDraft], allowsAnyOrder: Bool, maxNodes: Int, coercesOneOf: Bool = false) {
        self.drafts = drafts
        self.allowsAnyOrder = allowsAnyOrder
        self.maxNodes = maxNodes
        self.coercesOneOf = coercesOneOf
    }

    /// The conjunction of `ids` as a sorted atom set.
    func atoms(of ids: [JSONSchemaDraft.ID]) throws(JSONSchemaImportError) -> [Atom] {
        var atoms = Set<Atom>()
        var done = Set<JSONSchemaDraft.ID>()
        var path = Set<JSONSchemaDraft.ID>()
        for id in ids { try flatten(id, into: &atoms, done: &done, path: &path) }
        return atoms.sorted()
    }

    private func flatten(
        _ id: JSONSchemaDraft.ID, into atoms: inout Set<Atom>, done: inout Set<JSONSchemaDraft.ID>, path: inout Set<JSONSchemaDraft.ID>
    ) throws(JSONSchemaImportError) {
        let draft = drafts[id]
        guard done.insert(id).inserted else { return }
        path.insert(id)
        defer { path.remove(id) }
        if draft.hasLocalConstraints { atoms.insert(.local(id)) }
        for index in draft.valueSets.indices { atoms.insert(.values(id, index)) }
        if draft.anyOf != nil { atoms.insert(.anyOf(id)) }
        if draft.oneOf != nil { atoms.insert(.oneOf(id)) }
        for index in draft.unresolvedNots.indices { atoms.insert(.excluded(id, index)) }
        var next: [(target: JSONSchemaDraft.ID, via: String, pointer: String)] = []
        if let reference = draft.reference { next.append((reference, draft.referenceText ?? "$ref", draft.pointer + "/$ref")) }
        for (index, member) in draft.allOf.enumerated() { next.append((member, "allOf", draft.pointer + "/allOf/\(index)")) }
        for member in draft.negated { next.append((member, "not", draft.pointer + "/not")) }
        for (target, via, pointer) in next {
            // Back to a schema on the current path: a cycle of `$ref`/`allOf` alone.
            guard !path.contains(target) else { throw JSONSchemaImportError(.unguardedRecursion(via), at: pointer) }
            try flatten(target, into: &atoms, done: &done, path: &path)
        }
    }

    /// The slot of the conjunction `atoms`.
    mutating func lower(_ atoms: [Atom]) throws(JSONSchemaImportError) -> SchemaNode.ID {
        if let known = memo[atoms] {
            guard !unguarded.contains(atoms) else {
                // Only distributing an `anyOf`/`oneOf` lowers a set again without descending.
                let (draft, keyword) =
                    atoms.lazy.compactMap { atom -> (JSONSchemaDraft.ID, String)? in
                        switch atom {
                        case .anyOf(let id): (id, "anyOf")
                        case .oneOf(let id): (id, "oneOf")
                        default: nil
                        }
                    }.first ?? (atoms.first.map(Self.draftID) ?? 0, "anyOf")
                let pointer = drafts[draft].pointer + (drafts[draft].isSynthetic ? "" : "/" + keyword)
                throw JSONSchemaImportError(.unguardedRecursion(keyword), at: pointer)
            }
            return known
        }
        let id = try reserve(.pending)
        memo[atoms] = id
        unguarded.insert(atoms)
        defer { unguarded.remove(atoms) }
        slots[id] = try build(atoms, id: id)
        return id
    }

    /// The slot of a property value or array element constrained by all of `ids` (none: any).
    mutating func lowerChild(_ ids: [JSONSchemaDraft.ID]) throws(JSONSchemaImportError) -> SchemaNode.ID {
        let atoms = try atoms(of: ids)
        let saved = unguarded
        unguarded = []
        defer { unguarded = saved }
        return try lower(atoms)
    }

    /// Appends a slot, within `maxNodes`.
    mutating func reserve(_ slot: Slot) throws(JSONSchemaImportError) -> SchemaNode.ID {
        guard slots.count < maxNodes else { throw JSONSchemaImportError(.tooComplex(limit: maxNodes), at: "") }
        if let slotCeiling, slots.count >= slotCeiling {
            hitCeiling = true
            throw JSONSchemaImportError(.overlappingOneOf, at: "")
        }
        slots.append(slot)
        return slots.count - 1
    }

    private mutating func build(_ atoms: [Atom], id: SchemaNode.ID) throws(JSONSchemaImportError) -> Slot {
        for (index, atom) in atoms.enumerated() {
            switch atom {
            case .anyOf(let draft):
                return try distribute(atoms, removing: index, over: drafts[draft].anyOf ?? [], exclusive: nil)
            case .oneOf(let draft):
                return try distribute(
                    atoms, removing: index, over: drafts[draft].oneOf ?? [], exclusive: drafts[draft].pointer + "/oneOf",
                    complements: drafts[draft].oneOfComplements)
            default: continue
            }
        }
        if let index = atoms.firstIndex(where: { if case .values = $0 { true } else { false } }),
            case .values(let draft, let list) = atoms[index]
        {
            let values = JSONValue.schemaUnique(drafts[draft].valueSets[list])
            guard !values.isEmpty else { return .node(.never) }
            var rest = atoms
            rest.remove(at: index)
            // A `not` without a complement is exact here: each value is checked against it.
            var excluded: [SchemaNode.ID] = []
            for case .excluded(let owner, let position) in rest {
                excluded.append(try lowerChild([drafts[owner].unresolvedNots[position].schema]))
            }
            rest.removeAll { if case .excluded = $0 { true } else { false } }
            if !rest.isEmpty || !excluded.isEmpty { filters.append((id, rest.isEmpty ? nil : try lower(rest), excluded)) }
            return .node(.enumeration(values))
        }
        for case .excluded(let owner, let position) in atoms { throw drafts[owner].unresolvedNots[position].error }
        return .node(try combine(atoms.map(Self.draftID)))
    }

    /// `anyOf` (or, with the pointer of a `oneOf` in `exclusive`, a `oneOf`) distributed over the
    /// rest of the set. A `oneOf`'s branches must be provably disjoint; when they are not and
    /// every branch has an exact complement, each branch is conjoined with the complements of the
    /// others (`oneOf(a, b) = (a ∧ ¬b) ∨ (b ∧ ¬a)`), which are disjoint by construction.
    private mutating func distribute(
        _ atoms: [Atom], removing index: Int, over branches: [JSONSchemaDraft.ID], exclusive: String?,
        complements: [JSONSchemaDraft.ID]? = nil
    ) throws(JSONSchemaImportError) -> Slot {
        var rest = atoms
        rest.remove(at: index)
        var live: [SchemaNode.ID] = []
        for branch in branches {
            let branchAtoms = Array(Set(rest).union(try self.atoms(of: [branch]))).sorted()
            let id = try lower(branchAtoms)
            if isNever(id) { continue }
            if exclusive == nil, live.contains(id) { continue }
            live.append(id)
        }
        if let exclusive {
            overlap: for (position, left) in live.enumerated() {
                for right in live[(position + 1)...] where !disjoint(left, right, depth: 0) {
                    if let complements, complements.count == branches.count,
                        let exact = try exactly(branches, complements, rest: rest)
                    {
                        live = exact
                        break overlap
                    }
                    guard coercesOneOf else { throw JSONSchemaImportError(.overlappingOneOf, at: exclusive) }
                    warnings.append(
                        JSONSchemaImportWarning(
                            "`oneOf` read as `anyOf`: its branches may overlap, and an output may match more than one",
                            keyword: "oneOf", at: exclusive))
                    break overlap
                }
            }
        }
        switch live.count {
        case 0: return .node(.never)
        case 1: return .alias(live[0])
        default: return .node(.anyOf(live))
        }
    }

    /// The live branches of `oneOf: branches` over `rest`, each conjoined with the complements
    /// of the others; `nil` (and the lowering as it was) when that takes more than
    /// `exactOneOfSlotBudget` slots.
    private mutating func exactly(
        _ branches: [JSONSchemaDraft.ID], _ complements: [JSONSchemaDraft.ID], rest: [Atom]
    ) throws(JSONSchemaImportError) -> [SchemaNode.ID]? {
        let owner = slotCeiling == nil // a nested exact `oneOf` spends its enclosing budget
        let saved = self
        if owner { slotCeiling = min(maxNodes, slots.count + Self.exactOneOfSlotBudget) }
        defer { if owner { slotCeiling = nil } }
        var live: [SchemaNode.ID] = []
        do {
            for (i, branch) in branches.enumerated() {
                let others = complements.indices.filter { $0 != i }.map { complements[$0] }
                let id = try lower(Array(Set(rest).union(try atoms(of: [branch] + others))).sorted())
                if !isNever(id) { live.append(id) }
            }
        } catch {
            guard owner, hitCeiling else { throw error }
            self = saved
            return nil
        }
        return live
    }

    /// The finished node of a slot (following aliases), or `nil` while it is being lowered.
    func resolved(_ id: SchemaNode.ID) -> SchemaNode? {
        var current = id
        for _ in 0...slots.count {
            switch slots[current] {
            case .pending: return nil
            case .node(let node): return node
            case .alias(let target): current = target
            }
        }
        return nil
    }

    /// Whether a slot is known to accept nothing.
    func isNever(_ id: SchemaNode.ID) -> Bool {
        resolved(id) == .never
    }

    private static func draftID(of atom: Atom) -> JSONSchemaDraft.ID {
        switch atom {
        case .local(let id), .values(let id, _), .anyOf(let id), .oneOf(let id), .excluded(let id, _): id
        }
    }
}
