import Glibc

/// Failures of `PseudoTerminal`.
package enum PseudoTerminalError: Error, Sendable, CustomStringConvertible {
    /// Opening or configuring the pseudo-terminal pair failed.
    case openFailed(String, errno: Int32)
    /// posix_spawn failed (e.g. the executable does not exist).
    case spawnFailed(path: String, errno: Int32)
    /// Writing to the terminal failed.
    case writeFailed(errno: Int32)
    /// A wait ran out of time; `screen` is the emulated screen text at that moment.
    case timeout(waitingFor: String, screen: String)

    /// A readable explanation; a timeout includes the whole screen.
    package var description: String {
        switch self {
        case let .openFailed(call, code):
            "pseudo-terminal set-up failed in \(call): \(String(cString: strerror(code)))"
        case let .spawnFailed(path, code):
            "posix_spawn of \(path) failed: \(String(cString: strerror(code)))"
        case let .writeFailed(code):
            "writing to the pseudo-terminal failed: \(String(cString: strerror(code)))"
        case let .timeout(what, screen):
            "timed out waiting for \(what); the screen shows:\n----\n\(screen)\n----"
        }
    }
}
