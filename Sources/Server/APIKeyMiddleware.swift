import Hummingbird

/// Requires the configured API key on `/v1` routes, as `Authorization: Bearer <key>` or
/// `X-Api-Key: <key>`, compared in constant time (the time taken does not reveal how much of a
/// guess was right). `/health` and `/metrics` stay open for probes.
struct APIKeyMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The key's bytes.
    let key: [UInt8]

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/v1") else { return try await next(request, context) }
        var offered: Substring?
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" { offered = parts[1] }
        } else if let header = request.headers.first(where: { $0.name.canonicalName == "x-api-key" }) {
            offered = Substring(header.value)
        }
        guard let offered, Self.constantTimeEqual(Array(offered.utf8), key) else { throw OpenAIError.unauthorized }
        return try await next(request, context)
    }

    /// Whether `a` equals `b`, in time that depends only on their lengths.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: a.count ^ b.count)
        for index in 0..<max(a.count, b.count) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= x ^ y
        }
        return difference == 0
    }
}
