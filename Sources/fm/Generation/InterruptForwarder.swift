import Dispatch
import Foundation
import Synchronization

/// Turns Ctrl-C (SIGINT) into a call of `current` — cancelling the answer being generated —
/// instead of ending the program.
final class InterruptForwarder: Sendable {
    private let handler = Mutex<(@Sendable () -> Void)?>(nil)
    /// The signal source; set once here and only kept alive afterwards.
    nonisolated(unsafe) private let source: any DispatchSourceSignal

    /// Starts forwarding Ctrl-C (the default action, ending the program, is turned off).
    init() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.fire() }
        source.resume()
    }

    /// What Ctrl-C does now (`nil`: nothing).
    var current: (@Sendable () -> Void)? {
        get { handler.withLock { $0 } }
        set { handler.withLock { $0 = newValue } }
    }

    private func fire() {
        current?()
    }
}
