import SwiftDiagnostics
import SwiftSyntax

/// The code `@Generable` writes for an enumeration.
///
/// Without associated values the value is one of the case names (a string enumeration). With
/// associated values in any case, it is an object per case: `type` holds the case name, the
/// associated values follow under their labels (`value`, `value1`, ... when unlabeled):
/// `{"type": "move", "steps": 3}`. A case without associated values is `{"type": "wait"}`.
struct EnumExpansion {
    let name: String
    let cases: [EnumCase]
    let arguments: GenerableArguments
    /// `"public "`, `"package "` or `""`.
    let access: String
    let diagnostics: [Diagnostic]

    init(_ declaration: EnumDeclSyntax, arguments: GenerableArguments) {
        let collected = EnumCase.collect(from: declaration.memberBlock.members)
        self.name = declaration.name.unescapedText
        self.cases = collected.cases
        self.arguments = arguments
        self.access = accessPrefix(for: declaration.modifiers)
        var diagnostics = arguments.diagnostics + collected.diagnostics
        if collected.cases.isEmpty && collected.diagnostics.isEmpty {
            diagnostics.append(Diagnostic(node: declaration.name, message: GenerableDiagnostic.enumWithoutCases(name: name)))
        }
        self.diagnostics = diagnostics
    }

    /// Whether any case carries associated values.
    private var hasAssociatedValues: Bool { cases.contains { !$0.values.isEmpty } }

    var members: [String] {
        [hasAssociatedValues ? objectSchema : stringSchema]
    }

    var extensionMembers: [String] {
        hasAssociatedValues ? [objectInitializer, objectContent] : [stringInitializer, stringContent]
    }

    /// The error thrown for content naming no case (27.0's `GeneratedContent.ParsingError`).
    private func unknownCaseError(_ variable: String) -> String {
        let names = cases.map(\.name).joined(separator: ", ")
        return
            "throw FoundationModels.GeneratedContent.ParsingError(rawContent: content.jsonString, debugDescription: \"'\\(\(variable))' is not a case of \(literal(name).dropFirst().dropLast()) (\(literal(names).dropFirst().dropLast())).\")"
    }

    // MARK: String enumerations

    private var stringSchema: String {
        let choices = cases.map { literal($0.name) }.joined(separator: ", ")
        if let name = arguments.name {
            // A name of its own: only a dynamic schema can carry it.
            return """
                \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                    let root = FoundationModels.DynamicGenerationSchema(name: \(name.trimmedDescription)\(descriptionArgument), anyOf: [\(choices)] as [Swift.String])
                    do {
                        return try FoundationModels.GenerationSchema(root: root, dependencies: [])
                    } catch {
                        return FoundationModels.GenerationSchema(type: Self.self, description: "\\(error)", anyOf: [] as [Swift.String])
                    }
                }
                """
        }
        return """
            \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                FoundationModels.GenerationSchema(type: Self.self\(descriptionArgument), anyOf: [\(choices)])
            }
            """
    }

    private var descriptionArgument: String {
        arguments.description.map { ", description: \($0.trimmedDescription)" } ?? ""
    }

    private var stringInitializer: String {
        let branches = cases.map { "case \(literal($0.name)):\n    self = .\($0.identifier.text)" }
        return """
            \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                let choice = try content.value(Swift.String.self)
                switch choice {
            \(indented(branches, by: "    "))
                default:
                    \(unknownCaseError("choice"))
                }
            }
            """
    }

    private var stringContent: String {
        let branches = cases.map { "case .\($0.identifier.text):\n    FoundationModels.GeneratedContent(kind: .string(\(literal($0.name))))" }
        return """
            \(access)nonisolated var generatedContent: FoundationModels.GeneratedContent {
                switch self {
            \(indented(branches, by: "    "))
                }
            }
            """
    }

    // MARK: Cases with associated values

    private var objectSchema: String {
        let choices = cases.map { enumCase -> String in
            var properties = [
                "FoundationModels.DynamicGenerationSchema.Property(name: \"type\", schema: FoundationModels.DynamicGenerationSchema(type: Swift.String.self, guides: [.constant(\(literal(enumCase.name)))]))"
            ]
            properties += enumCase.values.map { value in
                let optional = value.shape.isOptional ? ", isOptional: true" : ""
                let type: TypeSyntax
                if case .optional(_, let wrapped) = value.shape { type = wrapped } else { type = value.type }
                return "FoundationModels.DynamicGenerationSchema.Property(name: \(literal(value.key)), schema: \(dynamicSchema(type))\(optional))"
            }
            return
                "FoundationModels.DynamicGenerationSchema(name: name + \(literal("." + enumCase.name)), properties: \(arrayLiteral(properties, indent: "        ")))"
        }
        return """
            \(access)nonisolated static var generationSchema: FoundationModels.GenerationSchema {
                let name = \(arguments.name?.trimmedDescription ?? "Swift.String(describing: Self.self)")
                let root = FoundationModels.DynamicGenerationSchema(name: name\(descriptionArgument), anyOf: \(arrayLiteral(choices, indent: "    ")))
                do {
                    return try FoundationModels.GenerationSchema(root: root, dependencies: [])
                } catch {
                    return FoundationModels.GenerationSchema(type: Self.self, description: "\\(error)", anyOf: [] as [any FoundationModels.Generable.Type])
                }
            }
            """
    }

    /// The dynamic schema of an associated value's type: the type's own schema, or a reference
    /// to this enumeration where the type is the enumeration itself (so recursion ends).
    private func dynamicSchema(_ type: TypeSyntax) -> String {
        switch TypeShape(type) {
        case .named(let baseName) where baseName == name || baseName == "Self":
            return "FoundationModels.DynamicGenerationSchema(referenceTo: name)"
        case .array(_, let element) where refersToSelf(element):
            return "FoundationModels.DynamicGenerationSchema(arrayOf: \(dynamicSchema(element)))"
        default:
            return "FoundationModels.DynamicGenerationSchema(type: \(type.trimmedDescription).self)"
        }
    }

    private func refersToSelf(_ type: TypeSyntax) -> Bool {
        switch TypeShape(type) {
        case .named(let baseName): baseName == name || baseName == "Self"
        case .array(_, let element): refersToSelf(element)
        default: false
        }
    }

    private var objectInitializer: String {
        let branches = cases.map { enumCase -> String in
            guard !enumCase.values.isEmpty else { return "case \(literal(enumCase.name)):\n    self = .\(enumCase.identifier.text)" }
            let values = enumCase.values.map { value in
                let read = "content.value(forProperty: \(literal(value.key)))"
                return value.label.map { "\(argumentLabel($0)): \(read)" } ?? read
            }
            return "case \(literal(enumCase.name)):\n    self = try .\(enumCase.identifier.text)(\(values.joined(separator: ", ")))"
        }
        return """
            \(access)nonisolated init(_ content: FoundationModels.GeneratedContent) throws {
                let choice = try content.value(Swift.String.self, forProperty: "type")
                switch choice {
            \(indented(branches, by: "    "))
                default:
                    \(unknownCaseError("choice"))
                }
            }
            """
    }

    private var objectContent: String {
        let branches = cases.map { enumCase -> String in
            let bindings = enumCase.values.indices.map { "let value\($0)" }
            let pattern = bindings.isEmpty ? "" : "(\(bindings.joined(separator: ", ")))"
            let omitsNil = !arguments.writesNil && enumCase.values.contains { $0.shape.isOptional }
            var lines: [String]
            if omitsNil {
                lines = [
                    "var properties: [(Swift.String, any FoundationModels.ConvertibleToGeneratedContent)] = [(\"type\", \(literal(enumCase.name)))]"
                ]
                for (index, value) in enumCase.values.enumerated() {
                    lines.append(
                        value.shape.isOptional
                            ? "if let value\(index) { properties.append((\(literal(value.key)), value\(index))) }"
                            : "properties.append((\(literal(value.key)), value\(index)))")
                }
                lines.append("return FoundationModels.GeneratedContent(properties: properties, uniquingKeysWith: { _, new in new })")
            } else {
                let pairs = ["\"type\": \(literal(enumCase.name))"] + enumCase.values.enumerated().map { "\(literal($1.key)): value\($0)" }
                lines = ["return FoundationModels.GeneratedContent(properties: [\(pairs.joined(separator: ", "))])"]
            }
            return "case .\(enumCase.identifier.text)\(pattern):\n" + indented(lines, by: "    ")
        }
        return """
            \(access)nonisolated var generatedContent: FoundationModels.GeneratedContent {
                switch self {
            \(indented(branches, by: "    "))
                }
            }
            """
    }
}
