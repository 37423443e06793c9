/// Why a regular expression could not be parsed or compiled, and where.
///
/// `offset` counts Unicode scalars from the start of the pattern (for ASCII patterns it is the
/// byte offset); errors found while compiling rather than parsing (size limits) carry offset 0.
///
/// ```swift
/// do { _ = try RegexPattern("(?=a)b") } catch {
///     print(error)  // unsupported construct at offset 0: look-ahead `(?=...)`
/// }
/// ```
public struct RegexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// A construct outside the regular languages or outside what we enforce (look-around,
        /// back-references, possessive quantifiers, conditionals, inline options, ...); the
        /// payload names it.
        case unsupported(String)
        /// A backslash followed by a letter or digit that has no meaning, e.g. `\q`.
        case unknownEscape(String)
        /// A malformed escape: bad hex digits, a lone surrogate, a value above U+10FFFF, ...
        case invalidEscape(String)
        /// A pattern that ends with a lone backslash.
        case trailingBackslash
        /// `\p{...}` / `\P{...}` with a name we do not know.
        case unknownProperty(String)
        /// A `(` that is never closed (the offset is the `(`).
        case missingClosingParenthesis
        /// A `)` with no matching `(`.
        case unmatchedClosingParenthesis
        /// A `[` that is never closed (the offset is the `[`).
        case missingClosingBracket
        /// `[]` or `[^]`: ECMAScript reads these as "nothing"/"anything", other dialects as the
        /// start of a class containing `]`; we refuse the ambiguity (write `\]`).
        case ambiguousEmptyClass
        /// A quantifier with nothing (or an anchor, or another quantifier) before it.
        case nothingToRepeat
        /// A class range whose ends are reversed or are not single characters.
        case invalidRange(String)
        /// `{n,m}` with `n > m`.
        case invalidRepetitionBounds(min: Int, max: Int)
        /// A counted repetition above `RegexPattern.maxRepetitionCount`.
        case repetitionTooLarge(count: Int, limit: Int)
        /// Groups nested deeper than `RegexPattern.maxNestingDepth`.
        case nestingTooDeep(limit: Int)
        /// A named group whose name is empty or not an identifier.
        case invalidGroupName(String)
        /// The automaton would need more states than the limit allows.
        case automatonTooLarge(what: String, limit: Int)
        /// Length bounds with `minLength > maxLength` or a negative bound.
        case invalidLengthBounds(min: Int, max: Int?)
    }

    /// What went wrong.
    public let reason: Reason
    /// Where, in Unicode scalars from the start of the pattern.
    public let offset: Int

    /// Creates an error.
    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// A one-line explanation naming the problem and its offset.
    public var description: String {
        switch reason {
        case .unsupported(let what): "unsupported construct at offset \(offset): \(what)"
        case .unknownEscape(let escape): "unknown escape `\(escape)` at offset \(offset)"
        case .invalidEscape(let detail): "invalid escape at offset \(offset): \(detail)"
        case .trailingBackslash: "pattern ends with a lone backslash at offset \(offset)"
        case .unknownProperty(let name): "unknown Unicode property `\(name)` at offset \(offset)"
        case .missingClosingParenthesis: "group opened at offset \(offset) is never closed"
        case .unmatchedClosingParenthesis: "`)` at offset \(offset) has no matching `(`"
        case .missingClosingBracket: "character class opened at offset \(offset) is never closed"
        case .ambiguousEmptyClass:
            "ambiguous `[]` or `[^]` at offset \(offset): write `\\]` for a literal bracket"
        case .nothingToRepeat: "quantifier at offset \(offset) has nothing to repeat"
        case .invalidRange(let detail): "invalid class range at offset \(offset): \(detail)"
        case .invalidRepetitionBounds(let min, let max):
            "repetition {\(min),\(max)} at offset \(offset) has min > max"
        case .repetitionTooLarge(let count, let limit):
            "repetition count \(count) at offset \(offset) exceeds the limit of \(limit)"
        case .nestingTooDeep(let limit): "groups nested deeper than \(limit) at offset \(offset)"
        case .invalidGroupName(let name): "invalid group name `\(name)` at offset \(offset)"
        case .automatonTooLarge(let what, let limit): "\(what) would exceed the limit of \(limit) states"
        case .invalidLengthBounds(let min, let max):
            "invalid length bounds min \(min), max \(max.map(String.init) ?? "none")"
        }
    }
}
