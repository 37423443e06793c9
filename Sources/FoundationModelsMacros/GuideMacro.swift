import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Guide`: describes and constrains a property of a `@Generable` type.
///
/// The attribute adds no code of its own; `@Generable` reads it when it writes the schema. This
/// macro checks where the attribute is and that its guides fit the property's type, so that a
/// misplaced or mismatched guide is a compile-time error instead of a schema that fails later:
///
/// ```swift
/// @Guide(description: "Age in years", .range(0...20)) var age: Int   // fine
/// @Guide(.range(0...20)) var name: String                           // error: .range on a String
/// ```
public struct GuideMacro: PeerMacro {
    /// Adds nothing; reports a misplaced attribute or guides that do not fit the property.
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        for diagnostic in diagnose(node, on: declaration) { context.diagnose(diagnostic) }
        return []
    }

    /// The problems with `attribute` on `declaration`.
    static func diagnose(_ attribute: AttributeSyntax, on declaration: some DeclSyntaxProtocol) -> [Diagnostic] {
        guard let variable = declaration.as(VariableDeclSyntax.self) else {
            return [Diagnostic(node: attribute, message: GenerableDiagnostic.guideNotOnProperty)]
        }
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else {
            return [Diagnostic(node: attribute, message: GenerableDiagnostic.guideOnMultipleBindings)]
        }
        let name = pattern.identifier.unescapedText
        if variable.isStatic {
            return [Diagnostic(node: attribute, message: GenerableDiagnostic.guideOnStaticProperty(property: name))]
        }
        if binding.isComputed {
            return [Diagnostic(node: attribute, message: GenerableDiagnostic.guideOnComputedProperty(property: name))]
        }
        if variable.isConstant && binding.initializer != nil {
            return [Diagnostic(node: attribute, message: GenerableDiagnostic.guideOnInitializedConstant(property: name))]
        }
        // A missing annotation or an unsupported type is reported by @Generable, once.
        guard let type = binding.typeAnnotation?.type else { return [] }
        let shape = TypeShape(type)
        return GuideAttribute(attribute).guides.compactMap { guide in
            guard case .mismatch(let reason) = guide.fit(shape) else { return nil }
            return Diagnostic(node: guide.expression, message: GenerableDiagnostic.guideMismatch(guide: guide.name, property: name, reason: reason))
        }
    }
}
