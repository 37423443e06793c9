import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@SessionPropertyEntry`: declares a custom session property in an extension of
/// `SessionPropertyValues`, with its key written for you (Apple 27.0).
///
/// ```swift
/// extension SessionPropertyValues {
///     @SessionPropertyEntry var mood: String = "calm"
/// }
/// // expands to accessors reading and writing `self[__Key_mood.self]`, and
/// // struct __Key_mood: SessionPropertyKey { static var defaultValue: String { "calm" } }
/// ```
public struct SessionPropertyEntryMacro: AccessorMacro, PeerMacro {
    /// The property's name, type and default value, or a diagnostic.
    private static func entry(
        of declaration: some DeclSyntaxProtocol, node: AttributeSyntax, in context: some MacroExpansionContext
    )
        -> (name: String, type: String, value: String)?
    {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else {
            context.diagnose(Diagnostic(node: node, message: SessionPropertyEntryDiagnostic.notAProperty))
            return nil
        }
        guard let initializer = binding.initializer?.value else {
            context.diagnose(Diagnostic(node: binding, message: SessionPropertyEntryDiagnostic.noDefaultValue(name)))
            return nil
        }
        let type = binding.typeAnnotation?.type.trimmedDescription
        guard let type else {
            context.diagnose(Diagnostic(node: binding, message: SessionPropertyEntryDiagnostic.noType(name)))
            return nil
        }
        return (name, type, initializer.trimmedDescription)
    }

    /// Accessors reading and writing the key's value.
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let entry = entry(of: declaration, node: node, in: context) else { return [] }
        return [
            "get { self[__Key_\(raw: entry.name).self] }",
            "set { self[__Key_\(raw: entry.name).self] = newValue }",
        ]
    }

    /// The key type, whose default value is the property's initializer.
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let entry = quietEntry(of: declaration) else { return [] }
        return [
            """
            private struct __Key_\(raw: entry.name): FoundationModels.SessionPropertyKey {
                static var defaultValue: \(raw: entry.type) { \(raw: entry.value) }
            }
            """
        ]
    }

    /// The entry without diagnostics (the accessor expansion reports them).
    private static func quietEntry(of declaration: some DeclSyntaxProtocol) -> (name: String, type: String, value: String)? {
        guard let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let value = binding.initializer?.value, let type = binding.typeAnnotation?.type
        else { return nil }
        return (name, type.trimmedDescription, value.trimmedDescription)
    }
}

/// `@__SessionPropertyEntryDefaultValue`: makes a stored default value a computed one (a helper
/// of Apple's expansion of `@SessionPropertyEntry`; ours writes the getter directly).
public struct SessionPropertyEntryDefaultValueMacro: AccessorMacro {
    /// A getter returning the property's initializer.
    public static func expansion(
        of node: AttributeSyntax, providingAccessorsOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [AccessorDeclSyntax] {
        guard let binding = declaration.as(VariableDeclSyntax.self)?.bindings.first, let value = binding.initializer?.value else {
            return []
        }
        return ["get { \(value.trimmed) }"]
    }
}

/// Misuse of `@SessionPropertyEntry`.
enum SessionPropertyEntryDiagnostic: DiagnosticMessage {
    case notAProperty
    case noDefaultValue(String)
    case noType(String)

    var message: String {
        switch self {
        case .notAProperty: "@SessionPropertyEntry applies to a `var` in an extension of SessionPropertyValues"
        case .noDefaultValue(let name): "@SessionPropertyEntry property '\(name)' needs a default value (`= ...`)"
        case .noType(let name): "@SessionPropertyEntry property '\(name)' needs an explicit type (`: Type`)"
        }
    }

    var diagnosticID: MessageID {
        MessageID(domain: "FoundationModelsMacros", id: "\(self)")
    }

    var severity: DiagnosticSeverity { .error }
}
