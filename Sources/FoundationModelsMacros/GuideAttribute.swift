import SwiftSyntax

/// The contents of a `@Guide(description:_:)` attribute: an optional description and the guides.
struct GuideAttribute {
    /// The attribute itself, for diagnostics.
    let attribute: AttributeSyntax
    /// The `description:` argument as written.
    let description: ExprSyntax?
    /// The unlabeled guide arguments, in order.
    let guides: [GuideExpression]

    init(_ attribute: AttributeSyntax) {
        self.attribute = attribute
        var description: ExprSyntax?
        var guides: [GuideExpression] = []
        if case .argumentList(let arguments) = attribute.arguments {
            for argument in arguments {
                if argument.label?.text == "description" {
                    description = argument.expression
                } else {
                    guides.append(GuideExpression(argument.expression))
                }
            }
        }
        self.description = description
        self.guides = guides
    }

    /// The `@Guide` attributes among `attributes` (spelled `Guide` or `FoundationModels.Guide`).
    static func all(in attributes: AttributeListSyntax) -> [GuideAttribute] {
        attributes.compactMap { element in
            guard case .attribute(let attribute) = element, isGuide(attribute.attributeName) else { return nil }
            return GuideAttribute(attribute)
        }
    }

    private static func isGuide(_ name: TypeSyntax) -> Bool {
        if let identifier = name.as(IdentifierTypeSyntax.self) { return identifier.name.text == "Guide" }
        if let member = name.as(MemberTypeSyntax.self) {
            return member.name.text == "Guide" && member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "FoundationModels"
        }
        return false
    }
}

extension TokenSyntax {
    /// The identifier without the backticks that make a keyword usable as a name.
    var unescapedText: String {
        let text = self.text
        guard text.count >= 2, text.first == "`", text.last == "`" else { return text }
        return String(text.dropFirst().dropLast())
    }
}
