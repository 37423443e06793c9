import Foundation

/// An error as an OpenAI-compatible server reports it, read from any of the shapes servers use:
/// OpenAI's `{"error": {"message", "type", "param", "code"}}` (the code a string or a number),
/// `{"error": "text"}` (Ollama, some proxies), vLLM's top-level `{"message", "type", "code"}`,
/// or a body that is not JSON at all (its text is the message).
///
/// ```swift
/// let error = ServerError(body: #"{"error": {"message": "Too long", "code": "context_length_exceeded"}}"#)
/// error.code   // "context_length_exceeded"
/// ```
struct ServerError: Decodable, Equatable {
    /// What went wrong, for a person.
    var message: String
    /// The error's class (`invalid_request_error`, `rate_limit_error`, `server_error`, ...).
    var type: String?
    /// The request field at fault (`response_format.json_schema.schema/properties/age`).
    var param: String?
    /// A machine-readable code (`context_length_exceeded`, `model_not_found`, `404`, ...).
    var code: String?
    /// The model's context size, when the server said it (llama-server's `n_ctx`).
    var contextSize: Int?
    /// The tokens the request needed, when the server said it (llama-server's `n_prompt_tokens`).
    var tokenCount: Int?

    /// The keys of an error object.
    private enum Keys: String, CodingKey {
        case message, type, param, code, error
        case contextSize = "n_ctx", tokenCount = "n_prompt_tokens"
    }

    /// An error with these fields.
    init(
        message: String, type: String? = nil, param: String? = nil, code: String? = nil,
        contextSize: Int? = nil, tokenCount: Int? = nil
    ) {
        self.message = message
        self.type = type
        self.param = param
        self.code = code
        self.contextSize = contextSize
        self.tokenCount = tokenCount
    }

    /// Reads an error object, or a string as the message.
    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            self.init(message: text)
            return
        }
        let container = try decoder.container(keyedBy: Keys.self)
        let code = (try? container.decode(String.self, forKey: .code)) ?? (try? container.decode(Int.self, forKey: .code)).map(String.init)
        self.init(
            message: (try? container.decode(String.self, forKey: .message)) ?? "",
            type: try? container.decode(String.self, forKey: .type),
            param: try? container.decode(String.self, forKey: .param),
            code: code,
            contextSize: try? container.decode(Int.self, forKey: .contextSize),
            tokenCount: try? container.decode(Int.self, forKey: .tokenCount))
    }

    /// Reads the body of an HTTP error response.
    init(body: String) {
        /// `{"error": …}`.
        struct Envelope: Decodable {
            var error: ServerError?
        }
        let data = Data(body.utf8)
        if let envelope = try? JSONDecoder().decode(Envelope.self, from: data), let error = envelope.error {
            self = error
        } else if let error = try? JSONDecoder().decode(ServerError.self, from: data), !error.message.isEmpty {
            self = error
        } else {
            let text = body.trimmingCharacters(in: .whitespacesAndNewlines)
            self.init(message: text.count > 500 ? String(text.prefix(500)) + "…" : text)
        }
    }

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
