/// Options that control how the model generates a response: the sampling strategy, the
/// temperature and a limit on the response's length.
///
/// ```swift
/// let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200)
/// let answer = try await session.respond(to: "Name a tea.", options: options)
/// ```
///
/// Options apply to one request and are recorded with its prompt in the transcript.
public struct GenerationOptions: Sendable, Equatable {
    /// How the next token is chosen from the model's probabilities.
    ///
    /// ```swift
    /// GenerationOptions(samplingMode: .greedy)                                  // repeatable
    /// GenerationOptions(samplingMode: .random(top: 40, seed: 7))                // top-k
    /// GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9))       // nucleus
    /// ```
    public struct SamplingMode: Sendable, Equatable {
        /// The strategy and its parameters.
        ///
        /// ```swift
        /// if case .randomTopK(let k, _) = options.samplingMode?.kind { print("top-\(k)") }
        /// ```
        public let kind: Kind

        /// The strategy and its parameters in the engine's terms.
        enum Mode: Sendable, Equatable {
            case greedy
            case topK(Int, seed: UInt64?)
            case nucleus(Double, seed: UInt64?)
        }

        /// The strategy, as the request builders read it.
        var mode: Mode {
            switch kind {
            case .greedy: .greedy
            case .randomTopK(let k, let seed): .topK(k, seed: seed)
            case .randomProbabilityThreshold(let p, let seed): .nucleus(p, seed: seed)
            }
        }

        /// Creates a sampling mode of `kind`.
        init(kind: Kind) {
            self.kind = kind
        }

        /// Always the most likely token: the same prompt in the same session state gives the
        /// same output.
        public static var greedy: SamplingMode { SamplingMode(kind: .greedy) }

        /// A random choice among the `k` most likely tokens; a `seed` makes it repeatable.
        public static func random(top k: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .randomTopK(k, seed: seed))
        }

        /// A random choice among the most likely tokens whose probabilities add up to
        /// `probabilityThreshold` (nucleus sampling); a `seed` makes it repeatable.
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .randomProbabilityThreshold(probabilityThreshold, seed: seed))
        }
    }

    /// The sampling strategy, or `nil` for the model's default (random sampling).
    @available(*, deprecated, renamed: "samplingMode")
    public var sampling: SamplingMode? {
        get { samplingMode }
        set { samplingMode = newValue }
    }

    /// The sampling strategy, or `nil` for the model's default (random sampling).
    ///
    /// ```swift
    /// var options = GenerationOptions()
    /// options.samplingMode = .greedy
    /// ```
    public var samplingMode: SamplingMode?

    /// Whether the model may, must or must not call tools in this request; `nil` is `.allowed`.
    ///
    /// ```swift
    /// let options = GenerationOptions(toolCallingMode: .required)
    /// ```
    public var toolCallingMode: ToolCallingMode?

    /// How much randomness sampling has: lower is more focused, higher more varied; `nil` for
    /// the model's default.
    public var temperature: Double?

    /// The most tokens the response may have; `nil` for no limit but the context window.
    public var maximumResponseTokens: Int?

    /// Creates generation options; every option left `nil` takes the model's default.
    @available(*, deprecated, renamed: "init(samplingMode:temperature:maximumResponseTokens:)")
    public init(sampling: SamplingMode?, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.init(settingSampling: sampling, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
    }

    /// Creates generation options (the one place the stored options are set).
    init(settingSampling sampling: SamplingMode?, temperature: Double?, maximumResponseTokens: Int?) {
        self.samplingMode = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
    }

    /// Creates generation options with a sampling mode; every option left `nil` takes the
    /// model's default.
    ///
    /// ```swift
    /// let options = GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 200)
    /// ```
    public init(samplingMode: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.init(settingSampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
    }

    /// Creates generation options that also say whether the model may call tools.
    ///
    /// ```swift
    /// let options = GenerationOptions(toolCallingMode: .disallowed)
    /// ```
    public init(
        samplingMode: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil, toolCallingMode: ToolCallingMode?
    ) {
        self.init(settingSampling: samplingMode, temperature: temperature, maximumResponseTokens: maximumResponseTokens)
        self.toolCallingMode = toolCallingMode
    }
}

extension GenerationOptions.SamplingMode {
    /// A sampling strategy and its parameters.
    public enum Kind: Sendable, Equatable {
        /// Always the most likely token.
        case greedy
        /// A random choice among the `k` most likely tokens.
        case randomTopK(_: Int, seed: UInt64?)
        /// A random choice within the probability mass `threshold` (nucleus sampling).
        case randomProbabilityThreshold(_: Double, seed: UInt64?)
    }
}

extension GenerationOptions {
    /// Whether the model may, must or must not call tools.
    ///
    /// On the local models it is enforced by the grammar: under `.required` every step can
    /// only start with a call to an enabled tool (the session keeps calling tools until one
    /// throws, or a dynamic profile changes the mode), under `.disallowed` no call can be written.
    ///
    /// ```swift
    /// let answer = try await session.respond(to: "Weather in Paris?", options: GenerationOptions(toolCallingMode: .disallowed))
    /// ```
    public struct ToolCallingMode: Sendable, Equatable {
        /// The mode.
        public var kind: Kind

        /// The model decides whether to call tools (the default).
        public static let allowed = ToolCallingMode(kind: .allowed)
        /// The model must call at least one tool before it answers.
        public static let required = ToolCallingMode(kind: .required)
        /// The model must not call tools.
        public static let disallowed = ToolCallingMode(kind: .disallowed)
    }
}

extension GenerationOptions.ToolCallingMode {
    /// The tool-calling modes.
    public enum Kind: Sendable, Equatable, Hashable {
        /// Calls are optional.
        case allowed
        /// A call is required.
        case required
        /// Calls are not allowed.
        case disallowed
    }
}
