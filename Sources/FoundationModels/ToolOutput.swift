/// What a tool returned, in the first beta of Apple's framework.
///
/// Apple removed `ToolOutput` before 26.0: `Tool.call(arguments:)` now returns any
/// `PromptRepresentable` (a `String`, `GeneratedContent`, an array of them, ...). The WWDC25
/// session "Deep dive into the Foundation Models framework" still shows tools returning
/// `ToolOutput("...")`, so the type is kept, deprecated, only so that code written from that
/// session compiles: it is a `PromptRepresentable` like any other tool output. It does not clash
/// with `Transcript.ToolOutput` (the transcript entry), and a `ToolOutput` type of your own
/// shadows it. New code returns the string or content itself.
///
/// ```swift
/// func call(arguments: Arguments) async throws -> String {   // rather than -> ToolOutput
///     "Could not find a contact."                             // rather than ToolOutput("...")
/// }
/// ```
@available(*, deprecated, message: "Removed from Apple's Foundation Models before 26.0: return a String or GeneratedContent from call(arguments:)")
public struct ToolOutput: Sendable, PromptRepresentable {
    /// The output as the model sees it.
    private let prompt: Prompt

    /// An output of text.
    public init(_ string: String) {
        prompt = string.promptRepresentation
    }

    /// An output of structured content.
    public init(_ content: GeneratedContent) {
        prompt = content.promptRepresentation
    }

    /// The output as the model sees it: the text, or the content.
    public var promptRepresentation: Prompt { prompt }
}
