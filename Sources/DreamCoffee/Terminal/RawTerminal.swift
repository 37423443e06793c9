import Foundation
import Glibc
import Synchronization

/// The process's controlling terminal in raw mode, on the alternate screen, with
/// the cursor hidden; a source of `KeyEvent`s and a sink for frames.
///
/// Open one with `RawTerminal.open(environment:)`, draw with `write(_:)`, read `events`, and
/// call `restore()` when done. The terminal is also restored at process exit
/// (atexit) and on fatal signals (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGINT), after which the signal's previous
/// disposition runs (so the process still dies of it). Only one instance may be
/// open at a time. All members are thread-safe.
package final class RawTerminal: Sendable {
    /// Key presses, `.resize` on SIGWINCH, and `.endOfInput` (then the stream finishes)
    /// when stdin closes. The stream also finishes after `restore()`. Iterate it once.
    package let events: AsyncStream<KeyEvent>
    /// The colour encoding that suits this terminal (from `COLORTERM`).
    package let colorMode: ColorMode

    private let inputFD: Int32
    private let outputFD: Int32
    private let pipeWriteEnd: Int32
    private let state: Mutex<Bool> // restored?
    private let writeLock = Mutex<Void>(())
    private static let isOpen = Atomic<Bool>(false)

    /// Escape sequence sent on open: alternate screen, hidden cursor, cleared screen.
    package static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[2J\u{1B}[H"
    /// Escape sequence sent on restore: reset attributes, show cursor, leave alternate screen.
    package static var restoreSequence: String { TerminalRestoration.restoreSequence }

    /// Enters raw mode (no echo, no line buffering, no signal keys, no XON/XOFF, no CR→NL;
    /// output post-processing stays on so `\n` still moves to column 0), switches to the
    /// alternate screen, hides the cursor and starts the input reader thread.
    ///
    /// - Throws: `RawTerminalError.notATerminal` when stdin or stdout is not a TTY,
    ///   `.alreadyOpen`, or `.systemCall` when termios or pipe set-up fails.
    package static func open(environment: [String: String]) throws -> RawTerminal {
        let inputIsTTY = isatty(STDIN_FILENO) == 1, outputIsTTY = isatty(STDOUT_FILENO) == 1
        guard inputIsTTY, outputIsTTY else {
            throw RawTerminalError.notATerminal(stdin: inputIsTTY, stdout: outputIsTTY)
        }
        guard !isOpen.exchange(true, ordering: .sequentiallyConsistent) else { throw RawTerminalError.alreadyOpen }
        do {
            return try RawTerminal(colorMode: ColorMode.detect(environment: environment))
        } catch {
            isOpen.store(false, ordering: .sequentiallyConsistent)
            throw error
        }
    }

    private init(colorMode: ColorMode) throws {
        self.colorMode = colorMode
        inputFD = STDIN_FILENO
        outputFD = STDOUT_FILENO
        var original = termios()
        guard tcgetattr(inputFD, &original) == 0 else { throw RawTerminalError.systemCall("tcgetattr", errno: errno) }
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw RawTerminalError.systemCall("pipe", errno: errno) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        pipeWriteEnd = fds[1]
        state = Mutex(false)

        var raw = original
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR | BRKINT | INPCK | ISTRIP)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        TerminalRestoration.arm(original: original, inputFD: inputFD, outputFD: outputFD, resizePipeWriteEnd: fds[1])
        guard tcsetattr(inputFD, TCSANOW, &raw) == 0 else {
            let code = errno
            TerminalRestoration.disarm()
            close(fds[0]); close(fds[1])
            throw RawTerminalError.systemCall("tcsetattr", errno: code)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: KeyEvent.self, bufferingPolicy: .unbounded)
        events = stream
        let reader = TerminalInputReader(inputFD: inputFD, wakeFD: fds[0], continuation: continuation)
        let thread = Thread { reader.run() }
        thread.name = "RawTerminal input"
        thread.start()
        try write(RawTerminal.enterSequence)
    }

    deinit {
        restore()
    }

    /// The current size from TIOCGWINSZ (80x24 when unavailable).
    package var size: TerminalSize {
        var size = winsize()
        guard ioctl(outputFD, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return TerminalSize(columns: 80, rows: 24)
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Writes `string` completely to stdout (retrying partial writes and EINTR/EAGAIN).
    /// Concurrent calls do not interleave.
    package func write(_ string: String) throws {
        let bytes = Array(string.utf8)
        try writeLock.withLock { _ in
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    Glibc.write(outputFD, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written >= 0 {
                    offset += written
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN {
                    var descriptor = pollfd(fd: outputFD, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, 100)
                } else {
                    throw RawTerminalError.systemCall("write", errno: errno)
                }
            }
        }
    }

    /// Leaves the alternate screen, shows the cursor, resets attributes, restores the
    /// original termios and signal handlers, and stops the reader (finishing `events`).
    /// Idempotent; also called from `deinit`.
    package func restore() {
        let alreadyRestored = state.withLock { restored in
            defer { restored = true }
            return restored
        }
        guard !alreadyRestored else { return }
        writeLock.withLock { _ in TerminalRestoration.disarm() }
        var quit = UInt8(ascii: "q")
        _ = Glibc.write(pipeWriteEnd, &quit, 1)
        close(pipeWriteEnd)
        RawTerminal.isOpen.store(false, ordering: .sequentiallyConsistent)
    }
}
