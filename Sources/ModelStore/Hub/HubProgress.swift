import Foundation

/// A step of a Hub install worth showing to the user; `fm model install` prints each one.
package enum HubProgress: Sendable, Equatable, CustomStringConvertible {
    /// Reading the repository's file list.
    case listing(repository: String)
    /// The file the quantization tag picked, and its size.
    case chosen(path: String, size: Int64)
    /// The installed file was verified; nothing to do.
    case alreadyInstalled(URL)
    /// An installed file failed verification and is being replaced (it stays until the new
    /// one is verified).
    case replacing(URL, reason: String)
    /// A part from an earlier run is being checked and resumed from `bytes`.
    case resuming(path: String, bytes: Int64, total: Int64)
    /// The download starts again from the first byte.
    case restarting(reason: String)
    /// `bytes` of `total` are on disk.
    case downloading(bytes: Int64, total: Int64)
    /// Verifying a file's SHA-256.
    case verifying(path: String)
    /// Installed at the URL.
    case installed(URL)

    /// A one-line message.
    package var description: String {
        switch self {
        case let .listing(repository): "listing the files of \(repository)"
        case let .chosen(path, size): "picked \(path) (\(Self.mebibytes(size)) MiB)"
        case let .alreadyInstalled(url): "already installed and verified: \(url.path)"
        case let .replacing(url, reason): "reinstalling \(url.path): \(reason)"
        case let .resuming(path, bytes, total): "resuming \(path) at \(Self.mebibytes(bytes)) of \(Self.mebibytes(total)) MiB"
        case let .restarting(reason): "starting the download again: \(reason)"
        case let .downloading(bytes, total):
            "downloaded \(Self.mebibytes(bytes)) of \(Self.mebibytes(total)) MiB (\(bytes * 100 / max(total, 1))%)"
        case let .verifying(path): "verifying sha256 of \(path)"
        case let .installed(url): "installed \(url.path)"
        }
    }

    static func mebibytes(_ bytes: Int64) -> String {
        String(format: "%.1f", Double(bytes) / 1_048_576)
    }
}
