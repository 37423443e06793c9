import Synchronization

/// A point where a scripted model stops until the test lets it go on: the test waits until the
/// model has `reached` the gate, does what it wants to do mid-response (make a second request,
/// cancel), then `open`s it.
///
/// ```swift
/// let gate = ScriptedGate()
/// let model = ScriptedLanguageModel([.pause(after: ["Hel"], at: gate)])
/// let task = Task { try await session.respond(to: "Hi") }
/// await gate.reached()
/// #expect(session.isResponding)
/// gate.open()
/// ```
package final class ScriptedGate: Sendable {
    /// Who waits for what.
    private struct State {
        var arrived = false
        var opened = false
        var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
        var openWaiters: [Int: CheckedContinuation<Void, any Error>] = [:]
        var cancelledWaiters: Set<Int> = []
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// Creates a closed gate nobody has reached.
    package init() {}

    /// Waits until a model reaches the gate.
    package func reached() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.arrived { return true }
                state.arrivalWaiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Lets every model waiting at the gate (and arriving later) go on.
    package func open() {
        let waiters = state.withLock { state in
            state.opened = true
            defer { state.openWaiters = [:] }
            return Array(state.openWaiters.values)
        }
        waiters.forEach { $0.resume() }
    }

    /// Announces the arrival, then waits until the gate is opened.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled.
    func arriveAndWait() async throws {
        let (arrivals, id) = state.withLock { state in
            state.arrived = true
            state.nextWaiter += 1
            defer { state.arrivalWaiters = [] }
            return (state.arrivalWaiters, state.nextWaiter)
        }
        arrivals.forEach { $0.resume() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.opened { return .success(()) }
                    if state.cancelledWaiters.contains(id) { return .failure(CancellationError()) }
                    state.openWaiters[id] = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelledWaiters.insert(id)
                return state.openWaiters.removeValue(forKey: id)
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
