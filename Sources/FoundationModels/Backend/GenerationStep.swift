import Foundation

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
    /// The executor's latest token counts, plus the tokens of text sent after the report
    /// (`nil` until the executor reports or credits any).
    var usage: LanguageModelExecutorGenerationChannel.Usage?
    /// The identity the executor chose for the reasoning entry.
    var reasoningEntryID: String?
    /// The reasoning text's segments, in order.
    var reasoningSegments: [TextSegment] = []
    /// The provider's signature of the reasoning.
    var reasoningSignature: Data?
    /// Metadata the executor attached to the reasoning entry.
    var reasoningMetadata: [String: any Sendable & Codable & Equatable] = [:]
    /// Metadata the executor attached to the response entry.
    var responseMetadata: [String: any Sendable & Codable & Equatable] = [:]
    /// Attachment and app-defined segments of the response, in order.
    var extraSegments: [Transcript.Segment] = []
    /// Metadata the executor attached to each tool call, by call identity.
    var toolCallMetadata: [String: [String: any Sendable & Codable & Equatable]] = [:]

    /// The response text: all segments, one after another.
    var text: String { segments.map(\.text).joined() }

    /// Applies an event; returns whether the response text changed.
    mutating func apply(_ event: LanguageModelExecutorGenerationChannel.Event) -> Bool {
        switch event.kind {
        case .response(let response):
            if responseEntryID == nil { responseEntryID = response.entryID }
            return apply(response.action)
        case .reasoning(let reasoning):
            if reasoningEntryID == nil { reasoningEntryID = reasoning.entryID }
            apply(reasoning.action)
            return false
        case .toolCalls(let calls):
            if toolCallsEntryID == nil { toolCallsEntryID = calls.entryID }
            apply(calls.action)
            return false
        }
    }

    /// Counts `tokens` generated tokens on top of the latest report.
    private mutating func credit(_ tokens: Int) {
        var current = usage ?? .init(input: .init(totalTokenCount: 0, cachedTokenCount: 0), output: .init(totalTokenCount: 0, reasoningTokenCount: 0))
        current.output.totalTokenCount += tokens
        usage = current
    }

    /// Applies a change to the reasoning.
    private mutating func apply(_ action: LanguageModelExecutorGenerationChannel.Reasoning.Action) {
        switch action.kind {
        case .append(let fragment):
            let index = Self.segmentIndex(for: fragment.segmentID, in: &reasoningSegments)
            reasoningSegments[index].text += fragment.content
            credit(fragment.tokenCount)
            usage?.output.reasoningTokenCount += fragment.tokenCount
        case .replace(let replacement):
            let index = Self.segmentIndex(for: replacement.segmentID, in: &reasoningSegments)
            reasoningSegments[index].text = replacement.content
        case .signature(let signature):
            reasoningSignature = signature.signature
        case .metadata(let metadata):
            reasoningMetadata.merge(metadata.values) { _, new in new }
        case .usage(let usage):
            self.usage = usage
        }
    }

    /// Applies a change to the response text.
    private mutating func apply(_ action: LanguageModelExecutorGenerationChannel.Response.Action) -> Bool {
        switch action.kind {
        case .append(let fragment):
            let index = Self.segmentIndex(for: fragment.segmentID, in: &segments)
            segments[index].text += fragment.content
            credit(fragment.tokenCount)
            return !fragment.content.isEmpty
        case .replace(let replacement):
            let index = Self.segmentIndex(for: replacement.segmentID, in: &segments)
            let changed = segments[index].text != replacement.content
            segments[index].text = replacement.content
            return changed
        case .usage(let usage):
            self.usage = usage
            return false
        case .custom(let segment):
            if let index = extraSegments.firstIndex(where: { $0.id == segment.id }) {
                extraSegments[index] = .custom(segment)
            } else {
                extraSegments.append(.custom(segment))
            }
            return false
        case .addAttachment(let segment):
            extraSegments.append(.attachment(segment))
            return false
        case .removeAttachment(let id):
            extraSegments.removeAll { $0.id == id }
            return false
        case .metadata(let metadata):
            responseMetadata.merge(metadata.values) { _, new in new }
            return false
        }
    }

    /// Applies a change to the tool calls.
    private mutating func apply(_ action: LanguageModelExecutorGenerationChannel.ToolCalls.Action) {
        switch action.kind {
        case .call(let call):
            credit(call.action.fragment.tokenCount)
            if !call.action.metadata.isEmpty {
                toolCallMetadata[call.id, default: [:]].merge(call.action.metadata) { _, new in new }
            }
            if let index = toolCalls.firstIndex(where: { $0.id == call.id }) {
                toolCalls[index].arguments += call.action.fragment.content
            } else {
                toolCalls.append(ToolCall(id: call.id, name: call.name, arguments: call.action.fragment.content))
            }
        case .remove(let id):
            toolCalls.removeAll { $0.id == id }
        case .usage(let usage):
            self.usage = usage
        case .metadata:
            break
        }
    }

    /// The index of the segment `id` (the last segment when `nil`), appended if missing.
    private static func segmentIndex(for id: String?, in segments: inout [TextSegment]) -> Int {
        if let id {
            if let index = segments.firstIndex(where: { $0.id == id }) { return index }
        } else if !segments.isEmpty {
            return segments.count - 1
        }
        segments.append(TextSegment(id: id, text: ""))
        return segments.count - 1
    }

    /// The reasoning entry of the step, if the executor sent reasoning.
    var reasoningEntry: Transcript.Reasoning? {
        guard !reasoningSegments.isEmpty || reasoningSignature != nil else { return nil }
        return Transcript.Reasoning(
            id: reasoningEntryID ?? UUID().uuidString, metadata: reasoningMetadata,
            segments: reasoningSegments.map { .text(Transcript.TextSegment(id: $0.id ?? UUID().uuidString, content: $0.text)) },
            signature: reasoningSignature)
    }
}
