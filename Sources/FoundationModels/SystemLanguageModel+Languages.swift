import Foundation

extension SystemLanguageModel {
    /// The languages the model answers in (none while no engine is connected).
    ///
    /// ```swift
    /// SystemLanguageModel.default.supportedLanguages.contains(Locale.Language(identifier: "fr"))
    /// ```
    public final var supportedLanguages: Set<Locale.Language> {
        connector.backend?.supportedLanguages ?? []
    }

    /// Whether the model answers in the language of `locale` (its language code is compared;
    /// region and script are not).
    ///
    /// ```swift
    /// if !model.supportsLocale() { showLanguageNotice() }
    /// ```
    public final func supportsLocale(_ locale: Locale = Locale.current) -> Bool {
        guard let code = locale.language.languageCode else { return false }
        return supportedLanguages.contains { $0.languageCode == code }
    }
}
