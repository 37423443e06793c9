import Foundation

/// The backend of a `SystemLanguageModel` created with an adapter: Apple's adapters fit only
/// Apple's on-device model, so the model is never available and is never asked to generate
/// (`SystemLanguageModel.readyBackend()` refuses it first).
struct UnsupportedAdapterBackend: SystemLanguageModelBackend {
    /// The adapter, for messages.
    let adapterDescription: String

    /// Never available: this device cannot run the adapter.
    var availability: SystemLanguageModel.Availability { .unavailable(.deviceNotEligible) }
    /// No model files.
    var assetIDs: [String] { [] }
    /// Apple's on-device model's context size, which the adapter was made for.
    var contextSize: Int { 4096 }
    /// No languages: the model cannot answer.
    var supportedLanguages: Set<Locale.Language> { [] }

    /// Throws: nothing can be rendered for this model.
    func tokenCount(for input: TokenCountInput) async throws -> Int {
        throw unsupported
    }

    /// Nothing to prepare.
    func prewarm(model: SystemLanguageModel, transcript: Transcript) {}

    /// Throws: the model cannot answer.
    func respond(
        to request: LanguageModelExecutorGenerationRequest,
        model: SystemLanguageModel,
        streamingInto channel: LanguageModelExecutorGenerationChannel
    ) async throws {
        throw unsupported
    }

    /// The error requests get.
    private var unsupported: SystemLanguageModel.Error {
        .unavailable("The adapter \(adapterDescription) was trained for Apple's on-device model and cannot run on Linux.")
    }
}
