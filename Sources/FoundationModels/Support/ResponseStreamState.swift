import Synchronization

/// What a response stream and its readers share: the generating task, the latest snapshot of
/// the response, and how the turn ended.
///
/// Only the latest snapshot is kept: snapshots are cumulative, so a reader that falls behind
/// skips straight to the newest one and misses nothing. Each reader remembers the sequence
/// number of the last snapshot it saw.
final class ResponseStreamState: Sendable {
    /// What a reader gets next.
    enum Update: Sendable {
        /// A snapshot newer than the reader's last.
        case snapshot(sequence: Int, content: GeneratedContent, entries: ArraySlice<Transcript.Entry>, usage: LanguageModelSession.Usage)
        /// The turn ended, with its result or error.
        case finished(Result<LanguageModelSession.TurnResult, any Swift.Error>)
    }

    /// The shared state.
    fileprivate struct State {
        var latest: GeneratedContent?
        var sequence = 0
        var entries: ArraySlice<Transcript.Entry> = []
        var usage = LanguageModelSession.Usage.zero
        var outcome: Result<LanguageModelSession.TurnResult, any Swift.Error>?
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
        var task: Task<Void, Never>?
        var cancelled = false
    }

    private let state = Mutex<State>(State())

    /// Creates the state of a stream that has not started.
    init() {}

    /// Creates the state of a stream that failed before it started.
    init(failure: any Swift.Error) {
        finish(.failure(failure))
    }

    /// Starts the generating task.
    func start(_ operation: @escaping @Sendable () async -> Void) {
        let task = Task { await operation() }
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// Cancels the generating task.
    func cancel() {
        let task = state.withLock { state in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }

    /// Publishes a snapshot, unless it shows the same as the latest.
    func publish(_ content: GeneratedContent) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            if let latest = state.latest, latest == content, latest.isComplete == content.isComplete { return [] }
            state.latest = content
            state.sequence += 1
            return state.takeWaiters()
        }
        waiters.forEach { $0.resume() }
    }

    /// Records the turn's entries and usage so far, shown with the next snapshots.
    func progress(entries: ArraySlice<Transcript.Entry>, usage: LanguageModelSession.Usage) {
        state.withLock { state in
            state.entries = entries
            state.usage = usage
        }
    }

    /// Records how the turn ended.
    func finish(_ outcome: Result<LanguageModelSession.TurnResult, any Swift.Error>) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            return state.takeWaiters()
        }
        waiters.forEach { $0.resume() }
    }

    /// The next update after the snapshot numbered `seen`; waits for one. Cancelling the
    /// waiting task cancels the generation (the update is then the cancellation).
    func update(after seen: Int) async -> Update {
        while true {
            if let ready = state.withLock({ $0.update(after: seen) }) { return ready }
            let id = state.withLock { state in
                state.nextWaiter += 1
                return state.nextWaiter
            }
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let resumeNow = state.withLock { state in
                        if state.update(after: seen) != nil { return true }
                        state.waiters[id] = continuation
                        return false
                    }
                    if resumeNow { continuation.resume() }
                }
            } onCancel: {
                cancel()
            }
        }
    }

    /// How the turn ended; waits for the end.
    func outcome() async -> Result<LanguageModelSession.TurnResult, any Swift.Error> {
        var seen = 0
        while true {
            switch await update(after: seen) {
            case .snapshot(let sequence, _, _, _): seen = sequence
            case .finished(let outcome): return outcome
            }
        }
    }
}

extension ResponseStreamState.State {
    /// The update a reader that saw snapshot `seen` gets now, if any.
    fileprivate func update(after seen: Int) -> ResponseStreamState.Update? {
        if sequence > seen, let latest { return .snapshot(sequence: sequence, content: latest, entries: entries, usage: usage) }
        if let outcome { return .finished(outcome) }
        return nil
    }

    /// Removes and returns the waiting readers.
    fileprivate mutating func takeWaiters() -> [CheckedContinuation<Void, Never>] {
        let waiting = Array(waiters.values)
        waiters = [:]
        return waiting
    }
}
