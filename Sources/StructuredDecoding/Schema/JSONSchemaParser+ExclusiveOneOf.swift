/// The complements a `oneOf` needs to be stated exactly when its branches may overlap.
///
/// `oneOf: [a, b, c]` accepts what exactly one branch accepts: `(a ∧ ¬b ∧ ¬c) ∨ (¬a ∧ b ∧ ¬c) ∨
/// (¬a ∧ ¬b ∧ c)`. Where the lowering cannot prove the branches disjoint, it uses that form if
/// every branch has an exact complement (`complement(_:)`); otherwise the `oneOf` is refused
/// (`overlappingOneOf`) or, on request, read as `anyOf`. The complements are built here, once the
/// whole document is read, for every `oneOf` of at most `maxComplementedOneOfBranches` branches;
/// a branch without one leaves no trace (the drafts and the complement cache are rolled back).
extension JSONSchemaParser {
    /// The most branches of a `oneOf` whose complements are built (each exact branch conjoins
    /// the complements of all the others).
    static let maxComplementedOneOfBranches = 8

    /// Sets `oneOfComplements` on every `oneOf` whose branches all have exact complements.
    mutating func complementOneOfBranches() {
        let written = drafts.count
        for id in 0..<written {
            guard let branches = drafts[id].oneOf, branches.count > 1, branches.count <= Self.maxComplementedOneOfBranches else {
                continue
            }
            let savedCount = drafts.count
            let savedComplements = complements
            do {
                var result: [JSONSchemaDraft.ID] = []
                for branch in branches { result.append(try complement(branch)) }
                drafts[id].oneOfComplements = result
            } catch {
                drafts.removeSubrange(savedCount...)
                complements = savedComplements
            }
        }
    }
}
