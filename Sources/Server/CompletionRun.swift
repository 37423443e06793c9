import Foundation
@_spi(Serving) import FoundationModels

/// Why a completion ended, as OpenAI spells it.
enum FinishReason: String, Sendable {
    case stop, length
    case toolCalls = "tool_calls"
}

/// Token counts of a completion.
struct CompletionUsage: Sendable, Equatable {
    var promptTokens = 0
    var cachedTokens = 0
    var completionTokens = 0
    /// Of the completion's tokens, the model's thinking (markers included).
    var reasoningTokens = 0
}

/// What a running completion reports, in order.
enum CompletionEvent: Sendable {
    /// Response text (already cut at a stop sequence).
    case text(String)
    /// The model's thinking, before its answer (`reasoning_content`; stop sequences do not
    /// apply to it).
    case reasoning(String)
    /// A fragment of tool call `index`'s arguments; its first fragment carries `id` and `name`.
    case toolCall(index: Int, id: String, name: String, arguments: String, isFirst: Bool)
    /// The end.
    case finished(FinishReason, CompletionUsage)
    /// Nothing new for a while: a chance to write something and notice a client that left.
    case tick
}

/// One chat completion running on the model: the executor's events turned into OpenAI's
/// pieces (text cut at stop sequences, tool calls numbered), with the finish reason and usage
/// at the end. Cancelling it (`cancel()`, or a stop sequence) cancels the generation.
final class CompletionRun: Sendable {
    /// The events; the stream ends after `.finished`, or throws what the executor threw.
    let events: AsyncThrowingStream<CompletionEvent, any Error>
    /// The task running the generation.
    private let task: Task<Void, Never>

    /// Starts `request` on `runner`; `.tick` is sent every `tick` while it runs.
    init(
        runner: LanguageModelStepRunner, request: LanguageModelExecutorGenerationRequest, stop: [String],
        tick: Duration = .milliseconds(250), onEnd: @escaping @Sendable () -> Void
    ) {
        let (events, continuation) = AsyncThrowingStream.makeStream(of: CompletionEvent.self)
        self.events = events
        let maximum = request.generationOptions.maximumResponseTokens
        let ticker = Task {
            while !Task.isCancelled {
                try await Task.sleep(for: tick)
                continuation.yield(.tick)
            }
        }
        task = Task {
            defer {
                ticker.cancel()
                onEnd()
            }
            do {
                let finish = try await Self.run(runner: runner, request: request, stop: stop, maximum: maximum) {
                    continuation.yield($0)
                }
                continuation.yield(.finished(finish.0, finish.1))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { [task] termination in
            if case .cancelled = termination { task.cancel() }
        }
    }

    /// Stops the generation (the client went away).
    func cancel() {
        task.cancel()
    }

    /// Runs the executor and relays its events; returns the finish reason and usage.
    private static func run(
        runner: LanguageModelStepRunner, request: LanguageModelExecutorGenerationRequest, stop: [String], maximum: Int?,
        emit: @escaping @Sendable (CompletionEvent) -> Void
    ) async throws -> (FinishReason, CompletionUsage) {
        let channel = LanguageModelExecutorGenerationChannel()
        return try await withThrowingTaskGroup(of: Void.self, returning: (FinishReason, CompletionUsage).self) { group in
            group.addTask { try await runner.respond(to: request, streamingInto: channel) }
            var filter = StopSequenceFilter(stop)
            var usage = CompletionUsage()
            var outputTokens = 0
            var calls: [String] = []
            for try await event in channel {
                switch event.content {
                case .text(let text, _, let tokens):
                    outputTokens += tokens
                    let released = filter.feed(text)
                    if !released.isEmpty { emit(.text(released)) }
                    if filter.isStopped {
                        group.cancelAll()
                        usage.completionTokens = max(usage.completionTokens, outputTokens)
                        return (.stop, usage)
                    }
                case .replacedText:
                    // The local executor never replaces text; a replacement cannot be streamed as
                    // a delta, so it is an error rather than a silent divergence.
                    throw OpenAIError.server("The model replaced text it had already streamed")
                case .toolCallArguments(let id, let name, let fragment, let tokens):
                    outputTokens += tokens
                    let index = calls.firstIndex(of: id) ?? calls.count
                    let isFirst = index == calls.count
                    if isFirst { calls.append(id) }
                    emit(.toolCall(index: index, id: id, name: name, arguments: fragment, isFirst: isFirst))
                case .removedToolCall:
                    throw OpenAIError.server("The model withdrew a tool call it had already streamed")
                case .reasoningText(let text, let tokens):
                    outputTokens += tokens
                    if !text.isEmpty { emit(.reasoning(text)) }
                case .other:
                    continue
                case .usage(let reported):
                    usage.promptTokens = reported.input.totalTokenCount
                    usage.cachedTokens = reported.input.cachedTokenCount
                    usage.completionTokens = reported.output.totalTokenCount
                    usage.reasoningTokens = reported.output.reasoningTokenCount
                }
            }
            try await group.waitForAll()
            let rest = filter.flush()
            if !rest.isEmpty { emit(.text(rest)) }
            usage.completionTokens = max(usage.completionTokens, outputTokens)
            if !calls.isEmpty { return (.toolCalls, usage) }
            if let maximum, usage.completionTokens >= maximum { return (.length, usage) }
            return (.stop, usage)
        }
    }
}
