import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

extension HubInstaller {
    /// What `HEAD {endpoint}/{repo}/resolve/{revision}/{file}` tells about a file.
    struct FileMetadata: Equatable {
        /// The commit the revision points at (`X-Repo-Commit`), to pin the download to.
        var commit: String?
        /// The SHA-256 of an LFS file (`X-Linked-Etag`, else `ETag`, when it is one).
        var sha256: String?
        /// The size (`X-Linked-Size`, else `Content-Length`).
        var size: Int64?
    }

    /// Every file of the repository at the reference's revision, following the listing's
    /// pages (`Link: <…>; rel="next"`).
    func listFiles(_ reference: HubReference, http: HubHTTP) async throws(HubInstallError) -> [HubFile] {
        var next: String? = configuration.treeURL(reference.repository, revision: reference.revision)
        var files: [HubFile] = []
        var pages = 0
        while let url = next, pages < 100 {
            pages += 1
            let response = try await http.send(.GET, url, followAbsoluteRedirects: true)
            guard response.status == .ok else {
                throw await http.failure(response, url: url, repository: reference.repository, path: nil)
            }
            let body: ByteBuffer
            do { body = try await response.body.collect(upTo: 32 << 20) } catch {
                throw .network(url: url, detail: HubHTTP.describe(error), partial: nil)
            }
            do {
                files += try HubFile.listing(from: Array(buffer: body))
            } catch {
                throw .badListing(repository: reference.repository, detail: "\(error)")
            }
            next = response.headers.first(name: "Link").flatMap(Self.nextPage).flatMap {
                URL(string: $0, relativeTo: URL(string: url))?.absoluteString
            }
        }
        return files
    }

    /// The `rel="next"` target of a `Link` header.
    static func nextPage(_ link: String) -> String? {
        for part in link.split(separator: ",") where part.contains("rel=\"next\"") {
            guard let open = part.firstIndex(of: "<"), let close = part.firstIndex(of: ">"), open < close else { continue }
            return String(part[part.index(after: open)..<close])
        }
        return nil
    }

    /// Asks the Hub about one file without following the redirect to the CDN, as
    /// huggingface_hub does: a gated or missing file is refused here, before any part exists.
    func head(_ reference: HubReference, _ file: HubFile, http: HubHTTP) async throws(HubInstallError) -> FileMetadata {
        let url = configuration.resolveURL(reference.repository, revision: reference.revision, path: file.path)
        let response = try await http.send(.HEAD, url, followAbsoluteRedirects: false)
        guard response.status == .ok || (300..<400).contains(response.status.code) else {
            throw await http.failure(response, url: url, repository: reference.repository, path: file.path)
        }
        let headers = response.headers
        let etag = (headers.first(name: "X-Linked-Etag") ?? headers.first(name: "ETag")).map(Self.unquote)
        let isSHA256 = etag.map { $0.count == 64 && $0.allSatisfy(\.isHexDigit) } ?? false
        let size = (headers.first(name: "X-Linked-Size") ?? headers.first(name: "Content-Length")).flatMap { Int64($0) }
        return FileMetadata(commit: headers.first(name: "X-Repo-Commit"), sha256: isSHA256 ? etag?.lowercased() : nil, size: size)
    }

    /// An entity tag without `W/` and quotes.
    static func unquote(_ tag: String) -> String {
        var tag = Substring(tag)
        if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
        return String(tag.trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
    }
}
