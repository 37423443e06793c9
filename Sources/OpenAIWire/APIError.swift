import Foundation
import StructuredDecoding

/// An error as an OpenAI-compatible server reports it: OpenAI's
/// `{"error": {"message", "type", "param", "code"}}`. Read from any of the shapes servers use —
/// the code a string or a number, `{"error": "text"}` (Ollama, some proxies), vLLM's top-level
/// `{"message", "type", "code"}`, or a body that is not JSON at all (its text is the message) —
/// and written in OpenAI's.
///
/// ```swift
/// let error = APIError(body: #"{"error": {"message": "Too long", "code": "context_length_exceeded"}}"#)
/// error.code                 // "context_length_exceeded"
/// APIError(message: "No.", type: "invalid_request_error", param: "n").bodyText
/// // {"error":{"message":"No.","type":"invalid_request_error","param":"n","code":null}}
/// ```
package struct APIError: WireCodable, Equatable {
    /// What went wrong, for a person.
    package var message: String
    /// The error's class (`invalid_request_error`, `rate_limit_error`, `server_error`, ...).
    package var type: String?
    /// The request field at fault (`response_format.json_schema.schema/properties/age`).
    package var param: String?
    /// A machine-readable code (`context_length_exceeded`, `model_not_found`, `404`, ...).
    package var code: String?
    /// The model's context size, when the server said it (llama-server's `n_ctx`).
    package var contextSize: Int?
    /// The tokens the request needed, when the server said it (llama-server's `n_prompt_tokens`).
    package var tokenCount: Int?

    /// An error with these fields.
    package init(
        message: String, type: String? = nil, param: String? = nil, code: String? = nil, contextSize: Int? = nil, tokenCount: Int? = nil
    ) {
        self.message = message
        self.type = type
        self.param = param
        self.code = code
        self.contextSize = contextSize
        self.tokenCount = tokenCount
    }

    /// Reads an error object leniently (a member of the wrong type is left out; the code may be
    /// a number), or a string as the message. Never throws.
    package init(wire field: WireField) {
        if case .string(let text) = field.value {
            self.init(message: text)
            return
        }
        let code = (try? field.member("code")?.string()) ?? (try? field.member("code")?.integer()).map(String.init)
        self.init(
            message: (try? field.member("message")?.string()) ?? "",
            type: try? field.member("type")?.string(),
            param: try? field.member("param")?.string(),
            code: code,
            contextSize: try? field.member("n_ctx")?.integer(),
            tokenCount: try? field.member("n_prompt_tokens")?.integer())
    }

    /// Reads the body of an HTTP error response, whatever its shape.
    package init(body: String) {
        let value = try? JSONValue(parsing: body)
        switch value?["error"] {
        case let envelope? where envelope.stringValue != nil || !envelope.keys.isEmpty || envelope == .object([]):
            self.init(wire: WireField(envelope, path: "error"))
            return
        default:
            break
        }
        if let value, value.stringValue != nil || !value.keys.isEmpty {
            let error = APIError(wire: WireField(value))
            if !error.message.isEmpty {
                self = error
                return
            }
        }
        let text = body.trimmingCharacters(in: .whitespacesAndNewlines)
        self.init(message: text.count > 500 ? String(text.prefix(500)) + "…" : text)
    }

    /// `message`, `type`, `param`, `code` (`null` when unset), then llama-server's `n_ctx` and
    /// `n_prompt_tokens` when set.
    package var wireValue: JSONValue {
        .members([
            ("message", .string(message)), ("type", type.map(JSONValue.string) ?? .null), ("param", param.map(JSONValue.string) ?? .null),
            ("code", code.map(JSONValue.string) ?? .null), ("n_ctx", contextSize.map { .integer($0) }),
            ("n_prompt_tokens", tokenCount.map { .integer($0) }),
        ])
    }

    /// The body of an error response: `{"error": {…}}`.
    package var bodyText: String {
        JSONValue.object([JSONMember("error", wireValue)]).compactText
    }
}
