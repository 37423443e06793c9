import Foundation

/// Fails closed on what a remote server returns: a remote server may not enforce
/// `response_format` or tool parameters (or enforce an older JSON Schema dialect), so the
/// response text is checked against the request's schema, and each tool call against its
/// tool's parameters, before the session sees them as complete. Both are checked with Apple's
/// meaning (`WireSchema`: a pattern guide matches the whole string), against the very document
/// the server was sent.
///
/// ```swift
/// let check = ResponseCheck(schema: WireSchema(Drink.generationSchema), tools: [], endpoint: endpoint)
/// try check.checkText(#"{"name": "Latte", "shots": 9}"#, cutOff: false)   // throws GeneratedContent.ParsingError
/// ```
struct ResponseCheck {
    /// The schema the response text must follow, `nil` for free text.
    let schema: WireSchema?
    /// The tools the step offered.
    let tools: [EncodedRequestDetails.Tool]
    /// The endpoint, for messages.
    let endpoint: String

    /// Checks the whole response text against the schema (nothing to check without one).
    ///
    /// - Throws: `GeneratedContent.ParsingError` naming the problem and showing the text;
    ///   `cutOff` adds that the response stopped at `max_tokens`.
    func checkText(_ text: String, cutOff: Bool) throws {
        guard let schema, let problem = schema.validationProblem(forJSON: text) else { return }
        var message = "The response from \(endpoint) does not follow the requested schema (\(problem))"
        message +=
            cutOff
            ? "; it was cut off at the token limit (finish_reason length)"
            : "; the server may not enforce `response_format`"
        throw RemoteFailure.parsingError(message + ": " + Self.shown(text), rawContent: text)
    }

    /// Checks a tool call: the tool was offered, and the arguments (an empty text counts as
    /// `{}`) follow its parameters.
    ///
    /// - Throws: `GeneratedContent.ParsingError` naming the call and the tool.
    func checkCall(id: String, name: String, arguments: String) throws {
        guard let tool = tools.first(where: { $0.name == name }) else {
            let offered = tools.isEmpty ? "none" : tools.map(\.name).joined(separator: ", ")
            throw RemoteFailure.parsingError(
                "\(endpoint) called the tool \"\(name)\" (call \(id)), which was not offered; the tools offered: \(offered).",
                rawContent: arguments)
        }
        let json = arguments.allSatisfy(\.isWhitespace) ? "{}" : arguments
        if let problem = tool.parameters.validationProblem(forJSON: json) {
            throw RemoteFailure.parsingError(
                "The arguments of the call \(id) to the tool \(name) from \(endpoint) do not follow the tool's parameters (\(problem)): "
                    + Self.shown(json), rawContent: json)
        }
    }

    /// `text` for a message: at most 300 characters.
    static func shown(_ text: String) -> String {
        text.count > 300 ? String(text.prefix(300)) + "…" : text
    }
}
