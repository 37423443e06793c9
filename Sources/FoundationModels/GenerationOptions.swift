/// Options that control how the model generates a response: the sampling strategy, the
/// temperature and a limit on the response's length.
///
/// ```swift
/// let options = GenerationOptions(sampling: .greedy, maximumResponseTokens: 200)
/// let answer = try await session.respond(to: "Name a tea.", options: options)
/// ```
///
/// Options apply to one request and are recorded with its prompt in the transcript.
public struct GenerationOptions: Sendable, Equatable {
    /// How the next token is chosen from the model's probabilities.
    ///
    /// ```swift
    /// GenerationOptions(sampling: .greedy)                                  // repeatable
    /// GenerationOptions(sampling: .random(top: 40, seed: 7))                // top-k
    /// GenerationOptions(sampling: .random(probabilityThreshold: 0.9))       // nucleus
    /// ```
    public struct SamplingMode: Sendable, Equatable {
        /// The strategy and its parameters.
        enum Mode: Sendable, Equatable {
            case greedy
            case topK(Int, seed: UInt64?)
            case nucleus(Double, seed: UInt64?)
        }

        /// The strategy.
        let mode: Mode

        /// Always the most likely token: the same prompt in the same session state gives the
        /// same output.
        public static var greedy: SamplingMode { SamplingMode(mode: .greedy) }

        /// A random choice among the `k` most likely tokens; a `seed` makes it repeatable.
        public static func random(top k: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(mode: .topK(k, seed: seed))
        }

        /// A random choice among the most likely tokens whose probabilities add up to
        /// `probabilityThreshold` (nucleus sampling); a `seed` makes it repeatable.
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(mode: .nucleus(probabilityThreshold, seed: seed))
        }
    }

    /// The sampling strategy, or `nil` for the model's default (random sampling).
    public var sampling: SamplingMode?

    /// How much randomness sampling has: lower is more focused, higher more varied; `nil` for
    /// the model's default.
    public var temperature: Double?

    /// The most tokens the response may have; `nil` for no limit but the context window.
    public var maximumResponseTokens: Int?

    /// Creates generation options; every option left `nil` takes the model's default.
    public init(sampling: SamplingMode? = nil, temperature: Double? = nil, maximumResponseTokens: Int? = nil) {
        self.sampling = sampling
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
    }
}
