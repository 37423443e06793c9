import Foundation

extension Transcript {
    /// The tool calls the model made in one step of a response.
    public struct ToolCalls: Sendable, Identifiable, Equatable, RandomAccessCollection {
        /// The entry's identity.
        public var id: String
        /// The calls, in the order the model made them.
        var calls: [Transcript.ToolCall]

        /// Creates a tool-calls entry.
        public init<S>(id: String = UUID().uuidString, _ calls: S) where S: Sequence, S.Element == Transcript.ToolCall {
            self.id = id
            self.calls = Array(calls)
        }

        /// The call at `position`.
        public subscript(position: Int) -> Transcript.ToolCall { calls[position] }

        /// The position of the first call (0).
        public var startIndex: Int { calls.startIndex }

        /// The position after the last call.
        public var endIndex: Int { calls.endIndex }
    }

    /// One call of a tool, with the arguments the model generated.
    public struct ToolCall: Sendable, Identifiable, Equatable {
        /// The call's identity; the tool's output entry has the same ID.
        public var id: String
        /// The name of the tool called.
        public var toolName: String
        /// The arguments.
        public var arguments: GeneratedContent
        /// Values the model's executor attached to the call.
        public var metadata: [String: any Codable & Sendable & Equatable]

        /// Creates a tool call.
        public init(id: String, toolName: String, arguments: GeneratedContent) {
            self.init(id: id, metadata: [:], toolName: toolName, arguments: arguments)
        }

        /// Creates a tool call with metadata.
        public init(id: String, metadata: [String: any Codable & Sendable & Equatable], toolName: String, arguments: GeneratedContent) {
            self.id = id
            self.metadata = metadata
            self.toolName = toolName
            self.arguments = arguments
        }

        /// Equal calls have the same identity, tool, arguments and metadata.
        public static func == (lhs: ToolCall, rhs: ToolCall) -> Bool {
            lhs.id == rhs.id && lhs.toolName == rhs.toolName && lhs.arguments == rhs.arguments && metadataEqual(lhs.metadata, rhs.metadata)
        }
    }

    /// What a tool returned, shown to the model.
    public struct ToolOutput: Sendable, Identifiable, Equatable {
        /// The identity of the call this output answers.
        public var id: String
        /// The name of the tool.
        public var toolName: String
        /// The output's text and content.
        public var segments: [Transcript.Segment]

        /// Creates a tool output entry.
        public init(id: String, toolName: String, segments: [Transcript.Segment]) {
            self.id = id
            self.toolName = toolName
            self.segments = segments
        }
    }
}
