import Glibc

/// The body of `RawTerminal`'s reader thread: blocking poll(2)/read(2) on stdin and
/// on a self-pipe (`w` = SIGWINCH arrived, `q` or end of file = stop), feeding a
/// `KeyParser` and yielding its events.
struct TerminalInputReader: Sendable {
    /// How long a lone ESC may wait for the rest of a sequence before it counts as the Escape key.
    static let escapeTimeoutMilliseconds: Int32 = 30

    let inputFD: Int32
    let wakeFD: Int32
    let continuation: AsyncStream<KeyEvent>.Continuation

    /// Runs until stdin closes or the pipe says stop; closes `wakeFD` and finishes the stream.
    func run() {
        defer {
            close(wakeFD)
            continuation.finish()
        }
        var parser = KeyParser()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = parser.hasPendingEscape ? TerminalInputReader.escapeTimeoutMilliseconds : -1
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                yield(parser.flushPendingEscape())
                continue
            }
            if descriptors[1].revents != 0 {
                let count = read(wakeFD, &buffer, buffer.count)
                if count <= 0 || buffer[0..<count].contains(UInt8(ascii: "q")) { return }
                continuation.yield(.resize)
            }
            if descriptors[0].revents != 0 {
                let count = read(inputFD, &buffer, buffer.count)
                if count > 0 {
                    yield(parser.feed(buffer[0..<count]))
                } else if count < 0, errno == EINTR || errno == EAGAIN {
                    continue
                } else {
                    yield(parser.flushPendingEscape())
                    continuation.yield(.endOfInput)
                    return
                }
            }
        }
    }

    private func yield(_ events: [KeyEvent]) {
        for event in events { continuation.yield(event) }
    }
}
