import SwiftDiagnostics

/// The errors `@Generable` and `@Guide` report instead of expanding to code that cannot work.
///
/// Every message names the declaration at fault and says what to do instead.
enum GenerableDiagnostic: DiagnosticMessage {
    case unsupportedDeclaration(kind: String)
    case missingTypeAnnotation(property: String)
    case unsupportedType(property: String, reason: String)
    case nonLiteralExplicitNil
    case guideNotOnProperty
    case guideOnStaticProperty(property: String)
    case guideOnComputedProperty(property: String)
    case guideOnInitializedConstant(property: String)
    case guideOnMultipleBindings
    case guideMismatch(guide: String, property: String, reason: String)
    case enumWithoutCases(name: String)
    case overloadedCase(name: String)
    case reservedAssociatedValueLabel(caseName: String)
    case duplicateAssociatedValueLabel(caseName: String, label: String)

    var message: String {
        switch self {
        case .unsupportedDeclaration(let kind):
            "@Generable can only be applied to a struct or an enum, not to \(kind)"
        case .missingTypeAnnotation(let property):
            "'\(property)' needs an explicit type annotation for @Generable to know its schema"
        case .unsupportedType(let property, let reason):
            "'\(property)' cannot be generated: its type is \(reason)"
        case .nonLiteralExplicitNil:
            "'representNilExplicitlyInGeneratedContent' must be the literal 'true' or 'false'"
        case .guideNotOnProperty:
            "@Guide can only be applied to a stored property of a @Generable type"
        case .guideOnStaticProperty(let property):
            "@Guide cannot be applied to the static property '\(property)'; only instance properties are generated"
        case .guideOnComputedProperty(let property):
            "@Guide cannot be applied to the computed property '\(property)'; only stored properties are generated"
        case .guideOnInitializedConstant(let property):
            "@Guide cannot be applied to '\(property)', a 'let' with an initial value that the model cannot set; make it a 'var' or remove the initial value"
        case .guideOnMultipleBindings:
            "@Guide must be applied to a declaration of a single property"
        case .guideMismatch(let guide, let property, let reason):
            "The guide \(guide) does not fit '\(property)': \(reason)"
        case .enumWithoutCases(let name):
            "@Generable enum '\(name)' has no cases; the model could not generate any value"
        case .overloadedCase(let name):
            "@Generable cannot tell apart several cases named '\(name)'; give them distinct names"
        case .reservedAssociatedValueLabel(let caseName):
            "The case '\(caseName)' has an associated value labeled 'type', which @Generable uses to tell cases apart; rename it"
        case .duplicateAssociatedValueLabel(let caseName, let label):
            "The case '\(caseName)' has two associated values named '\(label)' in generated content; label them distinctly"
        }
    }

    var diagnosticID: MessageID {
        MessageID(domain: "FoundationModelsMacros", id: "\(self)".prefix { $0 != "(" }.description)
    }

    var severity: DiagnosticSeverity { .error }
}
