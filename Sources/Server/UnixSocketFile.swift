#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket file of a server listening on a Unix-domain socket.
enum UnixSocketFile {
    /// Makes the socket readable and writable by its owner only (`0600`): on Linux, connecting
    /// needs write permission on the file, so no other user can reach the server.
    static func restrictToOwner(_ path: String) {
        _ = chmod(path, 0o600)
    }

    /// Removes the socket file, if `path` is still a socket.
    static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFSOCK else { return }
        _ = unlink(path)
    }
}
