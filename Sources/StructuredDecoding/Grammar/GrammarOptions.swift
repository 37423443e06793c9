/// How a `Grammar` spells the JSON it accepts around the values themselves.
public struct GrammarOptions: Hashable, Sendable {
    /// Whitespace and separators between JSON tokens.
    public enum Whitespace: Hashable, Sendable {
        /// Apple's `GeneratedContent.jsonString` layout: members and elements separated by `", "`,
        /// keys by `": "`, and no other whitespace anywhere. The default for generation.
        case appleCompact
        /// Any JSON whitespace (space, tab, newline, carriage return) between tokens, at most
        /// `maxRun` bytes in one run, so generation cannot loop on blanks. For validating
        /// arbitrary instances.
        case flexible(maxRun: Int)
    }

    /// The whitespace policy.
    public var whitespace: Whitespace

    /// Options; Apple's compact layout by default.
    public init(whitespace: Whitespace = .appleCompact) {
        self.whitespace = whitespace
    }

    /// Apple's compact layout (generation).
    public static let appleCompact = GrammarOptions(whitespace: .appleCompact)

    /// Flexible whitespace, runs of at most `maxRun` bytes (validation).
    public static func flexible(maxRun: Int = 64) -> GrammarOptions { GrammarOptions(whitespace: .flexible(maxRun: maxRun)) }
}
