/// Turns ids into text one at a time without ever emitting half a character.
///
/// A character can span several tokens (an emoji is often 2–4 byte tokens). The detokenizer keeps
/// the bytes of an unfinished UTF-8 sequence until the tokens that complete it arrive; a sequence
/// that can no longer become valid is emitted as U+FFFD, as `String(decoding:as:)` would.
///
/// ```swift
/// var detok = tokenizer.makeStreamingDetokenizer()
/// for id in ids { print(detok.append(id), terminator: "") }
/// print(detok.finish())
/// ```
public struct StreamingDetokenizer: Sendable {
    private let tokenizer: Tokenizer
    private let skipSpecialTokens: Bool
    private var pending: [UInt8] = []

    init(tokenizer: Tokenizer, skipSpecialTokens: Bool) {
        self.tokenizer = tokenizer
        self.skipSpecialTokens = skipSpecialTokens
    }

    /// Adds one token and returns the text that is now complete (possibly empty).
    public mutating func append(_ id: Int) -> String {
        guard (0..<tokenizer.vocabularySize).contains(id) else { return "" }
        if skipSpecialTokens, tokenizer.tokenType(id) == .control { return "" }
        pending.append(contentsOf: tokenizer.tokenBytes(id))
        let complete = Self.completePrefixLength(pending)
        guard complete > 0 else { return "" }
        let text = String(decoding: pending[..<complete], as: UTF8.self)
        pending.removeFirst(complete)
        return text
    }

    /// Returns whatever is left (an unfinished sequence becomes U+FFFD) and resets.
    public mutating func finish() -> String {
        defer { pending.removeAll() }
        return String(decoding: pending, as: UTF8.self)
    }

    /// The length of the longest prefix that does not end inside a UTF-8 sequence that could still
    /// be completed by more bytes.
    static func completePrefixLength(_ bytes: [UInt8]) -> Int {
        let n = bytes.count
        // Look back at most 3 bytes for the start of the last sequence.
        var k = n - 1
        while k >= 0, k >= n - 4, bytes[k] & 0xC0 == 0x80 { k -= 1 }
        guard k >= 0, k >= n - 4 else { return n }
        let lead = bytes[k]
        let need = lead < 0x80 ? 1 : lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 1
        let have = n - k
        if have >= need { return n }
        // The tail is a prefix of a multi-byte sequence: hold it back only if it can still be valid.
        return canStillComplete(Array(bytes[k...])) ? k : n
    }

    /// Whether `prefix` (a lead byte and some continuation bytes) can begin a well-formed sequence.
    private static func canStillComplete(_ prefix: [UInt8]) -> Bool {
        guard prefix.count >= 2 else { return true }
        let (lead, second) = (prefix[0], prefix[1])
        switch lead {
        case 0xE0: return second >= 0xA0
        case 0xED: return second <= 0x9F
        case 0xF0: return second >= 0x90
        case 0xF4: return second <= 0x8F
        default: return true
        }
    }
}
