/// What one executor call produced, folded from its channel's events: the response text (in
/// segments) or the tool calls.
struct GenerationStep: Sendable {
    /// A segment of response text.
    struct TextSegment: Sendable, Equatable {
        /// The identity the executor gave the segment, if any.
        var id: String?
        /// The text so far.
        var text: String
    }

    /// A tool call whose arguments may still be arriving.
    struct ToolCall: Sendable, Equatable {
        /// The call's identity.
        var id: String
        /// The tool's name.
        var name: String
        /// The arguments' JSON text so far.
        var arguments: String
    }

    /// The identity the executor chose for the response entry.
    var responseEntryID: String?
    /// The response's text segments, in order.
    var segments: [TextSegment] = []
    /// The identity the executor chose for the tool-calls entry.
    var toolCallsEntryID: String?
    /// The tool calls, in the order they were started.
    var toolCalls: [ToolCall] = []
    /// The executor's latest token counts, if it reported any.
    var usage: LanguageModelExecutorGenerationChannel.Usage?

    /// The response text: all segments, one after another.
    var text: String { segments.map(\.text).joined() }

    /// Applies an event; returns whether the response text changed.
    mutating func apply(_ event: LanguageModelExecutorGenerationChannel.Event) -> Bool {
        switch event.kind {
        case .response(let response):
            if responseEntryID == nil { responseEntryID = response.entryID }
            return apply(response.action)
        case .toolCalls(let calls):
            if toolCallsEntryID == nil { toolCallsEntryID = calls.entryID }
            apply(calls.action)
            return false
        }
    }

    /// Applies a change to the response text.
    private mutating func apply(_ action: LanguageModelExecutorGenerationChannel.Response.Action) -> Bool {
        switch action.kind {
        case .append(let fragment):
            let index = segmentIndex(for: fragment.segmentID)
            segments[index].text += fragment.content
            return !fragment.content.isEmpty
        case .replace(let replacement):
            let index = segmentIndex(for: replacement.segmentID)
            let changed = segments[index].text != replacement.content
            segments[index].text = replacement.content
            return changed
        case .usage(let usage):
            self.usage = usage
            return false
        }
    }

    /// Applies a change to the tool calls.
    private mutating func apply(_ action: LanguageModelExecutorGenerationChannel.ToolCalls.Action) {
        switch action.kind {
        case .call(let call):
            if let index = toolCalls.firstIndex(where: { $0.id == call.id }) {
                toolCalls[index].arguments += call.action.fragment.content
            } else {
                toolCalls.append(ToolCall(id: call.id, name: call.name, arguments: call.action.fragment.content))
            }
        case .remove(let id):
            toolCalls.removeAll { $0.id == id }
        case .usage(let usage):
            self.usage = usage
        }
    }

    /// The index of the segment `id` (the last segment when `nil`), appended if missing.
    private mutating func segmentIndex(for id: String?) -> Int {
        if let id {
            if let index = segments.firstIndex(where: { $0.id == id }) { return index }
        } else if !segments.isEmpty {
            return segments.count - 1
        }
        segments.append(TextSegment(id: id, text: ""))
        return segments.count - 1
    }
}
