import AsyncHTTPClient
import FoundationModels

/// How the remote model's failures become `LanguageModelSession.GenerationError`, the errors a
/// session's caller can act on. Every message names the endpoint, the HTTP status and the
/// server's own words (type, code, param, message).
///
/// | Failure | Error |
/// |---|---|
/// | 400/413, or an error event, saying the context is exceeded (`context_length_exceeded`, …) | `exceededContextWindowSize` |
/// | 413 (the conversation is larger than the server accepts) | `exceededContextWindowSize` |
/// | 429, or `rate_limit_error` | `rateLimited` (with the `Retry-After` delay) |
/// | the request's deadline passed | `assetsUnavailable` (a time-out) |
/// | 401, 403 (API key), 404 (model or URL), 408, 5xx, no connection | `assetsUnavailable` |
/// | other 4xx whose `param` is in `response_format` or `tools` | `unsupportedGuide` |
/// | other 4xx, an error event mid-stream, a stream that is not chat completions | `decodingFailure` |
///
/// Cancellation is never mapped: a cancelled task sees `CancellationError`.
///
/// The cases Apple's 27.0 API types more precisely — a rate limit with its reset date
/// (`LanguageModelError.rateLimited`), a time-out (`LanguageModelError.timeout`) — are built in
/// one place each (`rateLimited(_:retryAfter:)`, `timedOut(_:)`), so switching them to the
/// 27.0 errors is a change there alone.
enum RemoteFailure {
    /// The error for a server that asks the client to slow down, after `retryAfter` when it
    /// said (`Retry-After`). The delay is in the message; 27.0's
    /// `LanguageModelError.RateLimited(resetDate:)` would carry `now + retryAfter`.
    static func rateLimited(_ message: String, retryAfter: Duration?) -> any Error & Sendable {
        let text = retryAfter.map { message + " (retry after \(RetryAfter.phrase($0)))" } ?? message
        return LanguageModelSession.GenerationError.rateLimited(.init(debugDescription: text))
    }

    /// The error for a request that did not finish within its deadline (27.0:
    /// `LanguageModelError.timeout`).
    static func timedOut(_ message: String) -> any Error & Sendable {
        LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: message))
    }

    /// The error for a response with a non-2xx `status`, or (`status == nil`) an error event in
    /// a stream that had started.
    static func generationError(
        status: Int?, server: ServerError, endpoint: String,
        retryAfter: String? = nil
    ) -> any Error & Sendable {
        let source = status.map { "\(endpoint) answered HTTP \($0)" } ?? "\(endpoint) failed while streaming"
        let text = source + server.qualifiers + ": " + (server.message.isEmpty ? "(no message)" : server.message)
        let delay = retryAfter.flatMap { RetryAfter.delay($0) }
        let context = LanguageModelSession.GenerationError.Context(debugDescription: text)
        let status = status ?? 0
        if server.isContextLengthExceeded, status == 0 || (400..<500).contains(status) {
            return LanguageModelSession.GenerationError.exceededContextWindowSize(context)
        }
        switch status {
        case 413: return LanguageModelSession.GenerationError.exceededContextWindowSize(context)
        case 429: return rateLimited(text, retryAfter: delay)
        case 401, 403, 404, 408, 500...: return LanguageModelSession.GenerationError.assetsUnavailable(context)
        default: break
        }
        if server.type == "rate_limit_error" || server.code == "rate_limit_exceeded" { return rateLimited(text, retryAfter: delay) }
        if server.code == "model_unavailable" { return LanguageModelSession.GenerationError.assetsUnavailable(context) }
        if server.concernsSchemaOrTools { return LanguageModelSession.GenerationError.unsupportedGuide(context) }
        return LanguageModelSession.GenerationError.decodingFailure(context)
    }

    /// The error for a failure to send the request or read the response: cancellation stays
    /// `CancellationError`, errors already mapped stay as they are, anything else (no
    /// connection, time-out, connection lost) is `assetsUnavailable` naming what happened.
    ///
    /// `whileStreaming`: the response had begun, so a lost connection cut the answer short.
    static func transportError(_ error: any Error, endpoint: String, timeout: Duration, whileStreaming: Bool = false) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if error is LanguageModelSession.GenerationError { return error }
        let what: String
        switch error as? HTTPClientError {
        case .deadlineExceeded?: return timedOut("\(endpoint) did not finish the response within the request timeout (\(timeout))")
        case .readTimeout?: what = "sent nothing for longer than the client's read timeout"
        case .connectTimeout?: what = "could not be connected to in time"
        case .remoteConnectionClosed?: what = "closed the connection before the response was complete"
        case .cancelled?: return CancellationError()
        default: what = whileStreaming ? "cut the stream before the response was complete (\(error))" : "could not be reached: \(error)"
        }
        return LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: "\(endpoint) \(what)"))
    }

    /// A `decodingFailure` with `message`.
    static func decodingFailure(_ message: String) -> LanguageModelSession.GenerationError {
        .decodingFailure(.init(debugDescription: message))
    }
}
