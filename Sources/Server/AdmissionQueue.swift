import Synchronization

/// A bounded queue in front of the model: up to `concurrency` requests generate at once, up to
/// `capacity` more wait in arrival order, and any beyond that are refused at once (429) rather
/// than queued without bound. A waiting request whose task is cancelled (its client left) gives
/// up its place.
///
/// ```swift
/// let queue = AdmissionQueue(concurrency: 1, capacity: 16)
/// try await queue.enter()          // throws OpenAIError 429 when full
/// defer { queue.leave() }
/// ```
final class AdmissionQueue: Sendable {
    /// Requests that may generate at once.
    let concurrency: Int
    /// Requests that may wait.
    let capacity: Int

    private struct State {
        var running = 0
        var waiting: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A queue.
    init(concurrency: Int, capacity: Int) {
        self.concurrency = max(1, concurrency)
        self.capacity = max(0, capacity)
    }

    /// Requests generating now.
    var running: Int { state.withLock { $0.running } }
    /// Requests waiting now.
    var waiting: Int { state.withLock { $0.waiting.count } }

    /// Waits for a turn to generate.
    ///
    /// - Throws: `OpenAIError` 429 when `capacity` requests are already waiting;
    ///   `CancellationError` when the task is cancelled while waiting.
    func enter() async throws {
        let id: UInt64? = try state.withLock { state throws(OpenAIError) -> UInt64? in
            if state.running < concurrency && state.waiting.isEmpty {
                state.running += 1
                return nil
            }
            guard state.waiting.count < capacity else {
                throw OpenAIError.queueFull(capacity: capacity, retryAfter: 1)
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let cancelled = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.waiting.append((id, continuation))
                    return false
                }
                if cancelled { continuation.resume(throwing: CancellationError()) }
            }
        } onCancel: {
            let removed = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiting.remove(at: index).continuation
            }
            removed?.resume(throwing: CancellationError())
        }
    }

    /// Ends a turn: the longest-waiting request starts.
    func leave() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if state.waiting.isEmpty {
                state.running -= 1
                return nil
            }
            return state.waiting.removeFirst().continuation // the turn passes on: running is unchanged
        }
        next?.resume()
    }
}
