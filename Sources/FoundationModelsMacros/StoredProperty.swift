import SwiftDiagnostics
import SwiftSyntax

/// A stored instance property of a `@Generable` structure: one generated property.
struct StoredProperty {
    /// The property's identifier as written (backticks kept, for code).
    let identifier: TokenSyntax
    /// The declared type as written.
    let type: TypeSyntax
    /// The declared type's shape.
    let shape: TypeShape
    /// The `@Guide` description, if any.
    let description: ExprSyntax?
    /// The `@Guide` guides, in order.
    let guides: [GuideExpression]

    /// The property's name in schemas and generated content (no backticks).
    var name: String { identifier.unescapedText }

    /// The guides that fit the property's type, as written in its schema's guide list.
    var guideTexts: [String] {
        guides.compactMap { $0.guideText(for: shape) }
    }

    /// The stored properties of `members` in declaration order, with the problems that keep a
    /// property from being generated. Static, computed and lazy properties and `let` constants
    /// with an initial value are not generated and are skipped.
    static func collect(from members: MemberBlockItemListSyntax) -> (properties: [StoredProperty], diagnostics: [Diagnostic]) {
        var properties: [StoredProperty] = []
        var diagnostics: [Diagnostic] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.isGeneratedStorage else { continue }
            let guide = GuideAttribute.all(in: variable.attributes).first
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), !binding.isComputed else { continue }
                if variable.isConstant && binding.initializer != nil { continue }
                // `var a, b: Int` - a binding without its own type takes the next annotated one.
                guard let type = bindings[index...].lazy.compactMap(\.typeAnnotation).first?.type else {
                    diagnostics.append(
                        Diagnostic(node: binding, message: GenerableDiagnostic.missingTypeAnnotation(property: pattern.identifier.unescapedText)))
                    continue
                }
                let shape = TypeShape(type)
                if let reason = shape.unsupportedReason {
                    diagnostics.append(
                        Diagnostic(
                            node: type, message: GenerableDiagnostic.unsupportedType(property: pattern.identifier.unescapedText, reason: reason)))
                    continue
                }
                properties.append(
                    StoredProperty(
                        identifier: pattern.identifier.trimmed, type: type.trimmed, shape: shape,
                        description: bindings.count == 1 ? guide?.description : nil,
                        guides: bindings.count == 1 ? guide?.guides ?? [] : []))
            }
        }
        return (properties, diagnostics)
    }
}

extension VariableDeclSyntax {
    /// Whether the declaration is `let`.
    var isConstant: Bool { bindingSpecifier.tokenKind == .keyword(.let) }

    /// Whether the declaration is `static`/`class`.
    var isStatic: Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
    }

    /// Whether the declaration can hold generated values: an instance property that is not lazy.
    var isGeneratedStorage: Bool {
        !isStatic && !modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
    }
}

extension PatternBindingSyntax {
    /// Whether the binding is computed (a getter, or `get`/`set` accessors) rather than stored
    /// (possibly with `willSet`/`didSet` observers).
    var isComputed: Bool {
        guard let accessors = accessorBlock?.accessors else { return false }
        switch accessors {
        case .getter:
            return true
        case .accessors(let list):
            return list.contains { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): false
                default: true
                }
            }
        }
    }
}
