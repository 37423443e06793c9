import Foundation
import FoundationModels
import Testing

/// The local models have no vision: a transcript holding an image attachment is refused with
/// `LanguageModelError.unsupportedCapability(.vision)` before any work, never answered as if the
/// image were not there.
@Suite struct LocalImageRefusalTests {
    @Test func anImageAttachmentIsRefusedAsUnsupportedVision() async throws {
        let image = Transcript.AttachmentSegment(
            content: .image(.init(imageURL: URL(fileURLWithPath: "/tmp/receipt.png"))), label: "receipt")
        let transcript = Transcript(entries: [
            .prompt(.init(segments: [.text(.init(content: "Read this receipt.")), .attachment(image)]))
        ])
        let session = LanguageModelSession(transcript: transcript)
        await #expect {
            _ = try await session.respond(to: "What is the total?", options: GenerationOptions(samplingMode: .greedy))
        } throws: { error in
            guard case LanguageModelError.unsupportedCapability(let detail) = error else { return false }
            return detail.capability == .vision && detail.debugDescription.contains("image attachment")
        }
    }
}
