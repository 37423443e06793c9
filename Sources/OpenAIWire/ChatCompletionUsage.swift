import StructuredDecoding

/// `usage`: the tokens a completion read and wrote, with the prompt's tokens taken from the
/// server's cache and the reasoning tokens among the generated ones when the server says.
///
/// ```swift
/// ChatCompletionUsage(promptTokens: 12, completionTokens: 9, cachedTokens: 4).jsonText
/// // {"prompt_tokens":12,"completion_tokens":9,"total_tokens":21,"prompt_tokens_details":{"cached_tokens":4}}
/// ```
package struct ChatCompletionUsage: WireCodable, Equatable {
    /// Tokens of the prompt.
    package var promptTokens: Int?
    /// Tokens generated.
    package var completionTokens: Int?
    /// Both.
    package var totalTokens: Int?
    /// Of the prompt's tokens, those taken from the cache (`prompt_tokens_details.cached_tokens`).
    package var cachedTokens: Int?
    /// Of the generated tokens, the reasoning ones (`completion_tokens_details.reasoning_tokens`).
    package var reasoningTokens: Int?

    /// Counts; `totalTokens` defaults to the sum.
    package init(promptTokens: Int?, completionTokens: Int?, totalTokens: Int? = nil, cachedTokens: Int? = nil, reasoningTokens: Int? = nil) {
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.totalTokens = totalTokens ?? promptTokens.flatMap { prompt in completionTokens.map { prompt + $0 } }
        self.cachedTokens = cachedTokens
        self.reasoningTokens = reasoningTokens
    }

    /// Reads a usage object; every count may be missing.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        promptTokens = try field.member("prompt_tokens")?.integer()
        completionTokens = try field.member("completion_tokens")?.integer()
        totalTokens = try field.member("total_tokens")?.integer()
        cachedTokens = try field.member("prompt_tokens_details")?.object().member("cached_tokens")?.integer()
        reasoningTokens = try field.member("completion_tokens_details")?.object().member("reasoning_tokens")?.integer()
    }

    /// The counts that are set, the details as nested objects.
    package var wireValue: JSONValue {
        .members([
            ("prompt_tokens", promptTokens.map { .integer($0) }),
            ("completion_tokens", completionTokens.map { .integer($0) }),
            ("total_tokens", totalTokens.map { .integer($0) }),
            ("prompt_tokens_details", cachedTokens.map { .object([JSONMember("cached_tokens", .integer($0))]) }),
            ("completion_tokens_details", reasoningTokens.map { .object([JSONMember("reasoning_tokens", .integer($0))]) }),
        ])
    }
}
