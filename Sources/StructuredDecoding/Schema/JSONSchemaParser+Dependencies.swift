/// `dependentRequired`, `dependentSchemas` (2019-09 on) and `dependencies` (before), read as
/// conjuncts the lowering already knows: "if the object has `name`, then ..." is
/// `anyOf: [{properties: {name: false}}, {required: [name], ...}]` — exactly, since `required`
/// and `properties` say nothing about values that are not objects.
extension JSONSchemaParser {
    /// Reads one of the three keywords into `schema.allOf`.
    mutating func readDependencies(
        _ keyword: String, _ value: JSONValue, at pointer: String, into schema: inout JSONSchemaDraft
    ) throws(JSONSchemaImportError) {
        let members = try Self.uniqueKeys(value, pointer, keyword: keyword)
        for member in members {
            let at = pointer + "/" + Self.escape(member.key)
            let then: [JSONSchemaDraft.ID]
            switch (keyword, member.value) {
            case ("dependentSchemas", _), ("dependencies", .object), ("dependencies", .bool):
                then = [try parse(member.value, at: at)]
            case ("dependentRequired", .array), ("dependencies", .array):
                let names = try Self.uniqueStrings(member.value, keyword, at)
                then = names.isEmpty ? [] : [add(Self.requiring(names, at: at))]
            default:
                throw Self.invalid(
                    keyword, keyword == "dependentRequired" ? "an object of string arrays" : "an object of schemas or string arrays", pointer)
            }
            if then.isEmpty { continue }
            schema.allOf.append(ifPresent(member.key, then: then, at: at))
        }
    }

    /// `anyOf: [{properties: {name: false}}, allOf: [{required: [name]}] + then]`.
    mutating func ifPresent(_ name: String, then: [JSONSchemaDraft.ID], at pointer: String) -> JSONSchemaDraft.ID {
        let absent = add(absence(of: [name], at: pointer))
        var present = Self.requiring([name], at: pointer)
        present.allOf = then
        let presentID = add(present)
        var either = JSONSchemaDraft(pointer: pointer)
        either.anyOf = [absent, presentID]
        return add(either)
    }

    /// `{properties: {name: false, ...}}`: objects without these keys (and every non-object).
    mutating func absence(of names: [String], at pointer: String) -> JSONSchemaDraft {
        var falseDraft = JSONSchemaDraft(pointer: pointer)
        falseDraft.isFalse = true
        let never = add(falseDraft)
        var draft = JSONSchemaDraft(pointer: pointer)
        draft.properties = names.map { ($0, never) }
        return draft
    }

    /// `{required: names}`.
    static func requiring(_ names: [String], at pointer: String) -> JSONSchemaDraft {
        var draft = JSONSchemaDraft(pointer: pointer)
        draft.required = names
        return draft
    }
}
