extension LanguageModelSession {
    /// A session's configuration worked out again before each request: its instructions and
    /// tools, its model, option overrides, history transforms and event hooks (Apple 27.0).
    ///
    /// ```swift
    /// struct Assistant: LanguageModelSession.DynamicProfile {
    ///     var body: some DynamicProfile {
    ///         Profile { Instructions("You are a helpful assistant.") }
    ///             .temperature(0.2)
    ///             .onResponse { response in print(response) }
    ///     }
    /// }
    /// let session = LanguageModelSession(profile: Assistant())
    /// ```
    @_typeEraser(AnyDynamicProfile)
    public protocol DynamicProfile {
        /// The type of the profile's content.
        associatedtype Body: LanguageModelSession.DynamicProfile
        /// The profile's content.
        @LanguageModelSession.DynamicProfileBuilder var body: Body { get }
    }

    /// A profile made of dynamic instructions (and the tools among them).
    public struct Profile: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile {
        /// Resolved directly: no body.
        public typealias Body = Never

        /// The instructions.
        let instructions: AnyDynamicInstructions

        /// Adds the instructions, worked out now.
        func resolve(into resolved: inout ResolvedProfile) {
            resolved.instructions = instructions.resolved()
        }
    }
}

extension LanguageModelSession.Profile {
    /// A profile with the instructions and tools the builder gives.
    ///
    /// ```swift
    /// Profile {
    ///     Instructions("Answer briefly.")
    ///     SearchTool()
    /// }
    /// ```
    public init(@DynamicInstructionsBuilder _ dynamicInstructions: () -> some DynamicInstructions) {
        self.instructions = AnyDynamicInstructions(dynamicInstructions())
    }

    /// Primitive: never called.
    public var body: Never { fatalError("Profile has no body") }
}

extension LanguageModelSession {
    /// A dynamic profile of any type.
    public struct AnyDynamicProfile: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile {
        /// Resolved directly: no body.
        public typealias Body = Never

        /// The wrapped profile.
        let wrapped: any LanguageModelSession.DynamicProfile

        /// Wraps a profile.
        public init(_ dynamicProfile: any LanguageModelSession.DynamicProfile) {
            if let any = dynamicProfile as? AnyDynamicProfile {
                self.wrapped = any.wrapped
            } else {
                self.wrapped = dynamicProfile
            }
        }

        /// Resolves the wrapped profile.
        func resolve(into resolved: inout ResolvedProfile) {
            wrapped.resolve(into: &resolved)
        }
    }
}

extension LanguageModelSession.AnyDynamicProfile {
    /// Primitive: never called.
    public var body: Never { fatalError("AnyDynamicProfile has no body") }

    /// Wraps a profile (the type eraser's initializer).
    public init(erasing dynamicProfile: some LanguageModelSession.DynamicProfile) {
        self.init(dynamicProfile)
    }
}

extension LanguageModelSession {
    /// One of two profiles, chosen by a condition.
    public struct ConditionalDynamicProfile<TrueContent, FalseContent>: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile
    where TrueContent: LanguageModelSession.DynamicProfile, FalseContent: LanguageModelSession.DynamicProfile {
        /// Resolved directly: no body.
        public typealias Body = Never

        /// The branch taken.
        @usableFromInline
        internal var branch: Branch

        /// The profile of a branch.
        @usableFromInline
        internal init(_ branch: Branch) {
            self.branch = branch
        }

        /// Resolves the branch taken.
        func resolve(into resolved: inout ResolvedProfile) {
            let outer = resolved.branch
            defer { resolved.branch = outer }
            switch branch {
            case .trueContent(let content):
                resolved.branch = outer + "/t"
                content.resolve(into: &resolved)
            case .falseContent(let content):
                resolved.branch = outer + "/f"
                content.resolve(into: &resolved)
            }
        }
    }
}

extension LanguageModelSession.ConditionalDynamicProfile {
    /// The branch a condition took.
    @usableFromInline
    internal enum Branch {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
}

extension LanguageModelSession.ConditionalDynamicProfile {
    /// Primitive: never called.
    public var body: Never { fatalError("ConditionalDynamicProfile has no body") }
}

extension LanguageModelSession {
    /// Builds a profile's body: one profile, or one of two by a condition.
    @resultBuilder
    public struct DynamicProfileBuilder {}
}

extension LanguageModelSession.DynamicProfileBuilder {
    /// One profile.
    public static func buildBlock<T>(_ content: T) -> T where T: LanguageModelSession.DynamicProfile {
        content
    }

    /// The first branch of a condition.
    public static func buildEither<TrueContent, FalseContent>(
        first content: TrueContent
    )
        -> LanguageModelSession.ConditionalDynamicProfile<TrueContent, FalseContent>
    where TrueContent: LanguageModelSession.DynamicProfile, FalseContent: LanguageModelSession.DynamicProfile {
        LanguageModelSession.ConditionalDynamicProfile(.trueContent(content))
    }

    /// The second branch of a condition.
    public static func buildEither<TrueContent, FalseContent>(
        second content: FalseContent
    )
        -> LanguageModelSession.ConditionalDynamicProfile<TrueContent, FalseContent>
    where TrueContent: LanguageModelSession.DynamicProfile, FalseContent: LanguageModelSession.DynamicProfile {
        LanguageModelSession.ConditionalDynamicProfile(.falseContent(content))
    }

    /// Several profiles: not allowed, a body is one active profile.
    @available(*, unavailable, message: "The body of a 'DynamicProfile' must evaluate to a single active profile")
    public static func buildBlock<each Content>(_ contents: repeat each Content) -> Never
    where repeat each Content: LanguageModelSession.DynamicProfile {
        fatalError()
    }

    /// A profile behind an availability check.
    public static func buildLimitedAvailability(
        _ component: some LanguageModelSession.DynamicProfile
    )
        -> LanguageModelSession.AnyDynamicProfile
    {
        LanguageModelSession.AnyDynamicProfile(component)
    }
}

extension LanguageModelSession.DynamicProfile {
    /// A profile of instructions.
    public typealias Profile = LanguageModelSession.Profile
    /// A dynamic profile.
    public typealias DynamicProfile = LanguageModelSession.DynamicProfile
}

extension Never: LanguageModelSession.DynamicProfile {}
