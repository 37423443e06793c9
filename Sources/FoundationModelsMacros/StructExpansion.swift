import SwiftDiagnostics
import SwiftSyntax

/// The code `@Generable` writes for a structure.
///
/// Members: `generationSchema`, `PartiallyGenerated`, `asPartiallyGenerated()`. Extension:
/// `init(_:)` and `generatedContent` (in the extension so the memberwise initializer survives).
struct StructExpansion {
    let properties: [StoredProperty]
    let arguments: GenerableArguments
    /// `"public "`, `"package "` or `""`.
    let access: String
    let diagnostics: [Diagnostic]

    init(_ declaration: StructDeclSyntax, arguments: GenerableArguments) {
        let collected = StoredProperty.collect(from: declaration.memberBlock.members)
        self.properties = collected.properties
        self.arguments = arguments
        self.access = accessPrefix(for: declaration.modifiers)
        self.diagnostics = arguments.diagnostics + collected.diagnostics
    }

    var members: [String] {
        [generationSchema, partiallyGenerated, asPartiallyGenerated]
    }

    var extensionMembers: [String] {
        [initializer, generatedContent]
    }

    // MARK: Schema

    private var generationSchema: String {
        if let name = arguments.name { return namedSchema(name.trimmedDescription) }
        let list = properties.map { property -> String in
            var text = "FoundationModels.GenerationSchema.Property(name: \(literal(property.name))"
            if let description = property.description { text += ", description: \(description.trimmedDescription)" }
            text += ", type: \(property.type).self"
            let guides = property.guideTexts
            if !guides.isEmpty { text += ", guides: [\(guides.joined(separator: ", "))]" }
            return text + ")"
        }
        return """
            \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                FoundationModels.GenerationSchema(
                    type: Self.self\(arguments.schemaArguments),
                    properties: \(arrayLiteral(list, indent: "        "))
                )
            }
            """
    }

    /// The schema of a structure given a name of its own (`@Generable(name:)`): public API has
    /// no typed schema with another name, so the structure is a dynamic schema of that name
    /// whose properties hold their types' schemas. The structure met again inside its own
    /// properties is recursion by name (see `GenerationSchema(root:dependencies:)`).
    private func namedSchema(_ name: String) -> String {
        let list = properties.map { property -> String in
            var type = property.type
            if case .optional(_, let wrapped) = property.shape { type = wrapped }
            let guides = property.guideTexts
            let guideList = guides.isEmpty ? "" : ", guides: [\(guides.joined(separator: ", "))]"
            var text = "FoundationModels.DynamicGenerationSchema.Property(name: \(literal(property.name))"
            if let description = property.description { text += ", description: \(description.trimmedDescription)" }
            text += ", schema: FoundationModels.DynamicGenerationSchema(type: \(type.trimmedDescription).self\(guideList))"
            if property.shape.isOptional { text += ", isOptional: true" }
            return text + ")"
        }
        var leading = "name: \(name)"
        if let description = arguments.description { leading += ", description: \(description.trimmedDescription)" }
        if let explicitNil = arguments.representNilExplicitly { leading += ", representNilExplicitlyInGeneratedContent: \(explicitNil)" }
        return """
            \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                let root = FoundationModels.DynamicGenerationSchema(
                    \(leading),
                    properties: \(arrayLiteral(list, indent: "        "))
                )
                do {
                    return try FoundationModels.GenerationSchema(root: root, dependencies: [])
                } catch {
                    return FoundationModels.GenerationSchema(type: Self.self, description: "\\(error)", anyOf: [] as [any FoundationModels.Generable.Type])
                }
            }
            """
    }

    // MARK: Conversions

    private var initializer: String {
        let assignments = properties.map { property in
            "self.\(property.identifier.text) = try content.value(forProperty: \(literal(property.name)))"
        }
        return """
            \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
            \(indented(assignments, by: "    "))
            }
            """
    }

    private var generatedContent: String {
        let omitsNil = !arguments.writesNil && properties.contains { $0.shape.isOptional }
        guard omitsNil else {
            let pairs = properties.map { "\(literal($0.name)): self.\($0.identifier.text)" }
            let dictionary = pairs.isEmpty ? "[:]" : arrayLiteral(pairs, indent: "    ")
            return """
                \(access)nonisolated var generatedContent: FoundationModels.GeneratedContent {
                    FoundationModels.GeneratedContent(properties: \(dictionary))
                }
                """
        }
        let statements = properties.map { property in
            property.shape.isOptional
                ? "if let value = self.\(property.identifier.text) { properties.append((\(literal(property.name)), value)) }"
                : "properties.append((\(literal(property.name)), self.\(property.identifier.text)))"
        }
        return """
            \(access)nonisolated var generatedContent: FoundationModels.GeneratedContent {
                var properties: [(Swift.String, any FoundationModels.ConvertibleToGeneratedContent)] = []
            \(indented(statements, by: "    "))
                return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { _, new in new })
            }
            """
    }

    // MARK: Partially generated

    /// Whether the structure has its own `id` property, which then takes the place of the
    /// `GenerationID` (and `PartiallyGenerated` is not `Identifiable`).
    private var hasOwnID: Bool { properties.contains { $0.name == "id" } }

    /// The type of a property of `PartiallyGenerated`: the property type's partially generated
    /// type, made optional.
    private func partialType(_ property: StoredProperty) -> String {
        if case .optional(_, let wrapped) = property.shape {
            return "\(wrapped.trimmedDescription).PartiallyGenerated?"
        }
        return "\(property.type).PartiallyGenerated?"
    }

    private var partiallyGenerated: String {
        let conformances = (hasOwnID ? "" : "Swift.Identifiable, ") + "FoundationModels.ConvertibleFromGeneratedContent"
        var storage = hasOwnID ? [] : ["\(access)var id: FoundationModels.GenerationID"]
        storage += properties.map { "\(access)var \($0.identifier.text): \(partialType($0))" }
        var parameters = hasOwnID ? [] : ["id: FoundationModels.GenerationID = FoundationModels.GenerationID()"]
        parameters += properties.map { "\(argumentLabel($0.identifier)): \(partialType($0)) = nil" }
        var memberwise = hasOwnID ? [] : ["self.id = id"]
        memberwise += properties.map { "self.\($0.identifier.text) = \($0.identifier.text)" }
        var reads = hasOwnID ? [] : ["self.id = content.id ?? FoundationModels.GenerationID()"]
        reads += properties.map { "self.\($0.identifier.text) = try Self.partialMember(of: content, named: \(literal($0.name)))" }
        return """
            \(access)nonisolated struct PartiallyGenerated: \(conformances) {
            \(indented(storage, by: "    "))

                \(access)nonisolated init(\(parameters.joined(separator: ", "))) {
            \(indented(memberwise, by: "        "))
                }

                \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
            \(indented(reads, by: "        "))
                }

                /// A property so far: `nil` while absent, or while still too incomplete to read.
                private static func partialMember<Value: FoundationModels.ConvertibleFromGeneratedContent>(of content: FoundationModels.GeneratedContent, named name: Swift.String) throws -> Value? {
                    guard let member = try content.value(FoundationModels.GeneratedContent?.self, forProperty: name) else {
                        return nil
                    }
                    guard member.isComplete else {
                        return try? member.value(Value.self)
                    }
                    return try member.value(Value.self)
                }
            }
            """
    }

    private var asPartiallyGenerated: String {
        let arguments = properties.map { property in
            let access = property.shape.isOptional ? "?" : ""
            return "\(argumentLabel(property.identifier)): self.\(property.identifier.text)\(access).asPartiallyGenerated()"
        }
        return """
            \(access)nonisolated func asPartiallyGenerated() -> PartiallyGenerated {
                PartiallyGenerated(\(arguments.joined(separator: ", ")))
            }
            """
    }
}

/// `identifier` as an argument label: without backticks, except for the keywords that need them.
func argumentLabel(_ identifier: TokenSyntax) -> String {
    let name = identifier.unescapedText
    return ["inout", "var", "let"].contains(name) ? identifier.text : name
}

/// `text` as a Swift string literal.
func literal(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
        switch character {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\n": escaped += "\\n"
        default: escaped.unicodeScalars.append(character)
        }
    }
    return "\"\(escaped)\""
}

/// Lines joined, each prefixed with `indent` (elements may hold several lines).
func indented(_ lines: [String], by indent: String) -> String {
    lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        .map { $0.isEmpty ? "" : indent + $0 }
        .joined(separator: "\n")
}

/// An array literal with one element per line (`[]` when empty).
func arrayLiteral(_ elements: [String], indent: String) -> String {
    guard !elements.isEmpty else { return "[]" }
    return "[\n" + elements.map { indent + "    " + $0 + ",\n" }.joined() + indent + "]"
}
