import Foundation

extension Transcript {
    /// The instructions entry: how the model should behave, and the tools it may call.
    public struct Instructions: Sendable, Identifiable, Equatable {
        /// The entry's identity.
        public var id: String
        /// The instructions' text and content.
        public var segments: [Transcript.Segment]
        /// The tools the model may call.
        public var toolDefinitions: [Transcript.ToolDefinition]

        /// Creates an instructions entry.
        public init(id: String = UUID().uuidString, segments: [Transcript.Segment], toolDefinitions: [Transcript.ToolDefinition]) {
            self.id = id
            self.segments = segments
            self.toolDefinitions = toolDefinitions
        }
    }

    /// A tool as the model sees it: name, description and the schema of its arguments.
    ///
    /// ```swift
    /// let definition = Transcript.ToolDefinition(tool: FindContactTool())
    /// ```
    public struct ToolDefinition: Sendable, Equatable {
        /// The tool's name.
        public var name: String
        /// What the tool does.
        public var description: String
        /// The schema of the tool's arguments.
        public var parameters: GenerationSchema

        /// Creates a tool definition.
        public init(name: String, description: String, parameters: GenerationSchema) {
            self.name = name
            self.description = description
            self.parameters = parameters
        }

        /// Creates the definition of a tool.
        public init(tool: some Tool) {
            self.init(name: tool.name, description: tool.description, parameters: tool.parameters)
        }

        /// Equal definitions have the same name, description and parameters.
        public static func == (lhs: ToolDefinition, rhs: ToolDefinition) -> Bool {
            lhs.name == rhs.name && lhs.description == rhs.description && lhs.parameters.isSame(as: rhs.parameters)
        }
    }
}

extension GenerationSchema {
    /// Whether two schemas describe the same values in the same way (definitions in any order).
    func isSame(as other: GenerationSchema) -> Bool {
        guard root == other.root, definitions.count == other.definitions.count else { return false }
        return definitions.allSatisfy { definition in
            other.definitions.contains { $0.name == definition.name && $0.node == definition.node }
        }
    }
}
