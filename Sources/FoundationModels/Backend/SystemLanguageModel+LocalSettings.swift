package import LocalInference

extension SystemLanguageModel {
    /// A system model on the local engine with `settings` — the file, context size, KV cache
    /// type and prompt cache an executable built from its command line — instead of those the
    /// process environment names (`SystemLanguageModel.default`, `SystemModelEnvironment`).
    ///
    /// Package access: `fm respond`, `fm chat` and `fm token-count` pass their flags down as
    /// this value; Apple's API has no such initializer.
    ///
    /// ```swift
    /// let settings = LocalModelSettings(location: ModelLocation(path: path), contextSize: 8192, kvFormat: .q8_0)
    /// let model = SystemLanguageModel(settings: settings)
    /// let session = LanguageModelSession(model: model)
    /// ```
    package convenience init(
        useCase: UseCase = .general, guardrails: Guardrails = .default, settings: LocalModelSettings,
        unsetSampling: UnsetSampling = .standard
    ) {
        let backend = LocalModelBackend(settings: settings, unsetSampling: unsetSampling)
        self.init(useCase: useCase, guardrails: guardrails, connector: SystemModelConnector { backend })
    }

    /// The settings the local engine loads this model with (`nil` when another engine answers).
    package var localSettings: LocalModelSettings? {
        (connector.backend as? LocalModelBackend)?.settings
    }

    /// How the local engine samples this model's requests that leave the sampling mode out
    /// (`nil` when another engine answers).
    package var localUnsetSampling: UnsetSampling? {
        (connector.backend as? LocalModelBackend)?.unsetSampling()
    }
}
