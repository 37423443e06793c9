import Foundation
import Hummingbird
import OpenAIWire

/// An error in OpenAI's shape — `{"error": {"message", "type", "param", "code"}}` — with the
/// HTTP status it is sent with. Validation failures are 4xx and name the field at fault in
/// `param`, so a client can fix the request instead of retrying it.
///
/// ```swift
/// throw OpenAIError.invalidRequest("`n` must be 1: one choice per request", param: "n")
/// ```
public struct OpenAIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// What is wrong, for a person.
    public var message: String
    /// The error's class: `invalid_request_error`, `authentication_error`, `not_found_error`,
    /// `rate_limit_error`, `server_error`.
    public var type: String
    /// The request field at fault (`messages[2].content`, `response_format.json_schema.schema/properties/tags/contains`).
    public var param: String?
    /// A machine-readable code (`context_length_exceeded`, `model_not_found`, ...).
    public var code: String?
    /// Seconds after which a retry may succeed (sent as `Retry-After`).
    public var retryAfter: Int?

    /// An error.
    public init(
        status: HTTPResponse.Status, message: String, type: String, param: String? = nil, code: String? = nil,
        retryAfter: Int? = nil
    ) {
        self.status = status
        self.message = message
        self.type = type
        self.param = param
        self.code = code
        self.retryAfter = retryAfter
    }

    /// The message.
    public var description: String { message }

    /// 400: the request cannot be honoured as written.
    public static func invalidRequest(_ message: String, param: String? = nil, code: String? = nil) -> OpenAIError {
        OpenAIError(status: .badRequest, message: message, type: "invalid_request_error", param: param, code: code)
    }

    /// 401: the API key is missing or wrong.
    public static let unauthorized = OpenAIError(
        status: .unauthorized, message: "Missing or invalid API key: send `Authorization: Bearer <key>` or `X-Api-Key: <key>`.",
        type: "authentication_error", code: "invalid_api_key")

    /// 404: no such model.
    public static func modelNotFound(_ name: String) -> OpenAIError {
        OpenAIError(
            status: .notFound, message: "The model `\(name)` does not exist on this server; GET /v1/models lists it.",
            type: "invalid_request_error", param: "model", code: "model_not_found")
    }

    /// 503: a model the server names but cannot run here (Apple's `pcc` on Linux), in Apple's
    /// words: `Model 'pcc' is unavailable: <reason>`.
    public static func modelUnavailable(_ name: String, reason: String) -> OpenAIError {
        OpenAIError(
            status: .serviceUnavailable, message: "Model '\(name)' is unavailable: \(reason)", type: "service_unavailable",
            param: "model", code: "model_unavailable")
    }

    /// 404: no such route.
    public static func routeNotFound(_ method: HTTPRequest.Method, _ path: String) -> OpenAIError {
        OpenAIError(status: .notFound, message: "No route for \(method) \(path).", type: "invalid_request_error", code: "unknown_url")
    }

    /// 429: the queue is full.
    public static func queueFull(capacity: Int, retryAfter: Int) -> OpenAIError {
        OpenAIError(
            status: .tooManyRequests,
            message: "The server is busy: \(capacity) requests are already waiting. Retry after \(retryAfter) s.",
            type: "rate_limit_error", code: "queue_full", retryAfter: retryAfter)
    }

    /// 413: the body is larger than the server accepts.
    public static func bodyTooLarge(limit: Int) -> OpenAIError {
        OpenAIError(
            status: .contentTooLarge, message: "The request body exceeds the limit of \(limit) bytes.",
            type: "invalid_request_error", code: "request_too_large")
    }

    /// 503: the model is loading, or cannot be loaded.
    public static func unavailable(_ message: String) -> OpenAIError {
        OpenAIError(status: .serviceUnavailable, message: message, type: "server_error", code: "model_unavailable", retryAfter: 5)
    }

    /// 500: the model failed while answering.
    public static func server(_ message: String) -> OpenAIError {
        OpenAIError(status: .internalServerError, message: message, type: "server_error")
    }

    /// A 400 for a body that does not read as the protocol's types, naming the field
    /// (`` `messages[0].role` is required ``, `` `temperature` must be a number ``).
    init(_ error: WireDecodingError) {
        self = .invalidRequest(error.message, param: error.path)
    }

    /// The JSON body: `{"error": {"message", "type", "param", "code"}}`.
    var body: Data {
        Data(APIError(message: message, type: type, param: param, code: code).bodyText.utf8)
    }
}
