import GenerableMacros
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros under test, with the conformance the compiler asks `@Generable` to add.
let testMacros: [String: MacroSpec] = [
    "Generable": MacroSpec(type: GenerableMacro.self, conformances: ["FoundationModels.Generable"]),
    "Guide": MacroSpec(type: GuideMacro.self),
]

/// Expands `source` with the real macros and checks the expansion and the diagnostics,
/// reporting differences as Swift Testing issues at the caller.
func assertExpansion(
    _ source: String,
    expandedSource: String,
    diagnostics: [DiagnosticSpec] = [],
    macros: [String: MacroSpec] = testMacros,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertMacroExpansion(
        source,
        expandedSource: expandedSource,
        diagnostics: diagnostics,
        macroSpecs: macros,
        indentationWidth: .spaces(4),
        failureHandler: { failure in
            Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
        }
    )
}
