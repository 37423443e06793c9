import SwiftDiagnostics
import SwiftSyntax

/// One case of a `@Generable` enumeration.
struct EnumCase {
    /// One associated value: its key in generated content and its type.
    struct Value {
        /// The label as written (`nil` when unlabeled).
        let label: TokenSyntax?
        /// The key in generated content: the label, or `value`, `value1`, ... when unlabeled.
        let key: String
        let type: TypeSyntax
        let shape: TypeShape
    }

    /// The case's identifier as written (backticks kept, for code).
    let identifier: TokenSyntax
    /// The associated values, in order (empty for a plain case).
    let values: [Value]

    /// The case's name in schemas and generated content.
    var name: String { identifier.unescapedText }

    /// The cases of `members` in declaration order, with the problems that keep them from being
    /// generated.
    static func collect(from members: MemberBlockItemListSyntax) -> (cases: [EnumCase], diagnostics: [Diagnostic]) {
        var cases: [EnumCase] = []
        var diagnostics: [Diagnostic] = []
        for member in members {
            guard let declaration = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in declaration.elements {
                let name = element.name.unescapedText
                if cases.contains(where: { $0.name == name }) {
                    diagnostics.append(Diagnostic(node: element.name, message: GenerableDiagnostic.overloadedCase(name: name)))
                    continue
                }
                var values: [Value] = []
                var unlabeled = 0
                for parameter in element.parameterClause?.parameters ?? [] {
                    let label = parameter.firstName.flatMap { $0.tokenKind == .wildcard ? nil : $0 }
                    let key: String
                    if let label {
                        key = label.unescapedText
                    } else {
                        key = unlabeled == 0 ? "value" : "value\(unlabeled)"
                        unlabeled += 1
                    }
                    if key == "type" {
                        diagnostics.append(Diagnostic(node: parameter, message: GenerableDiagnostic.reservedAssociatedValueLabel(caseName: name)))
                    } else if values.contains(where: { $0.key == key }) {
                        diagnostics.append(
                            Diagnostic(node: parameter, message: GenerableDiagnostic.duplicateAssociatedValueLabel(caseName: name, label: key)))
                    }
                    let shape = TypeShape(parameter.type)
                    if let reason = shape.unsupportedReason {
                        diagnostics.append(
                            Diagnostic(node: parameter.type, message: GenerableDiagnostic.unsupportedType(property: "\(name).\(key)", reason: reason))
                        )
                    }
                    values.append(Value(label: label?.trimmed, key: key, type: parameter.type.trimmed, shape: shape))
                }
                cases.append(EnumCase(identifier: element.name.trimmed, values: values))
            }
        }
        return (cases, diagnostics)
    }
}
