import Synchronization

/// What the reader thread of a `PseudoTerminal` shares with its callers: the raw
/// output, the emulated screen, and the child's exit status once reaped.
final class PseudoTerminalOutput: Sendable {
    struct State: Sendable {
        var raw: [UInt8] = []
        var screen: TerminalScreen
        var exitStatus: Int32?
        var readerFinished = false
        var stopRequested = false
    }

    let state: Mutex<State>

    init(columns: Int, rows: Int) {
        state = Mutex(State(screen: TerminalScreen(columns: columns, rows: rows)))
    }

    func append(_ bytes: ArraySlice<UInt8>) {
        state.withLock { state in
            state.raw.append(contentsOf: bytes)
            state.screen.feed(bytes)
        }
    }
}
