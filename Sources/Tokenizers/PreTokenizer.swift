/// Splits text into the pieces byte-level BPE encodes one at a time.
///
/// Both supported splits are hand-written equivalents of the regular expressions their
/// tokenizers publish, evaluated with a regex engine's semantics (ordered alternation, greedy
/// quantifiers with backtracking):
///
/// ```
/// (?i:'s|'t|'re|'ve|'m|'ll|'d) | [^\r\n\p{L}\p{N}]?\p{L}+ | \p{N}{1,D} |
///  ?[^\s\p{L}\p{N}]+[\r\n]* | \s*[\r\n]+ | \s+(?!\S) | \s+
/// ```
///
/// with `D = 1` for Qwen2 (digits one by one) and `D = 3` for Llama 3 (`llama-bpe`). GPT-4o's
/// o200k split (`gpt-4o`, Phi-4-mini) is in `PreTokenizer+O200k.swift`.
public enum PreTokenizer: String, Sendable, CaseIterable {
    /// Qwen2's split: single digits; text is NFC-normalised first.
    case qwen2
    /// Llama 3's split (`llama-bpe` in GGUF files): digits in groups of up to three.
    case llama3 = "llama-bpe"
    /// GPT-4o's o200k split (`gpt-4o` in GGUF files, used by Phi-4-mini): words split by letter
    /// case with their contraction attached, digits in groups of up to three.
    case gpt4o = "gpt-4o"

    /// The most digits one piece may hold.
    var maxDigits: Int { self == .qwen2 ? 1 : 3 }

    /// Whether text is normalised to Unicode NFC before splitting (Qwen2's `tokenizer.json`).
    var normalizesNFC: Bool { self == .qwen2 }

    /// Whether a piece that is itself a vocabulary entry is taken whole without running merges
    /// (`ignore_merges` in Llama 3's `tokenizer.json`).
    var prefersWholeWords: Bool { self == .llama3 }

    /// Looks a GGUF `tokenizer.ggml.pre` value up, accepting the aliases llama.cpp writes.
    public init?(ggufName: String) {
        switch ggufName {
        case "qwen2": self = .qwen2
        case "llama-bpe", "llama3", "llama-v3": self = .llama3
        case "gpt-4o": self = .gpt4o
        default: return nil
        }
    }

    /// Calls `body` with the half-open scalar index range of each piece of `scalars`, in order.
    /// The pieces cover the input exactly.
    func split(_ scalars: UnsafeBufferPointer<UInt32>, _ body: (Range<Int>) -> Void) {
        let n = scalars.count
        var i = 0
        while i < n {
            let end = self == .gpt4o ? o200kMatchEnd(scalars, at: i, count: n) : matchEnd(scalars, at: i, count: n)
            body(i..<end)
            i = end
        }
    }

    /// The end of the piece that starts at `i` (always greater than `i`).
    private func matchEnd(_ s: UnsafeBufferPointer<UInt32>, at i: Int, count n: Int) -> Int {
        @inline(__always) func cls(_ k: Int) -> ScalarClass { ScalarClass.of(s[k]) }
        let c = s[i]
        let ci = cls(i)

        // (?i:'s|'t|'re|'ve|'m|'ll|'d)
        if c == 0x27, i + 1 < n {
            if let end = contractionEnd(s, at: i + 1, count: n) { return end }
        }
        // [^\r\n\p{L}\p{N}]?\p{L}+
        if ci.contains(.letter) {
            return letterRunEnd(s, from: i + 1, count: n)
        }
        if !ci.contains(.newline), !ci.contains(.number), i + 1 < n, cls(i + 1).contains(.letter) {
            return letterRunEnd(s, from: i + 2, count: n)
        }
        // \p{N}{1,D}
        if ci.contains(.number) {
            var j = i + 1
            while j < n, j - i < maxDigits, cls(j).contains(.number) { j += 1 }
            return j
        }
        //  ?[^\s\p{L}\p{N}]+[\r\n]*
        if let end = symbolRunEnd(s, at: i, count: n, slashTrails: false) { return end }
        return whitespaceEnd(s, at: i, count: n)
    }

    /// `` ?[^\s\p{L}\p{N}]+[\r\n]*`` (with `/` in the trailing class when `slashTrails`, as o200k
    /// has it): the end of the match at `i`, or `nil`.
    @inline(__always)
    func symbolRunEnd(_ s: UnsafeBufferPointer<UInt32>, at i: Int, count n: Int, slashTrails: Bool) -> Int? {
        @inline(__always) func isOther(_ k: Int) -> Bool {
            ScalarClass.of(s[k]).isDisjoint(with: [.letter, .number, .whitespace])
        }
        var start = i
        if s[i] == 0x20, i + 1 < n, isOther(i + 1) { start = i + 1 }
        guard isOther(start) else { return nil }
        var j = start + 1
        while j < n, isOther(j) { j += 1 }
        while j < n, s[j] == 0x0A || s[j] == 0x0D || (slashTrails && s[j] == 0x2F) { j += 1 }
        return j
    }

    /// `\s*[\r\n]+ | \s+(?!\S) | \s+` at `i`, the alternatives every split ends with; when none
    /// matches (not whitespace), the single scalar at `i`.
    func whitespaceEnd(_ s: UnsafeBufferPointer<UInt32>, at i: Int, count n: Int) -> Int {
        @inline(__always) func cls(_ k: Int) -> ScalarClass { ScalarClass.of(s[k]) }
        var runEnd = i
        var lastNewline = -1
        while runEnd < n {
            let k = cls(runEnd)
            guard k.contains(.whitespace) else { break }
            if k.contains(.newline) { lastNewline = runEnd }
            runEnd += 1
        }
        if runEnd == i { return i + 1 } // unreachable for well-formed classes; never stall
        // \s*[\r\n]+ : ends after the last newline of the whitespace run.
        if lastNewline >= 0 { return lastNewline + 1 }
        // \s+(?!\S) : the run, minus its last scalar when a non-space follows.
        if runEnd == n { return runEnd }
        if runEnd - i >= 2 { return runEnd - 1 }
        // \s+
        return runEnd
    }

    @inline(__always)
    private func letterRunEnd(_ s: UnsafeBufferPointer<UInt32>, from start: Int, count n: Int) -> Int {
        var j = start
        while j < n, ScalarClass.of(s[j]).contains(.letter) { j += 1 }
        return j
    }

    /// Matches the case-insensitive contraction suffixes after an apostrophe at `j - 1`.
    func contractionEnd(_ s: UnsafeBufferPointer<UInt32>, at j: Int, count n: Int) -> Int? {
        // Simple case folding of the letters involved; U+017F (long s) folds to "s".
        @inline(__always) func fold(_ k: Int) -> UInt32 {
            guard k < n else { return 0 }
            let v = s[k]
            if v >= 0x41, v <= 0x5A { return v + 0x20 }
            if v == 0x17F { return 0x73 }
            return v
        }
        let a = fold(j)
        switch a {
        case 0x73, 0x74, 0x6D, 0x64: return j + 1 // s t m d
        default: break
        }
        let b = fold(j + 1)
        switch (a, b) {
        case (0x72, 0x65), (0x76, 0x65), (0x6C, 0x6C): return j + 2 // re ve ll
        default: return nil
        }
    }
}
