import SwiftDiagnostics
import SwiftSyntax

/// The arguments of `@Generable(name:description:representNilExplicitlyInGeneratedContent:)`.
struct GenerableArguments {
    /// The schema name given with `name:` (the type's name is used otherwise).
    var name: ExprSyntax?
    /// The type's description as written.
    var description: ExprSyntax?
    /// The explicit-nil flag, when given.
    var representNilExplicitly: Bool?
    /// Problems with the arguments.
    var diagnostics: [Diagnostic] = []

    init(_ attribute: AttributeSyntax) {
        guard case .argumentList(let arguments) = attribute.arguments else { return }
        for argument in arguments {
            switch argument.label?.text {
            case "name":
                name = argument.expression
            case "description":
                description = argument.expression
            case "representNilExplicitlyInGeneratedContent":
                if let literal = argument.expression.as(BooleanLiteralExprSyntax.self) {
                    representNilExplicitly = literal.literal.tokenKind == .keyword(.true)
                } else {
                    diagnostics.append(Diagnostic(node: argument.expression, message: GenerableDiagnostic.nonLiteralExplicitNil))
                }
            default:
                break
            }
        }
    }

    /// Whether absent optionals are written as `null` in generated content.
    var writesNil: Bool { representNilExplicitly ?? false }

    /// The schema initializer's leading arguments after `type: Self.self`:
    /// `, description: ...` and `, representNilExplicitlyInGeneratedContent: ...` when given.
    var schemaArguments: String {
        var text = ""
        if let description { text += ", description: \(description.trimmedDescription)" }
        if let representNilExplicitly { text += ", representNilExplicitlyInGeneratedContent: \(representNilExplicitly)" }
        return text
    }
}

/// The access level the generated members need to satisfy `Generable` for a type of `modifiers`.
func accessPrefix(for modifiers: DeclModifierListSyntax) -> String {
    for modifier in modifiers {
        switch modifier.name.tokenKind {
        case .keyword(.public), .keyword(.open): return "public "
        case .keyword(.package): return "package "
        default: continue
        }
    }
    return ""
}
