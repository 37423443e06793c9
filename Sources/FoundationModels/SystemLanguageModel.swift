import Observation

/// The on-device language model: here, the open GGUF model run by this package's engine.
///
/// Check `availability` before you offer features that need the model:
///
/// ```swift
/// let model = SystemLanguageModel.default
/// switch model.availability {
/// case .available:
///     let session = LanguageModelSession(model: model)
/// case .unavailable(let reason):
///     print("The model is unavailable: \(reason)")   // e.g. .modelNotReady: not installed
/// }
/// ```
///
/// A model is only a description (use case, guardrails); sessions do the work. The model is the
/// local GGUF file named by `FM_MODEL` (a catalog name or a path), else the default catalog model
/// (`fm model install`); until it is installed the model reports `.unavailable(.modelNotReady)`
/// and requests throw `SystemLanguageModel.Error.assetsUnavailable`.
public final class SystemLanguageModel: Sendable {
    /// What the model is used for.
    let useCase: UseCase
    /// The guardrails applied to prompts and responses.
    let guardrails: Guardrails
    /// Where the model finds its engine.
    let connector: SystemModelConnector
    /// Tracks observers of `availability`.
    private let registrar = ObservationRegistrar()

    /// Creates a model for a use case and guardrails, connected through `connector`.
    init(useCase: UseCase, guardrails: Guardrails, connector: SystemModelConnector) {
        self.useCase = useCase
        self.guardrails = guardrails
        self.connector = connector
    }

    /// Creates a model for a use case with guardrails.
    ///
    /// ```swift
    /// let tagger = SystemLanguageModel(useCase: .contentTagging)
    /// ```
    public convenience init(useCase: UseCase = .general, guardrails: Guardrails = Guardrails.default) {
        self.init(useCase: useCase, guardrails: guardrails, connector: .standard)
    }

    /// The model for general use with the default guardrails.
    public static var `default`: SystemLanguageModel { shared }

    /// The one default model.
    private static let shared = SystemLanguageModel(useCase: .general, guardrails: .default, connector: .standard)

    /// Whether the model can be used now, and if not, why.
    public final var availability: Availability {
        registrar.access(self, keyPath: \.availability)
        return connector.backend?.availability ?? .unavailable(.modelNotReady)
    }

    /// Whether `availability` is `.available`.
    public final var isAvailable: Bool {
        availability == .available
    }

    /// The identifiers of the connected model's files (none without an engine).
    var assetIDs: [String] {
        connector.backend?.assetIDs ?? []
    }

    /// The connected backend, ready to answer.
    ///
    /// - Throws: `SystemLanguageModel.Error.assetsUnavailable` naming the reason when no engine
    ///   is connected or the engine cannot answer.
    func readyBackend() throws -> any SystemLanguageModelBackend {
        guard let backend = connector.backend else {
            throw Error.assetsUnavailable(
                .init(
                    debugDescription:
                        "No inference engine is connected to SystemLanguageModel (availability: unavailable(modelNotReady)). "
                        + "Install a model with `fm model install`, or create the session with another LanguageModel."))
        }
        let availability = backend.availability
        guard availability == .available else {
            throw Error.assetsUnavailable(
                .init(
                    debugDescription:
                        "The system language model is not ready (availability: \(availability)). "
                        + (backend.unavailabilityMessage ?? "")))
        }
        return backend
    }
}

extension SystemLanguageModel: Observable {}
