extension LanguageModelSession {
    /// A reusable change to a profile: its body receives the profile it modifies as `content`
    /// and returns a new profile, usually `content` with hooks or settings added.
    ///
    /// ```swift
    /// struct KeepTen: LanguageModelSession.DynamicProfileModifier {
    ///     @SessionProperty(\.history) private var history
    ///     func body(content: Content) -> some DynamicProfile {
    ///         content.onPrompt { history = history.suffix(10) }
    ///     }
    /// }
    /// ```
    public protocol DynamicProfileModifier {
        /// The type of the modified profile.
        associatedtype Body: LanguageModelSession.DynamicProfile
        /// The modified profile.
        @LanguageModelSession.DynamicProfileBuilder func body(content: Content) -> Body
        /// The profile being modified.
        typealias Content = LanguageModelSession.DynamicProfileModifierContent<Self>
    }

    /// The profile a modifier modifies.
    public struct DynamicProfileModifierContent<Modifier>: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile
    where Modifier: LanguageModelSession.DynamicProfileModifier {
        /// Resolved directly: no body.
        public typealias Body = Never

        /// The profile.
        let content: AnyDynamicProfile

        /// Resolves the profile.
        func resolve(into resolved: inout ResolvedProfile) {
            content.resolve(into: &resolved)
        }
    }

    /// A profile with a modifier applied.
    public struct ModifiedDynamicProfile<Content, Modifier>: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile
    where Content: LanguageModelSession.DynamicProfile, Modifier: LanguageModelSession.DynamicProfileModifier {
        /// Resolved directly: no body.
        public typealias Body = Never

        /// The profile modified.
        let content: Content
        /// The modifier.
        let modifier: Modifier

        /// Resolves the modifier's body around the content.
        func resolve(into resolved: inout ResolvedProfile) {
            let wrapped = DynamicProfileModifierContent<Modifier>(content: AnyDynamicProfile(content))
            modifier.body(content: wrapped).resolve(into: &resolved)
        }
    }
}

extension LanguageModelSession.DynamicProfileModifierContent {
    /// Primitive: never called.
    public var body: Never { fatalError("DynamicProfileModifierContent has no body") }
}

extension LanguageModelSession.ModifiedDynamicProfile {
    /// Primitive: never called.
    public var body: Never { fatalError("ModifiedDynamicProfile has no body") }
}

extension LanguageModelSession.DynamicProfile {
    /// This profile changed by `modifier`.
    ///
    /// ```swift
    /// Profile { Instructions("Be brief.") }.modifier(KeepTen())
    /// ```
    public func modifier<Modifier>(_ modifier: Modifier) -> some LanguageModelSession.DynamicProfile
    where Modifier: LanguageModelSession.DynamicProfileModifier {
        LanguageModelSession.ModifiedDynamicProfile(content: self, modifier: modifier)
    }
}

extension LanguageModelSession.DynamicProfileModifier {
    /// A dynamic profile.
    public typealias DynamicProfile = LanguageModelSession.DynamicProfile
}
