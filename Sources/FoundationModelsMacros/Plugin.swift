import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides `@Generable` and `@Guide` to the `FoundationModels` module.
///
/// The compiler finds a macro by the plugin's module and the type's name
/// (`#externalMacro(module: "FoundationModelsMacros", type: "GenerableMacro")`). This is the
/// only target that links swift-syntax, and a macro target is built for the host alone: a
/// library target of its own would also be built for the destination (`swift build` builds
/// every target), compiling swift-syntax a second time.
@main
struct FoundationModelsMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        GenerableMacro.self, GuideMacro.self, SessionPropertyEntryMacro.self, SessionPropertyEntryDefaultValueMacro.self,
    ]
}
