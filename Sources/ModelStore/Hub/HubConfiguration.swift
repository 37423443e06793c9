/// Where the Hub is and who asks: the endpoint (`HF_ENDPOINT`, default
/// `https://huggingface.co`) and an access token (`HF_TOKEN`, sent as
/// `Authorization: Bearer …`). A value: the executables read the environment and pass it in.
///
/// ```swift
/// let hub = HubConfiguration(environment: ProcessInfo.processInfo.environment)  // in an executable
/// ```
package struct HubConfiguration: Sendable, Hashable {
    /// The Hub's public endpoint.
    package static let defaultEndpoint = "https://huggingface.co"

    /// The endpoint, without a trailing slash.
    package let endpoint: String
    /// The access token, if any.
    package let token: String?

    /// A configuration for `endpoint` with `token`.
    package init(endpoint: String = defaultEndpoint, token: String? = nil) {
        var endpoint = endpoint
        while endpoint.hasSuffix("/") { endpoint.removeLast() }
        self.endpoint = endpoint
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The configuration an environment names with `HF_ENDPOINT` and `HF_TOKEN` (empty values
    /// are ignored). The library never reads the process environment: executables pass theirs.
    package init(environment: [String: String]) {
        let endpoint = environment["HF_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultEndpoint
        self.init(endpoint: endpoint, token: environment["HF_TOKEN"])
    }

    /// The tree listing of `repository` at `revision`, every folder included.
    func treeURL(_ repository: String, revision: String) -> String {
        "\(endpoint)/api/models/\(repository)/tree/\(Self.escape(revision))?recursive=true"
    }

    /// The download URL of `path` in `repository` at `revision` (answered with a redirect to
    /// a CDN for LFS files).
    func resolveURL(_ repository: String, revision: String, path: String) -> String {
        "\(endpoint)/\(repository)/resolve/\(Self.escape(revision))/\(path.split(separator: "/").map { Self.escape(String($0)) }.joined(separator: "/"))"
    }

    /// Percent-escapes a path component (RFC 3986's unreserved characters stay).
    static func escape(_ component: String) -> String {
        var out = ""
        for byte in component.utf8 {
            let c = Character(Unicode.Scalar(byte))
            if c.isASCII, c.isLetter || c.isNumber || "-._~".contains(c) {
                out.append(c)
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
