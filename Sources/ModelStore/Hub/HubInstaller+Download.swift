import AsyncHTTPClient
import Foundation
import Kernels
import NIOCore
import NIOHTTP1

extension HubInstaller {
    /// Downloads `url` into `part` until it holds `file.size` bytes whose SHA-256 is
    /// `file.sha256`. An existing part is hashed first and resumed with
    /// `Range: bytes=<size>-`; a server that answers `200` instead of `206` (or `416`) gets
    /// the download started again from the first byte. A cut connection or a full disk keeps
    /// the part for the next run; a part of the wrong size or checksum is deleted.
    func download(
        _ url: String, to part: URL, file: HubFile, repository: String, http: HubHTTP, progress: (HubProgress) -> Void
    ) async throws(HubInstallError) {
        let output = try PartFile(path: part.path)
        do {
            try await download(url, into: output, file: file, repository: repository, http: http, progress: progress)
        } catch {
            if PartFile.size(of: part.path) == 0 { unlink(part.path) } // an empty part is no progress to keep
            throw error
        }
    }

    private func download(
        _ url: String, into output: PartFile, file: HubFile, repository: String, http: HubHTTP, progress: (HubProgress) -> Void
    ) async throws(HubInstallError) {
        let part = URL(fileURLWithPath: output.path)
        var hash = SHA256()
        var have = output.size
        if have > file.size {
            try output.truncate()
            have = 0
        }
        if have > 0 {
            progress(.resuming(path: part.path, bytes: have, total: file.size))
            try PartFile.hash(part.path, count: have, into: &hash)
        }
        var restarts = 0
        while have < file.size {
            let response = try await http.send(.GET, url, headers: have > 0 ? [("Range", "bytes=\(have)-")] : [], followAbsoluteRedirects: true)
            let code = response.status.code
            let resumes = code == 206 && Self.contentRangeStart(response.headers.first(name: "Content-Range")) == have
            if !(code == 200 || resumes) {
                guard code == 206 || code == 416, restarts == 0 else {
                    throw await http.failure(response, url: url, repository: repository, path: file.path)
                }
                await HubHTTP.drain(response)
            }
            if !resumes, have > 0 || code != 200 {
                progress(
                    .restarting(
                        reason: code == 200 ? "the server sent the whole file instead of the range" : "the server refused the range (HTTP \(code))"))
                try output.truncate()
                have = 0
                hash = SHA256()
                restarts += 1
                if code != 200 { continue }
            }
            have = try await receive(response, into: output, from: have, hash: &hash, file: file, url: url, progress: progress)
        }
        try output.finish()
        let digest = SHA256.hex(hash.finalize())
        if have != file.size || (file.sha256 != nil && digest != file.sha256) {
            unlink(part.path)
            if have != file.size { throw .sizeMismatch(path: part.path, expected: file.size, actual: have) }
            throw .checksumMismatch(path: part.path, expected: file.sha256 ?? "", actual: digest)
        }
    }

    /// Streams one response's body into the part; returns the bytes the part now holds.
    private func receive(
        _ response: HTTPClientResponse, into output: PartFile, from start: Int64, hash: inout SHA256, file: HubFile, url: String,
        progress: (HubProgress) -> Void
    ) async throws(HubInstallError) -> Int64 {
        var have = start
        var reported = start
        let step = max(file.size / 100, 1 << 20)
        do {
            for try await buffer in response.body {
                try buffer.withUnsafeReadableBytes { bytes in
                    try output.append(bytes)
                    hash.update(bytes)
                }
                have += Int64(buffer.readableBytes)
                if have > file.size {
                    try? output.finish()
                    unlink(output.path)
                    throw HubInstallError.sizeMismatch(path: output.path, expected: file.size, actual: have)
                }
                if have - reported >= step || have == file.size {
                    progress(.downloading(bytes: have, total: file.size))
                    reported = have
                }
            }
        } catch let error as HubInstallError {
            throw error
        } catch {
            throw .network(url: url, detail: "\(HubHTTP.describe(error)) after \(have) of \(file.size) bytes", partial: output.path)
        }
        guard have == file.size else {
            throw .network(url: url, detail: "the connection ended after \(have) of \(file.size) bytes", partial: output.path)
        }
        return have
    }

    /// The first byte of a `Content-Range: bytes <first>-<last>/<total>` header.
    static func contentRangeStart(_ header: String?) -> Int64? {
        guard let header, header.hasPrefix("bytes ") else { return nil }
        return header.dropFirst(6).split(separator: "-").first.flatMap { Int64($0) }
    }
}
