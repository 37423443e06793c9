import Foundation
import Observation

/// Apple's larger model, run on Private Cloud Compute servers (Apple 27.0).
///
/// Private Cloud Compute needs an Apple device signed in to Apple's service, so on Linux the
/// model always reports itself unavailable (`.unavailable(.deviceNotEligible)`) and every
/// request fails with `PrivateCloudComputeLanguageModel.Error.serviceUnavailable`. Code written
/// for it compiles unchanged and can fall back to another model:
///
/// ```swift
/// let pcc = PrivateCloudComputeLanguageModel()
/// let session = pcc.isAvailable ? LanguageModelSession(model: pcc) : LanguageModelSession()
/// ```
public final class PrivateCloudComputeLanguageModel: Sendable {
    /// Tracks observers of `availability`.
    let registrar = ObservationRegistrar()

    /// Creates the model with its default configuration.
    init(configuration: Executor.Configuration) {}

    /// Why the service cannot be used here.
    static let unavailableDescription =
        "Private Cloud Compute is only available on eligible Apple devices; this system (Linux) cannot reach it."
}

extension PrivateCloudComputeLanguageModel {
    /// Whether the model can be used: never on Linux.
    public final var availability: Availability {
        registrar.access(self, keyPath: \.availability)
        return .unavailable(.deviceNotEligible)
    }

    /// How much of the user's quota is used: below the limit (nothing can be used here).
    public final var quotaUsage: QuotaUsage {
        QuotaUsage(status: .belowLimit(.init(isApproachingLimit: false)), limitIncreaseSuggestion: nil, resetDate: nil)
    }

    /// Whether `availability` is `.available`.
    public final var isAvailable: Bool {
        availability == .available
    }
}

extension PrivateCloudComputeLanguageModel {
    /// Creates the model.
    public convenience init() {
        self.init(configuration: Executor.Configuration())
    }
}

extension PrivateCloudComputeLanguageModel {
    /// Whether the model can be used.
    @frozen public enum Availability: Equatable, Sendable {
        /// Ready.
        case available
        /// Not usable, and why.
        case unavailable(UnavailableReason)
    }
}

extension PrivateCloudComputeLanguageModel.Availability {
    /// Why the model cannot be used.
    public enum UnavailableReason: Equatable, Sendable, Hashable {
        /// The device cannot use Private Cloud Compute (always the case on Linux).
        case deviceNotEligible
        /// The system is not ready yet.
        case systemNotReady
    }
}

extension PrivateCloudComputeLanguageModel: Observable {}

extension PrivateCloudComputeLanguageModel: LanguageModel {
    /// What the model can do.
    public final var capabilities: LanguageModelCapabilities {
        LanguageModelCapabilities([.guidedGeneration, .toolCalling, .vision, .reasoning])
    }

    /// The executor's configuration.
    public final var executorConfiguration: Executor.Configuration {
        Executor.Configuration()
    }
}

extension PrivateCloudComputeLanguageModel {
    /// Runs requests on Private Cloud Compute; on Linux each request fails with
    /// `Error.serviceUnavailable`.
    public struct Executor: LanguageModelExecutor {
        /// The model.
        public typealias Model = PrivateCloudComputeLanguageModel

        /// Creates the executor.
        public init(configuration: Configuration) {}

        /// Nothing to prepare: the service cannot be reached.
        public func prewarm(model: Model, transcript: Transcript) {}

        /// Fails: the service cannot be reached from this system.
        public nonisolated(nonsending) func respond(
            to request: LanguageModelExecutorGenerationRequest, model: PrivateCloudComputeLanguageModel,
            streamingInto channel: LanguageModelExecutorGenerationChannel
        ) async throws {
            throw PrivateCloudComputeLanguageModel.Error.serviceUnavailable(
                .init(debugDescription: PrivateCloudComputeLanguageModel.unavailableDescription))
        }
    }
}

extension PrivateCloudComputeLanguageModel.Executor {
    /// The executor's configuration (there is nothing to configure).
    public struct Configuration: Hashable & Sendable {}
}

extension PrivateCloudComputeLanguageModel {
    /// The model's context size: unknown here, so reading it throws `serviceUnavailable`.
    nonisolated(nonsending) public final var contextSize: Int {
        get async throws {
            throw Error.serviceUnavailable(.init(debugDescription: Self.unavailableDescription))
        }
    }
}

extension PrivateCloudComputeLanguageModel {
    /// The languages the model supports: none here.
    public final var supportedLanguages: Set<Locale.Language> {
        []
    }

    /// Whether the model supports `locale`: never here.
    public final func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        false
    }
}
