import Foundation

extension Transcript {
    /// A reasoning entry: what a reasoning model thought before it answered.
    ///
    /// ```swift
    /// for case .reasoning(let reasoning) in session.transcript { print(reasoning) }
    /// ```
    public struct Reasoning: Sendable, Identifiable, Equatable {
        /// The entry's identity.
        public var id: String
        /// The reasoning text.
        public var segments: [Transcript.Segment]
        /// The provider's signature of the reasoning (sent back with it on the next request).
        public var signature: Data?
        /// Provider-specific details.
        public var metadata: [String: any Codable & Sendable & Equatable]

        /// Creates a reasoning entry.
        public init(
            id: String = UUID().uuidString, metadata: [String: any Sendable & Codable & Equatable] = [:], segments: [Transcript.Segment],
            signature: Data? = nil
        ) {
            self.id = id
            self.metadata = metadata
            self.segments = segments
            self.signature = signature
        }
    }
}

extension Transcript.Reasoning {
    /// Equal reasoning entries have the same identity, text, signature and metadata.
    public static func == (lhs: Transcript.Reasoning, rhs: Transcript.Reasoning) -> Bool {
        lhs.id == rhs.id && lhs.segments == rhs.segments && lhs.signature == rhs.signature && metadataEqual(lhs.metadata, rhs.metadata)
    }
}

extension Transcript.Reasoning {
    /// The reasoning's text.
    public var description: String {
        segments.map(\.description).joined(separator: "\n")
    }
}
