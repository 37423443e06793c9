import Foundation

/// A reference the model generates to an image attached to the conversation, by the
/// attachment's label (Apple 27.0).
///
/// ```swift
/// @Generable struct Pick { var best: ImageReference }
/// let pick = try await session.respond(to: "Which photo is sharpest?", generating: Pick.self).content
/// let image = pick.best.resolve(in: session.transcript)   // the attachment labelled as the model said
/// ```
public struct ImageReference: Sendable, Equatable {
    /// The label of the attachment the model refers to.
    public let attachmentLabel: String
}

extension ImageReference {
    /// The image attachment labelled `attachmentLabel` in `transcript` (the last one, if
    /// several share the label), or `nil`.
    public func resolve(in transcript: Transcript) -> Transcript.ImageAttachment? {
        for entry in transcript.reversed() {
            for case .attachment(let attachment) in entry.segments.reversed() where attachment.label == attachmentLabel {
                if case .image(let image) = attachment.content { return image }
            }
        }
        return nil
    }
}

extension ImageReference {
    /// An image reference as it is being generated.
    public struct PartiallyGenerated: Identifiable, ConvertibleFromGeneratedContent, Equatable {
        /// The generation's identity.
        public var id: GenerationID
        /// The label so far.
        public var attachmentLabel: String.PartiallyGenerated?

        /// Reads a partial reference from content.
        public init(_ content: GeneratedContent) throws {
            self.id = content.id ?? GenerationID()
            self.attachmentLabel = try content.value(String?.self, forProperty: "attachmentLabel")
        }
    }
}

extension ImageReference: Generable {
    /// An object with the label of an attached image.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(
            type: ImageReference.self, description: "A reference to an attached image, by its label",
            properties: [GenerationSchema.Property(name: "attachmentLabel", description: "The label of the attached image", type: String.self)])
    }

    /// The reference as content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["attachmentLabel": attachmentLabel])
    }

    /// Reads a reference from content.
    public init(_ content: GeneratedContent) throws {
        self.attachmentLabel = try content.value(String.self, forProperty: "attachmentLabel")
    }
}
