import Foundation
import Glibc

/// Runs a program on a pseudo-terminal so tests can play it like a user: type
/// keys, read the screen through a `TerminalScreen` emulator, resize, signal.
///
/// The child is started with posix_spawn in a new session (`POSIX_SPAWN_SETSID`)
/// and opens the slave device by path as its stdin — which, for a session leader
/// without a controlling terminal, makes the pty its controlling terminal — then
/// duplicates it to stdout and stderr. So `isatty` is true, the window size is
/// real, job control works and the kernel delivers SIGWINCH on `resize`.
///
/// A background thread reads the master side continuously. All members are
/// thread-safe; the waits block the calling thread (poll every few milliseconds).
package final class PseudoTerminal: Sendable {
    /// The child's process ID (also its session and process-group ID).
    package let processID: pid_t
    private let master: Int32
    let output: PseudoTerminalOutput
    private let readerDone: DispatchSemaphore

    /// A usable default environment: `TERM=xterm-256color`, `LANG=C.UTF-8`, and `PATH`/`HOME` from this process.
    package static var defaultEnvironment: [String: String] {
        let current = ProcessInfo.processInfo.environment
        return [
            "TERM": "xterm-256color",
            "LANG": "C.UTF-8",
            "PATH": current["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": current["HOME"] ?? "/tmp",
        ]
    }

    /// Starts `executable` with `arguments` (argv[0] is the executable's path) and exactly
    /// `environment`, on a new pseudo-terminal of `columns` × `rows`.
    package init(
        executable: URL, arguments: [String] = [], environment: [String: String] = PseudoTerminal.defaultEnvironment,
        columns: Int = 80, rows: Int = 24
    ) throws {
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw PseudoTerminalError.openFailed("open(/dev/ptmx)", errno: errno) }
        var slave: Int32 = -1
        do {
            let slavePath = try PseudoTerminal.unlockSlave(of: master)
            try PseudoTerminal.setWindowSize(master, columns: columns, rows: rows)
            // Hold the slave open until the child has it, so the master never sees a hang-up in between.
            slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard slave >= 0 else { throw PseudoTerminalError.openFailed("open(\(slavePath))", errno: errno) }
            processID = try PseudoTerminal.spawn(
                executable.path, arguments: arguments, environment: environment, slavePath: slavePath)
            close(slave)
        } catch {
            if slave >= 0 { close(slave) }
            close(master)
            throw error
        }
        output = PseudoTerminalOutput(columns: columns, rows: rows)
        readerDone = DispatchSemaphore(value: 0)
        let reader = Thread { [master, output, readerDone] in
            PseudoTerminal.readLoop(master: master, output: output)
            readerDone.signal()
        }
        reader.name = "PseudoTerminal reader"
        reader.start()
    }

    deinit {
        output.state.withLock { $0.stopRequested = true }
        if exitStatusIfExited() == nil {
            kill(processID, SIGKILL)
            var status: Int32 = 0
            while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        }
        // The reader polls the stop flag; close the master only once it has let go of it.
        if readerDone.wait(timeout: .now() + 2) == .success { close(master) }
    }

    // MARK: Input

    /// Types `text` (its UTF-8 bytes).
    package func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    /// Writes raw bytes to the terminal, as if typed.
    package func send(bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress! + offset, $0.count - offset) }
            if written >= 0 {
                offset += written
            } else if errno != EINTR && errno != EAGAIN {
                throw PseudoTerminalError.writeFailed(errno: errno)
            }
        }
    }

    /// Types one key (arrows, Enter, Escape, Ctrl-letter, …).
    package func sendKey(_ key: Key) throws {
        try send(bytes: key.bytes)
    }

    // MARK: Output

    /// The emulated screen's rows, trailing spaces trimmed, joined by `"\n"`.
    package var screenText: String { output.state.withLock { $0.screen.text } }

    /// A copy of the emulated screen (cursor position, alternate-screen flag, …).
    package var screen: TerminalScreen { output.state.withLock { $0.screen } }

    /// Everything the child wrote so far, decoded as UTF-8 (invalid bytes replaced).
    package var rawOutput: String { String(decoding: rawBytes, as: UTF8.self) }

    /// Everything the child wrote so far.
    package var rawBytes: [UInt8] { output.state.withLock { $0.raw } }

    /// Waits until the screen contains `text`; returns the screen text.
    /// - Throws: `PseudoTerminalError.timeout` whose description shows the screen.
    @discardableResult
    package func waitFor(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        try waitFor(timeout: timeout, description: "\"\(text)\" on screen") { $0.contains(text) }
    }

    /// Waits until `predicate` holds for the screen text; returns that text.
    @discardableResult
    package func waitFor(
        timeout: Duration = .seconds(10), description: String = "a screen condition",
        _ predicate: (String) -> Bool
    ) throws -> String {
        try waitUntil(timeout: timeout, failure: { PseudoTerminalError.timeout(waitingFor: description, screen: self.screenText) }) {
            let text = screenText
            return predicate(text) ? text : nil
        }
    }

    /// Waits until the raw output contains `text`; returns the raw output.
    @discardableResult
    package func waitForRawOutput(containing text: String, timeout: Duration = .seconds(10)) throws -> String {
        try waitUntil(
            timeout: timeout,
            failure: {
                PseudoTerminalError.timeout(waitingFor: "raw output \(text.debugDescription)", screen: self.screenText)
            }
        ) {
            let raw = rawOutput
            return raw.contains(text) ? raw : nil
        }
    }

    // MARK: Window and process

    /// Sets the window size (TIOCSWINSZ on the master); the kernel sends SIGWINCH to
    /// the child's foreground process group. The emulated screen keeps what fits.
    package func resize(columns: Int, rows: Int) throws {
        output.state.withLock { $0.screen.resize(columns: columns, rows: rows) }
        try PseudoTerminal.setWindowSize(master, columns: columns, rows: rows)
    }

    /// Sends `signal` to the child (or, with `toProcessGroup`, to its whole process group).
    package func signal(_ signal: Int32, toProcessGroup: Bool = false) {
        kill(toProcessGroup ? -processID : processID, signal)
    }

    /// Whether the child is still running (it is reaped when it has exited).
    package var isRunning: Bool { exitStatusIfExited() == nil }

    /// Waits for the child to exit and returns its exit status, or minus the signal
    /// number that killed it. Also waits (briefly) until its last output has been read.
    @discardableResult
    package func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let status = try waitUntil(
            timeout: timeout,
            failure: {
                PseudoTerminalError.timeout(waitingFor: "process \(self.processID) to exit", screen: self.screenText)
            }
        ) { exitStatusIfExited() }
        // Output still in flight is read before the master reports the hang-up (unless a
        // grandchild keeps the slave open, hence the short limit).
        _ = try? waitUntil(
            timeout: .milliseconds(500),
            failure: {
                PseudoTerminalError.timeout(waitingFor: "the last output", screen: self.screenText)
            }
        ) { output.state.withLock { $0.readerFinished } ? true : nil }
        return status
    }

    /// Sends SIGTERM, then SIGKILL if the child is still running after `grace`; returns the exit status.
    @discardableResult
    package func terminate(grace: Duration = .seconds(2)) throws -> Int32 {
        if let status = exitStatusIfExited() { return status }
        signal(SIGTERM)
        if let status = try? waitForExit(timeout: grace) { return status }
        signal(SIGKILL)
        return try waitForExit(timeout: .seconds(10))
    }
}
