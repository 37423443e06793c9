import Foundation

extension Bool: Generable {
    /// `{"type": "boolean"}`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .boolean, definitions: [])
    }

    /// Reads a boolean. - Throws: `GeneratedContent.ParsingError` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .bool(let value) = content.kind else { throw content.mismatch(expected: "a boolean", for: Bool.self) }
        self = value
    }

    /// `.bool(self)`.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .bool(self)) }
}

extension String: Generable {
    /// `{"type": "string"}`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .string(StringSchema()), definitions: [])
    }

    /// Reads a string (a partially generated string reads as its text so far).
    /// - Throws: `GeneratedContent.ParsingError` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .string(let value) = content.kind else { throw content.mismatch(expected: "a string", for: String.self) }
        self = value
    }

    /// `.string(self)`.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .string(self)) }
}

extension Int: Generable {
    /// `{"type": "integer"}`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .integer(minimum: nil, maximum: nil), definitions: [])
    }

    /// Reads an integral number.
    /// - Throws: `GeneratedContent.ParsingError` for other kinds, fractions and numbers out
    ///   of `Int`'s range.
    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind, let integer = Int(exactly: value) else {
            throw content.mismatch(expected: "an integer", for: Int.self)
        }
        self = integer
    }

    /// `.number(Double(self))`.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(Double(self))) }
}

extension Float: Generable {
    /// `{"type": "number"}`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .number(minimum: nil, maximum: nil), definitions: [])
    }

    /// Reads a number. - Throws: `GeneratedContent.ParsingError` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind else { throw content.mismatch(expected: "a number", for: Float.self) }
        self = Float(value)
    }

    /// The number, through its shortest decimal form (`0.1` stays `0.1`).
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .number(Double("\(self)") ?? Double(self)))
    }
}

extension Double: Generable {
    /// `{"type": "number"}`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .number(minimum: nil, maximum: nil), definitions: [])
    }

    /// Reads a number. - Throws: `GeneratedContent.ParsingError` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind else { throw content.mismatch(expected: "a number", for: Double.self) }
        self = value
    }

    /// `.number(self)`.
    public var generatedContent: GeneratedContent { GeneratedContent(kind: .number(self)) }
}

extension Decimal: Generable {
    /// `{"type": "number"}`.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(root: .number(minimum: nil, maximum: nil), definitions: [])
    }

    /// Reads a number through its shortest decimal form (`0.1` becomes exactly `0.1`).
    /// - Throws: `GeneratedContent.ParsingError` for other kinds.
    public init(_ content: GeneratedContent) throws {
        guard case .number(let value) = content.kind, value.isFinite else {
            throw content.mismatch(expected: "a number", for: Decimal.self)
        }
        self = Decimal(string: "\(value)") ?? Decimal(value)
    }

    /// The number as a `Double` (Decimal digits beyond a Double's precision are rounded).
    public var generatedContent: GeneratedContent {
        GeneratedContent(kind: .number(NSDecimalNumber(decimal: self).doubleValue))
    }
}

extension Never: Generable {
    /// A choice with no alternatives: nothing can be generated.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(
            root: .anyOf(AnyOfSchema(name: "Never", choices: [])), definitions: [],
            unsupportedGuides: ["Never cannot be generated"])
    }

    /// Always throws `GeneratedContent.ParsingError`: no content is a `Never`.
    public init(_ content: GeneratedContent) throws {
        throw content.parsingError("Never cannot be created from content (\(content.jsonString)).")
    }

    /// Unreachable: there are no values of `Never`.
    public var generatedContent: GeneratedContent {
        switch self {}
    }
}
