import Foundation
@_spi(Serving) import FoundationModels
import OpenAIWire

/// Folds the chunks of a streamed chat completion into the session's channel: text as it
/// arrives, tool calls (assembled from their fragments by `index`) and usage once the stream
/// has ended and the response has passed the checks of `ResponseCheck`.
///
/// ```swift
/// var reader = ChatStreamReader(request: request, body: body, endpoint: endpoint)
/// for event in parser.feed(bytes) { try await reader.read(event: event, into: channel) }
/// try await reader.finish(into: channel)
/// ```
struct ChatStreamReader {
    /// A tool call whose fragments are still arriving.
    struct PendingCall {
        /// The key of its fragments.
        var index: Int
        /// The call's identity (`""` until a fragment carries it).
        var id: String
        /// The tool called.
        var name: String
        /// The arguments' JSON text so far.
        var arguments: String
    }

    /// What the response must follow, and how to name the server in messages.
    let check: ResponseCheck
    /// Whether the step had to call a tool (`tool_choice` required or named).
    let toolChoice: LanguageModelExecutorGenerationRequest.ToolChoice
    /// The response text so far.
    private(set) var text = ""
    /// Text received but not yet sent: held back while it may be a tool call written as content
    /// (see `ContentToolCall`).
    private var pending = ""
    /// The model's refusal so far.
    private var refusal = ""
    /// The tool calls, in the order they started.
    private(set) var calls: [PendingCall] = []
    /// Why the server stopped, once it said.
    private var finishReason: String?
    /// The latest token counts.
    private var usage: ChatCompletionUsage?
    /// Whether `[DONE]` has arrived.
    private(set) var isDone = false
    /// Whether reasoning text has gone to the session.
    private var sentReasoning = false

    /// A reader for the response to `request` sent as `body`.
    init(request: LanguageModelExecutorGenerationRequest, body: ChatRequestBody, endpoint: String) {
        check = ResponseCheck(schema: body.schema, tools: body.tools, endpoint: endpoint)
        toolChoice = request.stepToolChoice
    }

    /// Reads the data of one server-sent event: a chunk, an error, or `[DONE]`.
    ///
    /// - Throws: the mapped error of an error event; `GeneratedContent.ParsingError` for an event
    ///   that is not a chunk.
    mutating func read(event data: String, into channel: LanguageModelExecutorGenerationChannel) async throws {
        guard !isDone else { return }
        if data.trimmingCharacters(in: .whitespaces) == "[DONE]" {
            isDone = true
            return
        }
        let chunk: ChatCompletionChunk
        do {
            chunk = try ChatCompletionChunk(json: data)
        } catch {
            let shown = data.count > 200 ? String(data.prefix(200)) + "…" : data
            throw RemoteFailure.parsingError(
                "\(check.endpoint) sent an event that is not a chat completion chunk (\(error)): \(shown)", rawContent: data)
        }
        try await read(chunk, into: channel)
    }

    /// Reads a chunk (or, for a response that was not streamed, the whole completion).
    mutating func read(_ chunk: ChatCompletionChunk, into channel: LanguageModelExecutorGenerationChannel) async throws {
        if let error = chunk.error {
            throw RemoteFailure.generationError(status: nil, server: error, endpoint: check.endpoint)
        }
        if let choice = chunk.choices?.first {
            if let delta = choice.delta ?? choice.message {
                // Thinking comes before the answer; it becomes the step's reasoning entry.
                if let thought = delta.reasoningContent ?? delta.reasoning, !thought.isEmpty {
                    sentReasoning = true
                    await channel.send(.reasoning(action: .appendText(thought, tokenCount: 1)))
                }
                if let content = delta.content, !content.isEmpty {
                    text += content
                    pending += content
                    if !mayBeContentToolCall {
                        await channel.send(.response(action: .appendText(pending, tokenCount: 1)))
                        pending = ""
                    }
                }
                if let piece = delta.refusal { refusal += piece }
                for fragment in delta.toolCalls ?? [] { add(fragment) }
            }
            if let reason = choice.finishReason { finishReason = reason }
        }
        if let usage = chunk.usage { self.usage = usage }
    }

    /// Whether the text so far may be a tool call the server wrote as content: tools were
    /// offered, and either the step must call one (all its text is held back: text is no
    /// answer then) or no schema was asked for and the text is empty, starts with `{`, or with
    /// (a prefix of) `<tool_call>`.
    private var mayBeContentToolCall: Bool {
        guard !check.tools.isEmpty, calls.isEmpty else { return false }
        if toolChoice != .auto { return true }
        return check.schema == nil && ContentToolCall.mayStart(text)
    }

    /// Whether the server answered a step that had to call a tool with text that is no call of
    /// an offered tool (it did not honour `tool_choice`), before any of the step reached the
    /// session: the step may be asked again (see `ChatRequestBody.callFormat`).
    var answeredTextInsteadOfRequiredCall: Bool {
        guard toolChoice != .auto, !check.tools.isEmpty, calls.isEmpty, !sentReasoning else { return false }
        return ContentToolCall(text: text, offered: check.tools.map(\.name), choice: toolChoice) == nil
    }

    /// Adds a tool-call fragment to its call: the call with its `index` (or, from servers that
    /// send no index, its `id`, else the latest call), or a new one.
    private mutating func add(_ fragment: ChatCompletionMessage.ToolCall) {
        let position: Int
        if let index = fragment.index, let existing = calls.firstIndex(where: { $0.index == index }) {
            position = existing
        } else if fragment.index == nil, let id = fragment.id, let existing = calls.firstIndex(where: { $0.id == id }) {
            position = existing
        } else if fragment.index == nil, fragment.id == nil, !calls.isEmpty {
            position = calls.count - 1
        } else {
            calls.append(PendingCall(index: fragment.index ?? calls.count, id: "", name: "", arguments: ""))
            position = calls.count - 1
        }
        if let id = fragment.id, !id.isEmpty, calls[position].id.isEmpty { calls[position].id = id }
        if let name = fragment.function?.name, !name.isEmpty, calls[position].name.isEmpty { calls[position].name = name }
        calls[position].arguments += fragment.function?.arguments ?? ""
    }

    /// Ends the response: checks it (`ResponseCheck`), then sends the tool calls, each with its
    /// whole arguments, and the usage.
    ///
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` for a stream that ended before the
    ///   response did;
    ///   `guardrailViolation` for a response the server's content filter stopped; `refusal`;
    ///   `GeneratedContent.ParsingError` for a response or tool call that does not follow its
    ///   schema.
    func finish(into channel: LanguageModelExecutorGenerationChannel) async throws {
        guard isDone || finishReason != nil else {
            throw RemoteFailure.unavailable(
                "\(check.endpoint) ended the stream before the response was complete (no finish reason, no [DONE]).")
        }
        if finishReason == "content_filter" {
            throw LanguageModelError.guardrailViolation(
                .init(
                    debugDescription:
                        "\(check.endpoint) stopped the response: its content filter flagged it (finish_reason content_filter)."))
        }
        if calls.isEmpty, text.isEmpty, !refusal.isEmpty {
            throw LanguageModelError.refusal(.init(explanation: refusal, debugDescription: "The remote model refused: \(refusal)"))
        }
        var calls = self.calls
        if calls.isEmpty, !check.tools.isEmpty {
            // Only text that was held back (no schema asked for, or a call required) can
            // become a call.
            if check.schema == nil || toolChoice != .auto,
                let call = ContentToolCall(text: text, offered: check.tools.map(\.name), choice: toolChoice)
            {
                // The server did not recognise the model's call and returned it as text (a small
                // model writing bare JSON instead of its chat template's markup): it is a call.
                calls.append(PendingCall(index: 0, id: "", name: call.name, arguments: call.arguments))
            } else if toolChoice != .auto {
                throw RemoteFailure.parsingError(
                    "\(check.endpoint) answered with text although the request required a tool call (tool_choice \(toolChoice)); "
                        + "the server may not honour tool_choice: " + ResponseCheck.shown(text), rawContent: text)
            }
        }
        if calls.isEmpty {
            try check.checkText(text, cutOff: finishReason == "length")
            if !pending.isEmpty { await channel.send(.response(action: .appendText(pending, tokenCount: 1))) }
        } else {
            let identified = calls.map { call in
                var call = call
                if call.id.isEmpty { call.id = "call_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(24).lowercased() }
                return call
            }
            for call in identified { try check.checkCall(id: call.id, name: call.name, arguments: call.arguments) }
            for call in identified {
                await channel.send(
                    .toolCalls(action: .toolCall(id: call.id, name: call.name, action: .appendArguments(call.arguments, tokenCount: 0))))
            }
        }
        if let usage {
            let input = LanguageModelExecutorGenerationChannel.Usage.Input(
                totalTokenCount: usage.promptTokens ?? 0, cachedTokenCount: usage.cachedTokens ?? 0)
            let output = LanguageModelExecutorGenerationChannel.Usage.Output(
                totalTokenCount: usage.completionTokens ?? 0, reasoningTokenCount: usage.reasoningTokens ?? 0)
            if calls.isEmpty {
                await channel.send(.response(action: .updateUsage(input: input, output: output)))
            } else {
                await channel.send(.toolCalls(action: .updateUsage(input: input, output: output)))
            }
        }
    }
}
