import LLMEngine

/// Where the token loop gets its logits: a `ModelContext` (the model's forward pass over a KV
/// cache) in every real generation; a stand-in in tests that drive the very same loop — masks,
/// forced tokens, sampling, tool-call phases — over synthetic logits, without a forward pass.
protocol LogitsSource: AnyObject {
    /// Positions the source can hold.
    var capacity: Int { get }
    /// Positions held.
    var count: Int { get }
    /// The tokens held, in order.
    var tokens: [Int] { get }
    /// How many leading positions of `prompt` are held already (and would not be computed).
    func reusablePrefixLength(of prompt: [Int]) -> Int
    /// Holds exactly `prompt` and returns the logits after its last token; `isCancelled` is
    /// asked between the chunks it computes (`GenerationFailure.cancelled` when it says stop).
    func prefill(_ prompt: [Int], isCancelled: () -> Bool) throws -> [Float]
    /// Holds one more token and returns the logits after it.
    func append(_ token: Int) throws -> [Float]
    /// Holds `tokens` after those held and returns the logits after the last one; with
    /// `candidates` (at most `candidateLimit`), only those entries are computed, the rest
    /// `-infinity`.
    func append(contentsOf tokens: [Int], candidates: [Int]?) throws -> [Float]
    /// The most candidates for which `append` computes only theirs.
    var candidateLimit: Int { get }
}

extension ModelContext: LogitsSource {
    /// The model's `candidateLimit`.
    var candidateLimit: Int { model.candidateLimit }
}
