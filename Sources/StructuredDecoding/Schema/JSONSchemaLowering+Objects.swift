/// The object branch of a conjunction: named properties, `additionalProperties`,
/// `patternProperties`, `propertyNames` and `minProperties`/`maxProperties`, exactly or refused.
///
/// The IR knows named properties and one schema for every other key, so:
/// - a named key's value meets, in each draft, its `properties` entry and every
///   `patternProperties` entry whose pattern it matches, or else that draft's
///   `additionalProperties`; a name some draft's `propertyNames` rejects is forbidden;
/// - other keys are forbidden when some draft closes the object (`additionalProperties: false`
///   with no `patternProperties`); otherwise they split into key classes by the patterns they
///   match (`JSONSchemaLowering+KeyClasses`), and those matching none take every draft's
///   `additionalProperties`; a nontrivial `propertyNames` on an open object restricts them all
///   by patterns (`JSONSchemaLowering+PropertyNames`), or is `unsupportedCombination` where
///   patterns cannot state its strings;
/// - `minProperties`/`maxProperties` beyond what `required` and the closed set of keys already
///   guarantee become the object's own counts, which the parser keeps; beside other keys, a
///   `minProperties` more than one above the required properties is `unsupportedCombination`
///   (see `counted`).
extension JSONSchemaLowering {
    mutating func objectNode(_ locals: [JSONSchemaDraft]) throws(JSONSchemaImportError) -> SchemaNode? {
        var names: [String] = []
        var seen = Set<[UInt8]>()
        for name in locals.flatMap({ $0.properties.map(\.name) }) + locals.flatMap(\.required)
        where seen.insert(Array(name.utf8)).inserted {
            names.append(name)
        }
        let closed = locals.contains { draft in
            draft.patternProperties.isEmpty && draft.additionalProperties.map { drafts[$0].isFalse } == true
        }
        var keyLanguages: [KeyLanguage] = []
        for draft in locals {
            if let keys = draft.propertyNames, !closed, !drafts[keys].isTriviallyTrue {
                guard let language = try keyLanguage(keys, at: draft.pointer) else {
                    throw JSONSchemaImportError(.unsupportedCombination("propertyNames"), at: draft.pointer + "/propertyNames")
                }
                if !language.isEverything { keyLanguages.append(language) }
            }
        }
        var properties: [ObjectNode.Property] = []
        for name in names {
            var constraints: [JSONSchemaDraft.ID] = []
            var forbidden = false
            for draft in locals {
                var own: [JSONSchemaDraft.ID] = draft.property(named: name).map { [$0] } ?? []
                for entry in draft.patternProperties where try matches(entry, name, at: draft.pointer) { own.append(entry.draft) }
                if own.isEmpty, let additional = draft.additionalProperties { own.append(additional) }
                constraints += own
                if let keys = draft.propertyNames, !(try allows(keys, name, at: draft.pointer)) { forbidden = true }
            }
            let value = forbidden ? try reserve(.node(.never)) : try lowerChild(constraints)
            let isRequired = locals.contains { $0.required.contains { $0.utf8.elementsEqual(name.utf8) } }
            if isRequired, isNever(value) { return nil }
            properties.append(ObjectNode.Property(name: name, node: value, isRequired: isRequired))
        }
        let keyClasses = closed ? [] : try keyClasses(locals)
        let additional = closed ? nil : try lowerChild(locals.compactMap(\.additionalProperties))
        var object = ObjectNode(
            properties: properties, keyClasses: keyClasses, additionalProperties: additional.flatMap { isNever($0) ? nil : $0 },
            allowsAnyOrder: allowsAnyOrder)
        if !keyLanguages.isEmpty {
            var patterns: [RegexPattern] = []
            for draft in locals {
                for entry in draft.patternProperties where !patterns.contains(entry.pattern) { patterns.append(entry.pattern) }
            }
            let language = keyLanguages.dropFirst().reduce(keyLanguages[0]) { all, more in
                KeyLanguage(
                    matching: all.matching + more.matching, notMatching: all.notMatching + more.notMatching, isEmpty: all.isEmpty || more.isEmpty)
            }
            object = restrictingKeys(object, to: language, patterns: patterns)
        }
        return try counted(object, locals)
    }

    /// `object` under the drafts' `minProperties`/`maxProperties`, counted by the parser
    /// (`ObjectNode.minProperties`). Named keys are written at most once, so counting members is
    /// exact when every key is named. Other keys could repeat, which a JSON reader keeps once:
    /// with them, a fewest more than one above the required properties is refused (up to there,
    /// the members beyond the required ones hold at least one more distinct key), and a most
    /// only gets stricter by counting a repeat.
    private mutating func counted(_ object: ObjectNode, _ locals: [JSONSchemaDraft]) throws(JSONSchemaImportError) -> SchemaNode? {
        let minimum = locals.compactMap(\.minProperties).max() ?? 0
        let maximum = locals.compactMap(\.maxProperties).min()
        let required = object.properties.filter(\.isRequired).count
        let optional = object.properties.indices.filter { !object.properties[$0].isRequired && !isNever(object.properties[$0].node) }
        let opensKeys = object.additionalProperties != nil || object.keyClasses.contains { !isNever($0.node) }
        let possible = opensKeys ? Int.max : required + optional.count
        if minimum > possible { return nil }
        if let maximum, maximum < max(required, minimum) { return nil }
        let needsMinimum = minimum > required
        let needsMaximum = maximum.map { $0 < possible } ?? false
        guard needsMinimum || needsMaximum else { return .object(object) }
        if needsMinimum, opensKeys, minimum > required + 1 {
            let pointer = (locals.first { $0.minProperties != nil }?.pointer ?? "") + "/minProperties"
            throw JSONSchemaImportError(.unsupportedCombination("minProperties"), at: pointer)
        }
        var counted = object
        if needsMinimum { counted.minProperties = minimum }
        if needsMaximum { counted.maxProperties = maximum }
        return .object(counted)
    }

    /// Whether the `propertyNames` schema `keys` accepts `name` (its own graph, validated; a
    /// pattern too large to decide rejects, which only forbids the name).
    private func allows(_ keys: JSONSchemaDraft.ID, _ name: String, at pointer: String) throws(JSONSchemaImportError) -> Bool {
        var lowering = try keySchemaLowering(at: pointer)
        let root = try lowering.lowerChild([keys])
        return SchemaGraph.Validator(try lowering.finish(root: root)).accepts(.string(name))
    }
}
