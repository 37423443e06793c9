import Foundation
import OpenAIWire

/// An error body as an OpenAI-compatible server sent it (`OpenAIWire.APIError`, read from any
/// of the shapes servers use), under the name the remote model's failures use.
///
/// ```swift
/// let error = ServerError(body: #"{"error": {"message": "Too long", "code": "context_length_exceeded"}}"#)
/// error.isContextLengthExceeded   // true
/// ```
typealias ServerError = APIError

/// What the remote model reads from a server's error: whether it is about the context, the
/// figures it gives, whether it concerns the schema or tools.
extension APIError {
    /// Whether the error says the conversation does not fit the model's context.
    var isContextLengthExceeded: Bool {
        if code == "context_length_exceeded" || type == "exceed_context_size_error" { return true }
        let text = message.lowercased()
        return ["maximum context length", "context length", "context window", "context size"].contains { text.contains($0) }
    }

    /// The context size and the tokens the request needed, for a context-length error: the
    /// server's fields when it sent them (llama-server), else read from its message — OpenAI and
    /// vLLM write "maximum context length is 4096 tokens. However, you requested 5000 tokens",
    /// `fm serve` "takes 5000 tokens … in the context of 4096". 0 for what no server said.
    var contextFigures: (contextSize: Int, tokenCount: Int) {
        func number(after phrases: [String]) -> Int? {
            for phrase in phrases {
                guard let range = message.range(of: phrase, options: .caseInsensitive) else { continue }
                let digits = message[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber }
                if let value = Int(digits) { return value }
            }
            return nil
        }
        let size = contextSize ?? number(after: ["maximum context length is", "context length is", "in the context of", "context of"])
        let tokens = tokenCount ?? number(after: ["you requested", "requested", "the prompt takes", "needed"])
        return (size ?? 0, tokens ?? 0)
    }

    /// Whether the error is about the request's schema or tools.
    var concernsSchemaOrTools: Bool {
        guard let param else { return false }
        return param.hasPrefix("response_format") || param.hasPrefix("tools")
    }

    /// Type, code and parameter, for a message: `(invalid_request_error, code model_not_found, param model)`.
    var qualifiers: String {
        let parts = [type, code.map { "code \($0)" }, param.map { "param \($0)" }].compactMap { $0 }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
