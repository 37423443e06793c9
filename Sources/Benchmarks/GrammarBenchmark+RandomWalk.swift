import FMSupport
import StructuredDecoding

/// Instances made by the masks themselves: seeded random walks that sample among the allowed
/// tokens until the output is complete, timing every mask and commit on the way. No model and no
/// example instance is needed, and every reachable kind of state gets visited.
extension GrammarBenchmark {
    /// How a random walk picks its tokens.
    package struct WalkOptions: Sendable {
        /// The most tokens of one walk; a walk that reaches it counts as capped (and rejected).
        package var maxTokens: Int
        /// The probability of ending where end of sequence is allowed.
        package var endBias: Double
        /// The probability of picking among the allowed tokens that contain `"`, `]` or `}`
        /// (so strings, arrays and objects close), rather than among all allowed tokens.
        package var closeBias: Double

        /// Options; by default walks end where they may half the time, lean a quarter of the
        /// time toward closing tokens and stop at 1000 tokens.
        package init(maxTokens: Int = 1000, endBias: Double = 0.5, closeBias: Double = 0.25) {
            self.maxTokens = maxTokens
            self.endBias = endBias
            self.closeBias = closeBias
        }
    }

    /// The tokens whose bytes contain `"`, `]` or `}`: the ones that close a value. Compute once
    /// per index and pass to `randomWalk`.
    package static func closingTokens(_ index: VocabularyIndex) -> TokenMask {
        var mask = TokenMask(count: index.tokenCount)
        for id in 0..<index.tokenCount where !index.isSpecial(id) {
            if index.tokenBytes(id).contains(where: { $0 == 0x22 || $0 == 0x5D || $0 == 0x7D }) { mask.insert(id) }
        }
        return mask
    }

    /// Walks `grammar` from its start: each step fills and times the mask, picks a token
    /// (uniformly among the allowed ones, biased as `options` says), and commits it, timed.
    /// Returns the tokens (end of sequence included) when the walk completed, `nil` when it was
    /// capped or, which would be a bug, met a state without allowed tokens.
    @discardableResult
    package static func randomWalk(
        grammar: Grammar, index: VocabularyIndex, closing: TokenMask, options: WalkOptions = WalkOptions(),
        random: inout some RandomNumberGenerator, timer: Timer = .wall, into samples: inout Samples
    ) -> [Int]? {
        var matcher = GrammarMatcher(grammar: grammar, index: index)
        var mask = TokenMask(count: index.tokenCount)
        var narrowed = TokenMask(count: index.tokenCount)
        var tokens: [Int] = []
        while !matcher.isFinished {
            guard tokens.count < options.maxTokens else {
                samples.cappedWalks += 1
                samples.rejectedInstances += 1
                return nil
            }
            let memoized = index.memoizedMaskCount
            let t0 = timer.now()
            matcher.fillMask(&mask)
            samples.record(mask: (timer.now() - t0).microseconds, cold: index.memoizedMaskCount != memoized)
            let end = index.endOfSequenceTokens.first { mask.contains($0) }
            var token: Int?
            if let end, Double.random(in: 0..<1, using: &random) < options.endBias {
                token = end
            } else if Double.random(in: 0..<1, using: &random) < options.closeBias {
                narrowed = mask
                narrowed.formIntersection(closing)
                token = pick(narrowed, random: &random)
            }
            guard let chosen = token ?? pick(mask, random: &random) else {
                samples.rejectedInstances += 1
                return nil
            }
            let t1 = timer.now()
            do { try matcher.commit(chosen) } catch {
                samples.rejectedInstances += 1
                return nil
            }
            samples.commit.append((timer.now() - t1).microseconds)
            samples.tokens += 1
            tokens.append(chosen)
        }
        return tokens
    }

    /// A uniformly chosen allowed token, or `nil` for an empty mask.
    static func pick(_ mask: TokenMask, random: inout some RandomNumberGenerator) -> Int? {
        let count = mask.allowedCount
        guard count > 0 else { return nil }
        var rank = Int.random(in: 0..<count, using: &random)
        for (w, word) in mask.words.enumerated() {
            let bits = word.nonzeroBitCount
            guard rank < bits else { rank -= bits; continue }
            var rest = word
            for _ in 0..<rank { rest &= rest - 1 }
            return w << 6 | rest.trailingZeroBitCount
        }
        return nil
    }
}
