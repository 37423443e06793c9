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
        /// Values the model's executor attached to the response.
        var storedMetadata: [String: any Codable & Sendable & Equatable]
    }
}

extension Transcript.Response {
    /// Values the model's executor attached to the response (`assetIDs` when none were).
    public var metadata: [String: any Codable & Sendable & Equatable] {
        storedMetadata.isEmpty && !assetIDs.isEmpty ? ["assetIDs": assetIDs] : storedMetadata
    }

    /// Creates a response entry.
    public init(id: String = UUID().uuidString, assetIDs: [String], segments: [Transcript.Segment]) {
        self.id = id
        self.assetIDs = assetIDs
        self.segments = segments
        self.storedMetadata = [:]
    }

    /// Creates a response entry with metadata.
    public init(id: String = UUID().uuidString, metadata: [String: any Sendable & Codable & Equatable] = [:], segments: [Transcript.Segment]) {
        self.id = id
        self.assetIDs = (metadata["assetIDs"] as? [String]) ?? []
        self.segments = segments
        self.storedMetadata = metadata
    }

    /// Equal responses have the same identity, assets, content and metadata.
    public static func == (lhs: Transcript.Response, rhs: Transcript.Response) -> Bool {
        lhs.id == rhs.id && lhs.assetIDs == rhs.assetIDs && lhs.segments == rhs.segments && metadataEqual(lhs.storedMetadata, rhs.storedMetadata)
    }
}
