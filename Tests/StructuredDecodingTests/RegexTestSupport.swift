import StructuredDecoding

@testable import StructuredDecoding

/// Compiles `pattern` and reports whether it accepts `text` (UTF-8, whole match by default).
func regexAccepts(
    _ pattern: String, _ text: String, mode: MatchMode = .wholeMatch, options: RegexOptions = []
) throws -> Bool {
    try RegexPattern(pattern, options: options).compile(AutomatonOptions(mode: mode)).matches(text)
}

/// The error `RegexPattern(pattern)` throws, or `nil` if it parses.
func regexError(_ pattern: String) -> RegexError? {
    do {
        _ = try RegexPattern(pattern)
        return nil
    } catch {
        return error
    }
}
