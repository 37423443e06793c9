import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Generable` and `@Guide` to the `FoundationModels` module.
@main
struct FoundationModelsMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [GenerableMacro.self, GuideMacro.self]
}
