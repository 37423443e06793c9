import SwiftSyntax

/// One guide written in `@Guide(...)`, classified by the factory it calls.
///
/// `.range(1...5)`, `GenerationGuide.count(3)` and `GenerationGuide<Int>.minimum(0)` are read by
/// the member name; regex literals (`/.../`, `#/.../#`) and `Regex(...)` / `Regex { ... }` are
/// regexes. Anything else (a guide stored in a constant, say) is `opaque` and passed through
/// unchecked for the compiler to judge.
struct GuideExpression {
    /// What a guide constrains, which decides the property types it fits.
    enum Kind: Equatable {
        /// `.range`, `.minimum`, `.maximum`: numbers.
        case numeric(String)
        /// `.anyOf`, `.constant`, `.pattern`: strings.
        case string(String)
        /// A regex: the whole string matches it.
        case regex
        /// `.count`, `.minimumCount`, `.maximumCount`: an array's length.
        case count(String)
        /// `.element(...)`: every element of an array.
        case element
        /// Not recognizable from its syntax.
        case opaque
    }

    /// The expression as written.
    let expression: ExprSyntax
    /// Its classification.
    let kind: Kind

    init(_ expression: ExprSyntax) {
        self.expression = expression
        self.kind = Self.classify(expression)
    }

    /// How the guide is written for `GenerationSchema.Property`'s guide list: regexes become
    /// `.pattern(regex)` so that every guide is a `GenerationGuide`.
    var guideText: String {
        let text = expression.trimmedDescription
        return kind == .regex ? ".pattern(\(text))" : text
    }

    /// A short name for diagnostics (`.range`, `a regex`).
    var name: String {
        switch kind {
        case .numeric(let name), .string(let name), .count(let name): ".\(name)"
        case .element: ".element"
        case .regex: "a regex"
        case .opaque: "'\(expression.trimmedDescription)'"
        }
    }

    private static func classify(_ expression: ExprSyntax) -> Kind {
        var expression = expression
        if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
        if expression.is(RegexLiteralExprSyntax.self) { return .regex }
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return .opaque }
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.text == "Regex" ? .regex : .opaque
        }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Regex"
        {
            return .regex
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return .opaque }
        if let base = member.base, !Self.namesGenerationGuide(base) { return .opaque }
        let name = member.declName.baseName.text
        switch name {
        case "range", "minimum", "maximum": return .numeric(name)
        case "anyOf", "constant", "pattern": return .string(name)
        case "count", "minimumCount", "maximumCount": return .count(name)
        case "element": return .element
        default: return .opaque
        }
    }

    /// Whether `base` is `GenerationGuide`, `FoundationModels.GenerationGuide`, or one of them
    /// specialized (`GenerationGuide<Int>`).
    private static func namesGenerationGuide(_ base: ExprSyntax) -> Bool {
        var base = base
        if let generic = base.as(GenericSpecializationExprSyntax.self) { base = generic.expression }
        if let reference = base.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == "GenerationGuide" }
        if let member = base.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text == "GenerationGuide" }
        return false
    }
}

/// How a guide applies to a property of some type.
enum GuideFit: Equatable {
    /// To the value itself.
    case direct
    /// To each element of an array (`@Guide(.anyOf([...])) var tags: [String]`).
    case perElement
    /// Not at all, with the reason.
    case mismatch(String)
}

extension GuideExpression {
    /// How this guide applies to a value of shape `shape` (optionality removed first).
    func fit(_ shape: TypeShape) -> GuideFit {
        let shape = shape.unwrapped
        switch (kind, shape) {
        case (.opaque, _), (_, .named), (_, .unsupported):
            return .direct
        case (.count, .array), (.element, .array):
            return .direct
        case (.count, _), (.element, _):
            return .mismatch("\(name) applies to arrays, not to \(shape.phrase)")
        case (.numeric, .scalar(.integer)), (.numeric, .scalar(.floatingPoint)):
            return .direct
        case (.string, .scalar(.string)), (.regex, .scalar(.string)):
            return .direct
        case (_, .array(let element, _)):
            switch fit(element) {
            case .direct: return .perElement
            case .perElement: return .mismatch("\(name) applies to the elements of arrays of scalars, not to arrays of arrays")
            case .mismatch(let reason): return .mismatch(reason)
            }
        case (.numeric, _):
            return .mismatch("\(name) applies to Int, Float, Double and Decimal values, not to \(shape.phrase)")
        case (.string, _), (.regex, _):
            return .mismatch("\(name) applies to String values, not to \(shape.phrase)")
        }
    }

    /// The guide as written in a property's guide list for a value of shape `shape`, or `nil`
    /// when it does not fit (the `@Guide` macro reports that).
    func guideText(for shape: TypeShape) -> String? {
        switch fit(shape) {
        case .direct: guideText
        case .perElement: ".element(\(guideText))"
        case .mismatch: nil
        }
    }
}
