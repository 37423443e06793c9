import Glibc

/// Why `RawTerminal.open(environment:)` or a terminal operation failed.
package enum RawTerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Standard input and/or standard output is not a terminal (e.g. piped or under CI).
    case notATerminal(stdin: Bool, stdout: Bool)
    /// Another `RawTerminal` is open and has not been restored yet.
    case alreadyOpen
    /// A system call failed with `errno`.
    case systemCall(String, errno: Int32)

    /// A readable explanation.
    package var description: String {
        switch self {
        case let .notATerminal(stdin, stdout):
            "not a terminal (stdin is a tty: \(stdin), stdout is a tty: \(stdout))"
        case .alreadyOpen:
            "a RawTerminal is already open"
        case let .systemCall(name, code):
            "\(name) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}
