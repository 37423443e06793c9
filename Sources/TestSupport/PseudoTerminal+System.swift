import Foundation
import Glibc

extension PseudoTerminal {
    // asm-generic ioctl numbers (x86_64, arm64); Glibc does not import these macros into Swift.
    private static let getPtyNumber: UInt = 0x8004_5430 // TIOCGPTN
    private static let setPtyLock: UInt = 0x4004_5431 // TIOCSPTLCK
    private static let spawnSetSID: Int32 = 0x80 // POSIX_SPAWN_SETSID (glibc)

    /// Unlocks the slave of `master` (unlockpt) and returns its path (ptsname).
    static func unlockSlave(of master: Int32) throws -> String {
        var unlock: Int32 = 0
        guard ioctl(master, setPtyLock, &unlock) == 0 else { throw PseudoTerminalError.openFailed("TIOCSPTLCK", errno: errno) }
        var number: UInt32 = 0
        guard ioctl(master, getPtyNumber, &number) == 0 else { throw PseudoTerminalError.openFailed("TIOCGPTN", errno: errno) }
        return "/dev/pts/\(number)"
    }

    static func setWindowSize(_ fd: Int32, columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(fd, UInt(TIOCSWINSZ), &size) == 0 else { throw PseudoTerminalError.openFailed("TIOCSWINSZ", errno: errno) }
    }

    /// posix_spawn in a new session whose stdin/stdout/stderr are the slave opened by
    /// path (so it becomes the controlling terminal), with default signal handling.
    static func spawn(_ path: String, arguments: [String], environment: [String: String], slavePath: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signalNumber in [
            SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGWINCH, SIGTSTP, SIGTTIN, SIGTTOU,
            SIGUSR1, SIGUSR2, SIGALRM,
        ] {
            sigaddset(&defaults, signalNumber)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([path] + arguments).map { strdup($0) }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv + [nil], envp + [nil])
        guard result == 0 else { throw PseudoTerminalError.spawnFailed(path: path, errno: result) }
        return pid
    }

    /// Reads the master until end of file / EIO (all slave descriptors closed) or a stop request.
    static func readLoop(master: Int32, output: PseudoTerminalOutput) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        defer { output.state.withLock { $0.readerFinished = true } }
        while !output.state.withLock({ $0.stopRequested }) {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 50)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count > 0 {
                output.append(buffer[0..<count])
            } else if count < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                return
            }
        }
    }

    /// Reaps the child if it has exited; its status, or nil while it runs.
    func exitStatusIfExited() -> Int32? {
        output.state.withLock { state in
            if let status = state.exitStatus { return status }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(processID, &status, WNOHANG) } while result < 0 && errno == EINTR
            guard result == processID else { return nil }
            let signalNumber = status & 0x7F
            state.exitStatus = signalNumber == 0 ? (status >> 8) & 0xFF : -signalNumber
            return state.exitStatus
        }
    }

    /// Calls `check` every 5 ms until it returns a value or `timeout` passes.
    func waitUntil<T>(timeout: Duration, failure: () -> PseudoTerminalError, _ check: () -> T?) throws -> T {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            if let value = check() { return value }
            if clock.now >= deadline { throw failure() }
            usleep(5_000)
        }
    }
}
