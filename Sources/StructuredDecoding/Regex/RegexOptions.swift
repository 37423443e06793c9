/// Options that change how a pattern is read.
public struct RegexOptions: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `.` also matches line terminators (ECMAScript's `s` flag).
    public static let dotAll = RegexOptions(rawValue: 1 << 0)

    /// `\d`, `\w`, `\s` use Unicode definitions (Swift `Regex`'s default) instead of ECMAScript's
    /// ASCII ones: `\d` = `\p{Nd}`, `\w` = `[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\u200C\u200D]`,
    /// `\s` = `\p{White_Space}`.
    public static let unicodeCharacterClasses = RegexOptions(rawValue: 1 << 1)
}

/// How a compiled automaton relates the pattern to the whole text.
public enum MatchMode: Hashable, Sendable {
    /// The whole text must match the pattern (Swift's `wholeMatch`, Python's `fullmatch`).
    case wholeMatch
    /// Some substring must match (JSON Schema `pattern`, ECMAScript `test`, Python's `search`):
    /// the automaton accepts `.*` pattern `.*`, where `^` and `$` still pin the text's ends.
    case search
}
