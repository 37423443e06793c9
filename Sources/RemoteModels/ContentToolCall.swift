import Foundation
@_spi(Serving) import FoundationModels

/// A tool call a server returned as the message's content instead of in `tool_calls`: bare
/// JSON `{"name": "checkStock", "arguments": {…}}` (or `"parameters"`), optionally inside
/// `<tool_call>…</tool_call>`. Small models often write their call so, and servers whose parser
/// expects the chat template's markup (llama-server) pass it on as text.
///
/// It counts as a call only when it names a tool that was offered (the one named, when
/// `tool_choice` named one); its arguments are then checked like any call's.
///
/// ```swift
/// ContentToolCall(text: #"{"name": "getWeather", "arguments": {"city": "Paris"}}"#, offered: ["getWeather"], choice: .auto)
/// // name "getWeather", arguments {"city":"Paris"}
/// ```
struct ContentToolCall {
    /// The tool called.
    let name: String
    /// The arguments' JSON text.
    let arguments: String

    /// The call `text` is, or `nil` when it is not the call of an offered tool.
    init?(text: String, offered: [String], choice: LanguageModelExecutorGenerationRequest.ToolChoice) {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix(Self.open) {
            body = String(body.dropFirst(Self.open.count))
            if body.hasSuffix(Self.close) { body = String(body.dropLast(Self.close.count)) }
            body = body.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard body.hasPrefix("{"), let json = try? GeneratedContent(json: body),
            case .structure(let members, _) = json.kind,
            let name = members["name"]?.stringValue, offered.contains(name)
        else { return nil }
        if case .named(let required) = choice, required != name { return nil }
        let arguments = members["arguments"] ?? members["parameters"]
        switch arguments?.kind {
        case nil: self.arguments = "{}"
        case .string(let text): self.arguments = text
        case .structure?: self.arguments = arguments!.jsonString
        default: return nil
        }
        self.name = name
    }

    /// Whether text that begins as `text` may turn out to be such a call.
    static func mayStart(_ text: String) -> Bool {
        let start = text.drop { $0.isWhitespace }
        return start.isEmpty || start.hasPrefix("{") || start.hasPrefix(open) || open.hasPrefix(start)
    }

    /// The markup Qwen's and Hermes-style templates wrap a call in.
    static let open = "<tool_call>"
    static let close = "</tool_call>"
}
