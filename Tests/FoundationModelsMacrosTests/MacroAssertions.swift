import Testing

/// Compiles `source` with the real compiler and plugin and checks that `@Generable` wrote
/// exactly `member` into the type and `extension` after it, and that the result type-checks
/// against this build's `FoundationModels` (no error from the compiler or the macros).
func assertExpansion(
    _ source: String,
    member: String,
    extension: String,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = try MacroCompiler.compile(source)
    #expect(result.errors.isEmpty, "the expansion does not compile:\n\(result.output)", sourceLocation: sourceLocation)
    #expect(result.expansions(.member) == [member], sourceLocation: sourceLocation)
    #expect(result.expansions(.extension) == [`extension`], sourceLocation: sourceLocation)
}
