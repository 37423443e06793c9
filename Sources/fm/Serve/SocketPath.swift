import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Checks on the path given to `fm serve --socket` before the server binds it.
enum SocketPath {
    /// The longest path a Unix-domain socket address holds (`sun_path` less its terminator).
    static let maximumLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Throws when the path cannot be used: too long, its directory missing, a file that is not a
    /// socket, or a socket another server still answers on. A stale socket is left for the server
    /// to replace.
    static func prepare(_ path: String) throws {
        guard path.utf8.count <= maximumLength else {
            throw CLIError("--socket \(path): the path is longer than \(maximumLength) bytes")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("--socket \(path): the directory \(directory) does not exist")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw CLIError("--socket \(path): the file exists and is not a socket (not replacing it)")
        }
        if isAnswering(path) { throw CLIError("--socket \(path): another server is listening on it") }
    }

    /// Whether a server accepts connections on the socket at `path`.
    static func isAnswering(_ path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0
    }
}
