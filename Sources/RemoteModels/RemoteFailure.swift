import AsyncHTTPClient
import FMSupport
import Foundation
import FoundationModels
import OpenAIWire

/// How the remote model's failures become the errors a session's caller can act on: Apple
/// 27.0's `LanguageModelError` where 27.0 has a case for them, and the types 27.0 throws for
/// 26.x's `GenerationError.assetsUnavailable` and `.decodingFailure`:
/// `SystemLanguageModel.Error.assetsUnavailable` and `GeneratedContent.ParsingError`. Every
/// message names the endpoint, the HTTP status and the server's own words (type, code, param,
/// message).
///
/// | Failure | Error |
/// |---|---|
/// | 400/413, or an error event, saying the context is exceeded (`context_length_exceeded`, …) | `LanguageModelError.contextSizeExceeded` (the server's figures) |
/// | 413 (the conversation is larger than the server accepts) | `LanguageModelError.contextSizeExceeded` |
/// | 429, or `rate_limit_error` | `LanguageModelError.rateLimited` (`resetDate` from `Retry-After`) |
/// | the request's deadline passed, or HTTP 504 (a gateway's model timed out) | `LanguageModelError.timeout` |
/// | other 4xx whose `param` is in `response_format` or `tools` | `LanguageModelError.unsupportedGenerationGuide` |
/// | 401, 403 (API key), 404 (model or URL), 408, 5xx, no connection | `SystemLanguageModel.Error.assetsUnavailable` |
/// | other 4xx, an error event mid-stream, a stream that is not chat completions | `GeneratedContent.ParsingError` |
///
/// Cancellation is never mapped: a cancelled task sees `CancellationError`.
enum RemoteFailure {
    /// The error for a server that asks the client to slow down; `resetDate` is when it said
    /// to come back (`Retry-After`), `nil` when it did not say.
    static func rateLimited(_ message: String, retryAfter: Duration?, now: Date = Date()) -> any Error & Sendable {
        let text = retryAfter.map { message + " (retry after \(RetryAfter.phrase($0)))" } ?? message
        let resetDate = retryAfter.map { now.addingTimeInterval($0.seconds) }
        return LanguageModelError.rateLimited(.init(resetDate: resetDate, debugDescription: text))
    }

    /// The error for a request that did not finish within its deadline.
    static func timedOut(_ message: String) -> any Error & Sendable {
        LanguageModelError.timeout(.init(debugDescription: message))
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
        let status = status ?? 0
        if server.isContextLengthExceeded, status == 0 || (400..<500).contains(status) {
            return contextSizeExceeded(text, server: server)
        }
        switch status {
        case 413: return contextSizeExceeded(text, server: server)
        case 429: return rateLimited(text, retryAfter: delay)
        case 504: return timedOut(text)
        case 401, 403, 404, 408, 500...: return unavailable(text)
        default: break
        }
        if server.type == "rate_limit_error" || server.code == "rate_limit_exceeded" { return rateLimited(text, retryAfter: delay) }
        if server.code == "model_unavailable" { return unavailable(text) }
        if server.concernsSchemaOrTools {
            return LanguageModelError.unsupportedGenerationGuide(
                .init(schemaName: nil, debugDescription: text, metadata: ["param": server.param ?? ""]))
        }
        return parsingError(text, rawContent: server.message)
    }

    /// The error for a conversation the server's context cannot hold, with the server's figures
    /// (0 for a figure it did not give).
    static func contextSizeExceeded(_ message: String, server: ServerError) -> LanguageModelError {
        let figures = server.contextFigures
        return .contextSizeExceeded(.init(contextSize: figures.contextSize, tokenCount: figures.tokenCount, debugDescription: message))
    }

    /// The error for a failure to send the request or read the response: cancellation stays
    /// `CancellationError`, errors already mapped stay as they are, anything else (no
    /// connection, time-out, connection lost) is `SystemLanguageModel.Error.assetsUnavailable`
    /// naming what happened.
    ///
    /// `whileStreaming`: the response had begun, so a lost connection cut the answer short.
    static func transportError(_ error: any Error, endpoint: String, timeout: Duration, whileStreaming: Bool = false) -> any Error {
        if error is CancellationError || Task.isCancelled { return CancellationError() }
        if error is any FrameworkError { return error }
        let what: String
        switch error as? HTTPClientError {
        case .deadlineExceeded?: return timedOut("\(endpoint) did not finish the response within the request timeout (\(timeout))")
        case .readTimeout?: what = "sent nothing for longer than the client's read timeout"
        case .connectTimeout?: what = "could not be connected to in time"
        case .remoteConnectionClosed?: what = "closed the connection before the response was complete"
        case .cancelled?: return CancellationError()
        default: what = whileStreaming ? "cut the stream before the response was complete (\(error))" : "could not be reached: \(error)"
        }
        return unavailable("\(endpoint) \(what)")
    }

    /// The error for a model that cannot be reached or cannot serve: `message` says why.
    static func unavailable(_ message: String) -> SystemLanguageModel.Error {
        .assetsUnavailable(.init(debugDescription: message))
    }

    /// The error for output that cannot be read: `message` says why, `rawContent` is the text.
    static func parsingError(_ message: String, rawContent: String) -> GeneratedContent.ParsingError {
        GeneratedContent.ParsingError(rawContent: rawContent, debugDescription: message)
    }
}
