import Foundation

/// What a dynamic profile resolves to before a request step: instructions and tools, model,
/// option overrides, history transforms and event hooks.
struct ResolvedProfile {
    /// A hook run with a prompt, response, reasoning or tool event.
    typealias Hook<Value> = nonisolated(nonsending) (Value) async throws -> Void

    /// The instructions and tools.
    var instructions = ResolvedInstructions()
    /// The model, if the profile chose one.
    var model: ModelConnection?
    /// Option overrides, applied over the request's own options.
    var temperature: Double??
    var samplingMode: GenerationOptions.SamplingMode??
    var maximumResponseTokens: Int??
    var toolCallingMode: GenerationOptions.ToolCallingMode??
    var reasoningLevel: ContextOptions.ReasoningLevel??
    var transcriptErrorHandlingPolicy: TranscriptErrorHandlingPolicy??
    /// Transforms of the history the model sees, applied in order.
    var historyTransforms: [([Transcript.Entry]) -> [Transcript.Entry]] = []
    /// Hooks, in the order they were declared.
    var onPrompt: [Hook<Transcript.Prompt>] = []
    var onResponse: [Hook<Transcript.Response>] = []
    var onReasoning: [Hook<Transcript.Reasoning>] = []
    var onToolCall: [Hook<Transcript.ToolCall>] = []
    var onToolOutput: [nonisolated(nonsending) (Transcript.ToolCall, Transcript.ToolOutput) async throws -> Void] = []
    /// Hooks run when the branch they were declared in becomes active, or stops being active.
    var onActivate: [ActivationHook] = []
    var onDeactivate: [ActivationHook] = []
    /// The conditional branches taken to reach the settings being added: `""` at the top,
    /// `"/t"`, `"/f"`, `"/t/f"`… below `if`/`else` (and `switch`) in a profile's body.
    var branch = ""

    /// An `onActivate` or `onDeactivate` action and the branch of the body that declared it.
    struct ActivationHook {
        /// The branch (`ResolvedProfile.branch` when the modifier was resolved).
        var branch: String
        /// The action.
        var action: @isolated(any) () async -> Void
    }

    /// The branches that declared activation hooks: the parts of the profile that are active.
    var activeBranches: Set<String> {
        Set(onActivate.map(\.branch)).union(onDeactivate.map(\.branch))
    }

    /// `options` with the profile's overrides applied.
    func applied(to options: GenerationOptions) -> GenerationOptions {
        var options = options
        if let temperature { options.temperature = temperature }
        if let samplingMode { options.samplingMode = samplingMode }
        if let maximumResponseTokens { options.maximumResponseTokens = maximumResponseTokens }
        if let toolCallingMode { options.toolCallingMode = toolCallingMode }
        return options
    }

    /// `contextOptions` with the profile's reasoning level applied.
    func applied(to contextOptions: ContextOptions) -> ContextOptions {
        var contextOptions = contextOptions
        if let reasoningLevel { contextOptions.reasoningLevel = reasoningLevel }
        return contextOptions
    }
}

/// Dynamic profiles that resolve themselves rather than through a body.
protocol PrimitiveDynamicProfile {
    /// Adds this profile's settings to `resolved`.
    func resolve(into resolved: inout ResolvedProfile)
}

extension LanguageModelSession.DynamicProfile {
    /// Adds this profile's settings (its body's, for composite profiles) to `resolved`.
    func resolve(into resolved: inout ResolvedProfile) {
        if let primitive = self as? any PrimitiveDynamicProfile {
            primitive.resolve(into: &resolved)
        } else {
            body.resolve(into: &resolved)
        }
    }

    /// The profile's settings now.
    func resolved() -> ResolvedProfile {
        var resolved = ResolvedProfile()
        resolve(into: &resolved)
        return resolved
    }
}

/// A profile with one setting applied before its content's (the content's own settings win).
struct ProfileSetting<Content: LanguageModelSession.DynamicProfile>: LanguageModelSession.DynamicProfile, PrimitiveDynamicProfile {
    /// The profile the setting applies to.
    let content: Content
    /// Applies the setting.
    let apply: (inout ResolvedProfile) -> Void

    /// Primitive: never called.
    var body: Never { fatalError("ProfileSetting has no body") }

    /// Applies the setting, then the content's.
    func resolve(into resolved: inout ResolvedProfile) {
        apply(&resolved)
        content.resolve(into: &resolved)
    }
}

extension LanguageModelSession.DynamicProfile {
    /// This profile with a setting.
    func setting(_ apply: @escaping (inout ResolvedProfile) -> Void) -> ProfileSetting<Self> {
        ProfileSetting(content: self, apply: apply)
    }
}

/// A profile value a session holds across tasks; the session runs one request at a time.
final class ProfileBox: @unchecked Sendable {
    /// The profile.
    let profile: any LanguageModelSession.DynamicProfile
    /// The values `@SessionProperty` reads and writes.
    let properties: SessionPropertyValues

    /// Holds `profile`.
    init(_ profile: any LanguageModelSession.DynamicProfile, properties: SessionPropertyValues) {
        self.profile = profile
        self.properties = properties
    }

    /// The branches active at the last step, and their `onDeactivate` hooks; `nil` before the
    /// first step.
    private var active: (branches: Set<String>, onDeactivate: [ResolvedProfile.ActivationHook])?

    /// The profile's settings now, worked out with the session's properties in scope.
    func resolve() -> ResolvedProfile {
        SessionPropertyValues.$current.withValue(properties) { profile.resolved() }
    }

    /// Records `resolved` as the active profile and returns what changed: the `onDeactivate`
    /// hooks of branches no longer taken, then the `onActivate` hooks of branches newly taken
    /// (every branch on the first step). A step that takes the same branches returns nothing.
    func activate(_ resolved: ResolvedProfile) -> [@isolated(any) () async -> Void] {
        let previous = active?.branches ?? []
        let now = resolved.activeBranches
        let leaving = (active?.onDeactivate ?? []).filter { !now.contains($0.branch) }.map(\.action)
        let entering = resolved.onActivate.filter { active == nil || !previous.contains($0.branch) }.map(\.action)
        active = (now, resolved.onDeactivate)
        return leaving + entering
    }
}
