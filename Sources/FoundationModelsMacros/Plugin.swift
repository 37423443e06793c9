import GenerableMacros
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Generable` and `@Guide` to the `FoundationModels` module.
///
/// The expansions live in the `GenerableMacros` library; the
/// compiler finds a macro by the plugin's module and the type's name
/// (`#externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")`), so this module
/// declares the two types under those names and forwards to the library.
@main
struct FoundationModelsMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [GenerableMacro.self, GuideMacro.self]
}

/// `@Generable`: `GenerableMacros.GenerableMacro` under the name `FoundationModels` declares.
public struct GenerableMacro: MemberMacro, ExtensionMacro {
    /// The members (see `GenerableMacros.GenerableMacro`).
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try GenerableMacros.GenerableMacro.expansion(
            of: node, providingMembersOf: declaration, conformingTo: protocols, in: context)
    }

    /// The conformance extension (see `GenerableMacros.GenerableMacro`).
    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try GenerableMacros.GenerableMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
}

/// `@Guide`: `GenerableMacros.GuideMacro` under the name `FoundationModels` declares.
public struct GuideMacro: PeerMacro {
    /// Diagnostics only (see `GenerableMacros.GuideMacro`).
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try GenerableMacros.GuideMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
