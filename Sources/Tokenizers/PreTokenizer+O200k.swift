/// GPT-4o's o200k split, hand-compiled like the others. The published regex (tiktoken's
/// `o200k_base`, and the `Split` of the models' `tokenizer.json`) is
///
/// ```
/// A: [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
/// B: [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
///    | \p{N}{1,3} |  ?[^\s\p{L}\p{N}]+[\r\n/]* | \s*[\r\n]+ | \s+(?!\S) | \s+
/// ```
///
/// Call `U` the "upper" class `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]` and `W` the "lower" class
/// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]`; modifier and other letters and marks are in both. Evaluated as a
/// backtracking engine does, `U*W+` at `s` is: the longest `U` run `s..<e`; then, if the scalar at
/// `e` is in `W`, the `W` run from `e`; otherwise the match ends after the last `W` scalar of the
/// `U` run (none: no match). `U+W*` is the `U` run followed by the `W` run. The optional prefix is
/// tried first, then no prefix; branch A before branch B.
///
/// llama.cpp runs an ASCII approximation of this regex (`[^a-z]` / `[^A-Z]` letters, no `\p{M}`);
/// this follows the published one, which Hugging Face `tokenizers` and tiktoken run.
extension PreTokenizer {
    /// The end of the o200k piece that starts at `i` (always greater than `i`).
    func o200kMatchEnd(_ s: UnsafeBufferPointer<UInt32>, at i: Int, count n: Int) -> Int {
        let ci = ScalarClass.of(s[i])
        // [^\r\n\p{L}\p{N}] as the optional prefix of A and B.
        let canPrefix = i + 1 < n && ci.isDisjoint(with: [.newline, .letter, .number])
        if canPrefix, let end = upperThenLowerEnd(s, from: i + 1, count: n) { return withContraction(s, end, n) }
        if let end = upperThenLowerEnd(s, from: i, count: n) { return withContraction(s, end, n) }
        if canPrefix, let end = upperRunEnd(s, from: i + 1, count: n) { return withContraction(s, end, n) }
        if let end = upperRunEnd(s, from: i, count: n) { return withContraction(s, end, n) }
        // \p{N}{1,3}
        if ci.contains(.number) {
            var j = i + 1
            while j < n, j - i < 3, ScalarClass.of(s[j]).contains(.number) { j += 1 }
            return j
        }
        //  ?[^\s\p{L}\p{N}]+[\r\n/]*
        if let end = symbolRunEnd(s, at: i, count: n, slashTrails: true) { return end }
        return whitespaceEnd(s, at: i, count: n)
    }

    /// `[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]` (`U`).
    @inline(__always)
    private func isUpperClass(_ c: ScalarClass) -> Bool {
        c.contains(.mark) || (c.contains(.letter) && !c.contains(.lower))
    }

    /// `[\p{Ll}\p{Lm}\p{Lo}\p{M}]` (`W`).
    @inline(__always)
    private func isLowerClass(_ c: ScalarClass) -> Bool {
        c.contains(.mark) || (c.contains(.letter) && !c.contains(.upper))
    }

    /// `U*W+` at `start`: the end of the match, or `nil`.
    private func upperThenLowerEnd(_ s: UnsafeBufferPointer<UInt32>, from start: Int, count n: Int) -> Int? {
        var e = start
        while e < n, isUpperClass(ScalarClass.of(s[e])) { e += 1 }
        if e < n, isLowerClass(ScalarClass.of(s[e])) {
            var j = e + 1
            while j < n, isLowerClass(ScalarClass.of(s[j])) { j += 1 }
            return j
        }
        // Backtrack U*: W+ must start at the last W scalar of the U run, and ends right after it.
        var j = e - 1
        while j >= start, !isLowerClass(ScalarClass.of(s[j])) { j -= 1 }
        return j >= start ? j + 1 : nil
    }

    /// `U+W*` at `start`: the end of the match, or `nil`.
    private func upperRunEnd(_ s: UnsafeBufferPointer<UInt32>, from start: Int, count n: Int) -> Int? {
        guard start < n, isUpperClass(ScalarClass.of(s[start])) else { return nil }
        var e = start + 1
        while e < n, isUpperClass(ScalarClass.of(s[e])) { e += 1 }
        while e < n, isLowerClass(ScalarClass.of(s[e])) { e += 1 }
        return e
    }

    /// `end` extended by `(?i:'s|'t|'re|'ve|'m|'ll|'d)?`.
    @inline(__always)
    private func withContraction(_ s: UnsafeBufferPointer<UInt32>, _ end: Int, _ n: Int) -> Int {
        guard end + 1 < n, s[end] == 0x27 else { return end }
        return contractionEnd(s, at: end + 1, count: n) ?? end
    }
}
