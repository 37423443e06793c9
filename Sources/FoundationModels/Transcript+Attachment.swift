import Foundation

extension Transcript {
    /// An attachment segment: an image, with an optional label.
    ///
    /// ```swift
    /// let photo = Transcript.AttachmentSegment(content: .image(.init(imageURL: url)), label: "receipt")
    /// ```
    public struct AttachmentSegment: Sendable, Identifiable, Equatable {
        /// The segment's identity.
        public var id: String
        /// The attachment.
        public var content: Transcript.Attachment
        /// A label the model sees with the attachment.
        public var label: String?

        /// Creates an attachment segment.
        public init(id: String = UUID().uuidString, content: Transcript.Attachment, label: String? = nil) {
            self.id = id
            self.content = content
            self.label = label
        }
    }

    /// What can be attached to a prompt or instructions.
    public enum Attachment: Sendable, Equatable {
        /// An image.
        case image(Transcript.ImageAttachment)
    }

    /// An image attached to a transcript entry.
    public struct ImageAttachment: Sendable, Equatable {
        /// Where the image is.
        let reference: ImageAttachmentContent
    }
}

extension Transcript.ImageAttachment {
    /// The image's file or web address, when it was attached by address.
    public var url: URL? { reference.url }

    /// An image attached by its address.
    ///
    /// `orientation` is accepted where CoreGraphics exists; on Linux an image is read as stored.
    public init(imageURL: URL) {
        self.reference = ImageAttachmentContent(url: imageURL)
    }
}

extension Transcript.AttachmentSegment: CustomStringConvertible {
    /// The attachment's label and address.
    public var description: String {
        let name: String
        switch content {
        case .image(let image): name = "image" + (image.url.map { " \($0.absoluteString)" } ?? "")
        }
        return label.map { "[\($0): \(name)]" } ?? "[\(name)]"
    }
}

/// The content of an image attachment: where the image is.
public struct ImageAttachmentContent: Sendable, Equatable {
    /// The image's address.
    let url: URL?
}

/// Something attached to a prompt or instructions, such as an image.
///
/// ```swift
/// let answer = try await session.respond {
///     "What is in this picture?"
///     Attachment(imageURL: photoURL).label("photo")
/// }
/// ```
public struct Attachment<Content> {
    /// The attachment, as the transcript records it.
    let segment: Transcript.AttachmentSegment
}

extension Attachment {
    /// The same attachment with a label the model sees.
    public func label(_ label: String) -> Attachment<Content> {
        var segment = segment
        segment.label = label
        return Attachment(segment: segment)
    }
}

extension Attachment where Content == ImageAttachmentContent {
    /// An image at a file or web address.
    public init(imageURL: URL) {
        self.segment = Transcript.AttachmentSegment(content: .image(Transcript.ImageAttachment(imageURL: imageURL)))
    }
}

extension Attachment: PromptRepresentable, InstructionsRepresentable {
    /// A prompt holding the attachment.
    public var promptRepresentation: Prompt {
        Prompt(segments: [.segment(.attachment(segment))])
    }

    /// Instructions holding the attachment.
    public var instructionsRepresentation: Instructions {
        Instructions(segments: [.segment(.attachment(segment))])
    }
}
