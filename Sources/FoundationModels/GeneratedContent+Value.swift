extension GeneratedContent {
    /// Reads this content as a value of the given type.
    ///
    /// ```swift
    /// let answers = try content.value([String].self)
    /// ```
    /// - Throws: the type's conversion error, `GeneratedContent.ParsingError` for the standard
    ///   types.
    public func value<Value>(_ type: Value.Type = Value.self) throws -> Value where Value: ConvertibleFromGeneratedContent {
        try Value(self)
    }

    /// Reads one property of a structure as a value of the given type.
    ///
    /// ```swift
    /// let question = try riddle.value(String.self, forProperty: "question")
    /// ```
    /// - Throws: `GeneratedContent.ParsingError` if this content is not a structure or has no
    ///   such property; the type's conversion error if the property has another shape.
    public func value<Value>(_ type: Value.Type = Value.self, forProperty property: String) throws -> Value
    where Value: ConvertibleFromGeneratedContent {
        guard let member = try member(named: property) else {
            let keys = orderedKeys.map { "'\($0)'" }.joined(separator: ", ")
            throw parsingError("Missing property '\(property)' (the structure has \(keys.isEmpty ? "no properties" : keys)).")
        }
        return try Value(member)
    }

    /// Reads one optional property of a structure: `nil` when the property is absent or `null`.
    ///
    /// ```swift
    /// let sponsor = try newsletter.value(String?.self, forProperty: "sponsor")
    /// ```
    public func value<Value>(_ type: Value?.Type = Value?.self, forProperty property: String) throws -> Value?
    where Value: ConvertibleFromGeneratedContent {
        guard let member = try member(named: property) else { return nil }
        if case .null = member.kind { return nil }
        return try Value(member)
    }

    /// The property named `name`, `nil` if absent; throws if this is not a structure.
    private func member(named name: String) throws -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else {
            throw parsingError("Cannot read property '\(name)' of \(kind.phrase); expected a structure.")
        }
        return properties[name]
    }

    /// The keys of a structure in order (empty for other kinds).
    var orderedKeys: [String] {
        if case .structure(_, let keys) = kind { return keys }
        return []
    }

    /// The error thrown when this content does not have the expected shape.
    func parsingError(_ message: String) -> ParsingError {
        ParsingError(rawContent: jsonString, debugDescription: message)
    }

    /// The error thrown when content of another kind was expected to be `expected`.
    func mismatch(expected: String, for type: Any.Type) -> ParsingError {
        parsingError("Cannot make \(type) from \(kind.phrase) (\(jsonString)); expected \(expected).")
    }
}
