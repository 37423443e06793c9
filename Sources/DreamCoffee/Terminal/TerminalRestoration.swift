import Glibc
import Synchronization

/// Process-wide state that puts the terminal back on exit and on fatal signals.
///
/// Everything the signal handler touches is allocated and initialised by `arm`
/// before any handler is installed; the handler itself only uses an atomic
/// exchange, write(2), tcsetattr(3), sigaction(2) and raise(3), all async-signal-safe.
enum TerminalRestoration {
    /// Signals after which the terminal is restored before the previous disposition runs.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTERM, SIGHUP, SIGQUIT, SIGINT]
    /// Bytes that leave the alternate screen, show the cursor and reset attributes.
    static let restoreSequence = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Whether the terminal is currently modified and needs restoring.
    static let armed = Atomic<Bool>(false)
    /// Write end of the resize self-pipe, or -1.
    static let resizePipe = Atomic<Int32>(-1)
    private static let atexitRegistered = Atomic<Bool>(false)

    nonisolated(unsafe) static let savedTermios = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static let previousActions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    nonisolated(unsafe) static let restoreBytes: UnsafeMutableBufferPointer<UInt8> = {
        let utf8 = Array(restoreSequence.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: utf8.count)
        _ = buffer.initialize(from: utf8)
        return buffer
    }()
    nonisolated(unsafe) static var inputFD: Int32 = 0
    nonisolated(unsafe) static var outputFD: Int32 = 1

    /// Records the original termios and installs the exit and signal hooks.
    static func arm(original: termios, inputFD: Int32, outputFD: Int32, resizePipeWriteEnd: Int32) {
        // Touch every lazily initialised static so the handlers never run an initialiser.
        _ = restoreBytes.count
        _ = fatalSignals.count
        savedTermios.pointee = original
        self.inputFD = inputFD
        self.outputFD = outputFD
        resizePipe.store(resizePipeWriteEnd, ordering: .sequentiallyConsistent)
        armed.store(true, ordering: .sequentiallyConsistent)
        if !atexitRegistered.exchange(true, ordering: .sequentiallyConsistent) {
            atexit { TerminalRestoration.restoreNow() }
        }
        for signalNumber in fatalSignals { install(fatalHandler, for: signalNumber) }
        install(resizeHandler, for: SIGWINCH, evenIfIgnored: true)
    }

    /// Restores the terminal and the previous signal dispositions (idempotent).
    static func disarm() {
        restoreNow()
        resizePipe.store(-1, ordering: .sequentiallyConsistent)
        for signalNumber in fatalSignals + [SIGWINCH] {
            sigaction(signalNumber, previousActions + Int(signalNumber), nil)
        }
    }

    /// Writes the restore bytes and the saved termios once. Async-signal-safe.
    static func restoreNow() {
        guard armed.exchange(false, ordering: .sequentiallyConsistent) else { return }
        var offset = 0
        while offset < restoreBytes.count {
            let written = Glibc.write(outputFD, restoreBytes.baseAddress! + offset, restoreBytes.count - offset)
            if written > 0 { offset += written } else if written < 0 && errno == EINTR { continue } else { break }
        }
        _ = tcsetattr(inputFD, TCSANOW, savedTermios)
    }

    private typealias Handler = @convention(c) (Int32, UnsafeMutablePointer<siginfo_t>?, UnsafeMutableRawPointer?) -> Void

    private static func install(_ handler: Handler, for signalNumber: Int32, evenIfIgnored: Bool = false) {
        let previous = previousActions + Int(signalNumber)
        sigaction(signalNumber, nil, previous)
        // A signal ignored on entry (e.g. SIGHUP under nohup) stays ignored.
        if !evenIfIgnored, unsafeBitCast(previous.pointee.__sigaction_handler.sa_handler, to: Int.self) == 1 {
            return
        }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handler
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(signalNumber, &action, nil)
    }

    /// Restores the terminal, reinstates the previous disposition and re-delivers the signal.
    private static let fatalHandler: Handler = { signalNumber, info, _ in
        TerminalRestoration.restoreNow()
        sigaction(signalNumber, TerminalRestoration.previousActions + Int(signalNumber), nil)
        let hardwareFault: Bool
        switch signalNumber {
        case SIGSEGV, SIGBUS, SIGILL, SIGFPE: hardwareFault = (info?.pointee.si_code ?? 0) > 0
        default: hardwareFault = false
        }
        // A hardware fault re-triggers when the faulting instruction runs again.
        if !hardwareFault { raise(signalNumber) }
    }

    /// Wakes the input reader with a `w` byte on the self-pipe.
    private static let resizeHandler: Handler = { _, _, _ in
        let savedErrno = errno
        let fd = TerminalRestoration.resizePipe.load(ordering: .sequentiallyConsistent)
        if fd >= 0 {
            var byte = UInt8(ascii: "w")
            _ = Glibc.write(fd, &byte, 1)
        }
        errno = savedErrno
    }
}
