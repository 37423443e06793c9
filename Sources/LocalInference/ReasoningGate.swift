import StructuredDecoding

/// The thinking block at the start of a response, as `GrammarLogitProcessor` runs it before the
/// response's own constraint:
///
/// ```text
/// [opener] thoughts closer [whitespace]{0,2}  <the response's constraint, from its start state>
/// ```
///
/// - The opener is forced, optional, or already in the prompt (`ReasoningPlan.Start`).
/// - While the model thinks, every text token is allowed, and the closer — but no end-of-turn
///   token (a turn cannot end inside its thoughts) and no other markup (a tool call's opener).
/// - Once `budget` thought tokens are written, the closer is forced.
/// - After the closer, up to two whitespace tokens (Qwen3's `\n\n`) may come before the answer,
///   as markup; then the schema's, the tools' or free text's constraint starts from its start
///   state, exactly as it would without thinking.
struct ReasoningGate {
    /// Where the gate is.
    enum State: Equatable {
        /// The opener (one token) may come first; any other token ends the gate at once.
        case mayOpen
        /// Forced opener tokens still to come.
        case opening([Int])
        /// Inside the block.
        case thinking
        /// Forced closer tokens still to come (the budget ran out).
        case closing([Int])
        /// Closed: `count` whitespace tokens taken since.
        case separating(count: Int)
        /// Over: the response's constraint has the tokens.
        case done
    }

    /// Whitespace tokens allowed between the closer and the answer.
    static let maximumSeparators = 2

    let plan: ReasoningPlan
    private(set) var state: State
    /// Tokens of thoughts taken (markers excluded).
    private(set) var thoughtTokens = 0
    /// The last bytes of the thoughts, to find a closer spelled as text.
    private var tail: [UInt8] = []
    private let closerBytes: [UInt8]

    /// The gate of `plan` for `model`.
    init(plan: ReasoningPlan, model: LocalModel) {
        self.plan = plan
        closerBytes = Array(plan.format.closerText.utf8)
        switch plan.start {
        case .open: state = .thinking
        case .forced: state = .opening(Self.tokens(of: plan.format.opener, model: model))
        case .optional: state = .mayOpen
        }
    }

    /// Whether the gate still decides (else the response's constraint does).
    var isActive: Bool { state != .done }

    /// Whether the budget is spent.
    private var budgetSpent: Bool { plan.budget.map { thoughtTokens >= $0 } ?? false }

    /// The tokens `marker` is written with.
    static func tokens(of marker: ReasoningFormat.Marker, model: LocalModel) -> [Int] {
        switch marker {
        case .token(let id): [id]
        case .text(let text): model.literalTokens(text)
        }
    }

    /// Tokens that must come next (`nil` once the gate is over).
    func forcedTokens(model: LocalModel) -> [Int]? {
        switch state {
        case .mayOpen, .separating: return []
        case .opening(let tokens), .closing(let tokens): return tokens
        case .thinking: return budgetSpent ? Self.tokens(of: plan.format.closer, model: model) : []
        case .done: return nil
        }
    }

    /// The few tokens allowed next, when the gate knows them (`nil`: many, or over).
    func candidateTokens(model: LocalModel) -> [Int]? {
        switch state {
        case .opening(let tokens), .closing(let tokens): return tokens.first.map { [$0] }
        case .thinking where budgetSpent: return Self.tokens(of: plan.format.closer, model: model).first.map { [$0] }
        default: return nil
        }
    }

    /// Masks what the gate does not allow; `response` applies the response's own constraint
    /// (used where the answer may start: before an optional opener, after the closer).
    func apply(to logits: inout [Float], model: LocalModel, response: (inout [Float]) -> Void) {
        switch state {
        case .mayOpen:
            guard case .token(let opener) = plan.format.opener else { return response(&logits) }
            let kept = logits[opener]
            response(&logits)
            logits[opener] = kept
        case .opening(let tokens), .closing(let tokens):
            Self.allowOnly(tokens.first, in: &logits)
        case .thinking:
            if budgetSpent {
                Self.allowOnly(Self.tokens(of: plan.format.closer, model: model).first, in: &logits)
                return
            }
            GrammarLogitProcessor.apply(model.thoughtMask(closer: plan.format.closer), to: &logits)
        case .separating(let count):
            guard count < Self.maximumSeparators else { return response(&logits) }
            let whitespace = model.whitespaceTokens()
            let kept = whitespace.map { logits[$0] }
            response(&logits)
            for (id, value) in zip(whitespace, kept) { logits[id] = value }
        case .done:
            response(&logits)
        }
    }

    /// What the gate made of `token`: `nil` when it is the response's (the gate is over, and
    /// the caller hands the token to the response's constraint), else its role.
    mutating func accept(_ token: Int, model: LocalModel) -> GrammarLogitProcessor.Role? {
        switch state {
        case .mayOpen:
            if case .token(let opener) = plan.format.opener, token == opener {
                state = .thinking
                return .reasoningMarkup
            }
            state = .done
            return nil
        case .opening(var tokens):
            if !tokens.isEmpty { tokens.removeFirst() }
            state = tokens.isEmpty ? .thinking : .opening(tokens)
            return .reasoningMarkup
        case .closing(var tokens):
            if !tokens.isEmpty { tokens.removeFirst() }
            state = tokens.isEmpty ? .separating(count: 0) : .closing(tokens)
            return .reasoningMarkup
        case .thinking:
            if case .token(let closer) = plan.format.closer, token == closer {
                state = .separating(count: 0)
                return .reasoningMarkup
            }
            if budgetSpent {
                // Only the closer's first token was allowed: a closer spelled as text goes on.
                state = .closing(Array(Self.tokens(of: plan.format.closer, model: model).dropFirst()))
                if case .closing(let rest) = state, rest.isEmpty { state = .separating(count: 0) }
                return .reasoningMarkup
            }
            thoughtTokens += 1
            if case .text = plan.format.closer {
                tail += model.index.tokenBytes(token)
                if tail.count > closerBytes.count { tail.removeFirst(tail.count - closerBytes.count) }
                if tail == closerBytes { state = .separating(count: 0) }
            }
            return .reasoning
        case .separating(let count):
            if count < Self.maximumSeparators, model.whitespaceTokens().contains(token) {
                // After the last separator allowed, the response's constraint has the next token.
                state = count + 1 < Self.maximumSeparators ? .separating(count: count + 1) : .done
                return .reasoningMarkup
            }
            state = .done
            return nil
        case .done:
            return nil
        }
    }

    /// Sets every logit but `token`'s to `-infinity`.
    private static func allowOnly(_ token: Int?, in logits: inout [Float]) {
        for index in logits.indices where index != token { logits[index] = -.infinity }
    }
}
