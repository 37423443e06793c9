import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@Generable`: conforms a struct or an enum to `Generable`.
///
/// For a structure it writes the schema (properties in declaration order, with their `@Guide`
/// descriptions and guides), `init(_: GeneratedContent)`, `generatedContent`, the streaming
/// mirror `PartiallyGenerated` (every property optional, `Identifiable` by a `GenerationID`)
/// and `asPartiallyGenerated()`. For an enumeration without associated values the schema is a
/// choice between the case names; with associated values it is a choice between one object per
/// case, told apart by a `type` property:
///
/// ```swift
/// @Generable(description: "A cat")
/// struct Cat {
///     @Guide(description: "A cute name") var name: String
///     @Guide(.range(0...20)) var age: Int
/// }
///
/// @Generable
/// enum Encounter {
///     case orderCoffee(String)                     // {"type": "orderCoffee", "value": "..."}
///     case wantToTalkToManager(complaint: String)  // {"type": "wantToTalkToManager", "complaint": "..."}
/// }
/// ```
///
/// Every name the expansion introduces is written in full (`FoundationModels.GeneratedContent`,
/// `Swift.String`), so types of the user's own named like ours do not change its meaning.
public struct GenerableMacro: MemberMacro, ExtensionMacro {
    /// The members: `generationSchema`, and for structures `PartiallyGenerated` and
    /// `asPartiallyGenerated()`. Reports every problem with the declaration; adds nothing then.
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let model = GenerableModel(node, declaration) else {
            context.diagnose(Diagnostic(node: node, message: GenerableDiagnostic.unsupportedDeclaration(kind: declarationKind(declaration))))
            return []
        }
        for diagnostic in model.diagnostics { context.diagnose(diagnostic) }
        guard model.diagnostics.isEmpty else { return [] }
        return model.members.map { DeclSyntax(stringLiteral: $0) }
    }

    /// The `Generable` conformance (when the type does not state it) with `init(_:)` and
    /// `generatedContent`; nothing when the member expansion reported problems.
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        // Problems are reported once, by the member expansion.
        guard let model = GenerableModel(node, declaration), model.diagnostics.isEmpty else { return [] }
        let conformance = protocols.isEmpty ? "" : ": FoundationModels.Generable"
        let body = model.extensionMembers.joined(separator: "\n\n")
        let source: DeclSyntax = "extension \(type.trimmed)\(raw: conformance) {\n\(raw: body)\n}"
        guard let extensionDecl = source.as(ExtensionDeclSyntax.self) else { return [] }
        return [extensionDecl]
    }

    /// What the declaration is, for the diagnostic on unsupported ones.
    private static func declarationKind(_ declaration: some DeclGroupSyntax) -> String {
        switch declaration.kind {
        case .classDecl: "a class"
        case .actorDecl: "an actor"
        case .protocolDecl: "a protocol"
        case .extensionDecl: "an extension"
        default: "this declaration"
        }
    }
}

/// A `@Generable` declaration analysed: the code to emit, or the problems that prevent it.
enum GenerableModel {
    case structure(StructExpansion)
    case enumeration(EnumExpansion)

    /// Analyses `declaration`; `nil` for declarations that are neither structs nor enums.
    init?(_ attribute: AttributeSyntax, _ declaration: some DeclGroupSyntax) {
        let arguments = GenerableArguments(attribute)
        if let structure = declaration.as(StructDeclSyntax.self) {
            self = .structure(StructExpansion(structure, arguments: arguments))
        } else if let enumeration = declaration.as(EnumDeclSyntax.self) {
            self = .enumeration(EnumExpansion(enumeration, arguments: arguments))
        } else {
            return nil
        }
    }

    var diagnostics: [Diagnostic] {
        switch self {
        case .structure(let expansion): expansion.diagnostics
        case .enumeration(let expansion): expansion.diagnostics
        }
    }

    /// Declarations added inside the type.
    var members: [String] {
        switch self {
        case .structure(let expansion): expansion.members
        case .enumeration(let expansion): expansion.members
        }
    }

    /// Declarations added in the conformance extension.
    var extensionMembers: [String] {
        switch self {
        case .structure(let expansion): expansion.extensionMembers
        case .enumeration(let expansion): expansion.extensionMembers
        }
    }
}
