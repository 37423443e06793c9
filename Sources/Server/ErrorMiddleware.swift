import FMSupport
import Foundation
import Hummingbird

/// Turns every failure into OpenAI's error shape — route not found (404), body too large
/// (413), validation (400), queue full (429 with `Retry-After`), model failures — and records
/// each request's status and duration.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServerMetrics

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let route = Self.route(of: request.uri.path)
        let response: Response
        do {
            response = try await next(request, context)
        } catch let error as OpenAIError {
            response = Self.response(for: error)
        } catch let error as HTTPError {
            switch error.status {
            case .notFound: response = Self.response(for: .routeNotFound(request.method, request.uri.path))
            case .contentTooLarge:
                response = Self.response(
                    for: OpenAIError(
                        status: .contentTooLarge, message: error.body ?? "The body is too large",
                        type: "invalid_request_error"))
            case .methodNotAllowed:
                response = Self.response(
                    for: OpenAIError(
                        status: .methodNotAllowed, message: "\(request.method) is not allowed on \(request.uri.path)",
                        type: "invalid_request_error"))
            default:
                response = Self.response(
                    for: OpenAIError(
                        status: error.status, message: error.body ?? "\(error.status)",
                        type: error.status.code < 500 ? "invalid_request_error" : "server_error"))
            }
        } catch is CancellationError {
            response = Self.response(for: OpenAIError(status: .init(code: 499), message: "The client closed the request", type: "server_error"))
        } catch {
            response = Self.response(for: .server("\(error)"))
        }
        metrics.request(route: route, status: response.status.code, seconds: (ContinuousClock.now - start).seconds)
        return response
    }

    /// The route a path belongs to, for metrics (bounded label values).
    static func route(of path: String) -> String {
        switch path {
        case "/v1/chat/completions", "/v1/models", "/health", "/metrics": path
        case _ where path.hasPrefix("/v1/models/"): "/v1/models/{id}"
        default: "other"
        }
    }

    /// The HTTP response of an error.
    static func response(for error: OpenAIError) -> Response {
        var headers: HTTPFields = [.contentType: "application/json"]
        if let retry = error.retryAfter { headers[.retryAfter] = String(retry) }
        if error.status == .unauthorized { headers[.wwwAuthenticate] = "Bearer" }
        return Response(status: error.status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: error.body)))
    }
}
