import Foundation

extension Transcript {
    /// The model's response.
    public struct Response: Sendable, Identifiable, Equatable {
        /// The entry's identity.
        public var id: String
        /// The identifiers of the model assets that produced the response.
        public var assetIDs: [String]
        /// The response's text or structured content.
        public var segments: [Transcript.Segment]

        /// Creates a response entry.
        public init(id: String = UUID().uuidString, assetIDs: [String], segments: [Transcript.Segment]) {
            self.id = id
            self.assetIDs = assetIDs
            self.segments = segments
        }
    }
}
