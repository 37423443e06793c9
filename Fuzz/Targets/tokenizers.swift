import Tokenizers

/// Tokenizers: arbitrary text (special-token spellings included) through both algorithms,
/// arbitrary ids through the decoders, and arbitrary vocabularies through `Tokenizer.init`.
///
/// The first byte picks the case:
/// - 0, 1: byte-level BPE (qwen2, llama3 pre-tokenizer), `parseSpecial` on or off; decoding the
///   ids gives the text back exactly;
/// - 2, 3: SentencePiece BPE with byte fallback, with and without the space prefix;
/// - 4: ids (two bytes each, some out of range) through `decode` and the streaming
///   detokenizer, whose pieces add up to `decode`'s text;
/// - 5: a vocabulary and merges made of the input, which must build or throw a
///   `TokenizerError`, then encode and decode text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizers(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let selector = input.byte() % 6
    let flags = input.byte()
    switch selector {
    case 0, 1:
        let tokenizer = selector == 0 ? FuzzVocabularies.qwen2 : FuzzVocabularies.llama3
        let text = input.remainingText()
        let parseSpecial = flags & 1 == 1
        let ids = tokenizer.encode(text, addSpecialTokens: flags & 2 == 2, parseSpecial: parseSpecial)
        let round = tokenizer.decode(ids, skipSpecialTokens: false)
        if flags & 2 == 0 { fuzzCheck(round == text, "byte-level round trip changed the text") }
    case 2, 3:
        let tokenizer = selector == 2 ? FuzzVocabularies.gemmaLike : FuzzVocabularies.gemmaLikeWithPrefix
        let text = input.remainingText()
        let ids = tokenizer.encode(text, addSpecialTokens: flags & 2 == 2, parseSpecial: flags & 1 == 1)
        fuzzCheck(ids.allSatisfy { (0..<tokenizer.vocabularySize).contains($0) }, "id out of range")
        _ = tokenizer.decode(ids, skipSpecialTokens: flags & 4 == 4)
    case 4:
        let tokenizer = flags & 1 == 0 ? FuzzVocabularies.qwen2 : FuzzVocabularies.gemmaLike
        let bytes = input.remainingBytes()
        var ids: [Int] = []
        var i = 0
        while i + 1 < bytes.count {
            ids.append(Int(Int16(bitPattern: UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))))
            i += 2
        }
        let skip = flags & 2 == 2
        let whole = tokenizer.decode(ids.filter { $0 >= 0 && $0 < tokenizer.vocabularySize }, skipSpecialTokens: skip)
        var stream = tokenizer.makeStreamingDetokenizer(skipSpecialTokens: skip)
        var streamed = ""
        for id in ids where id >= 0 && id < tokenizer.vocabularySize { streamed += stream.append(id) }
        streamed += stream.finish()
        fuzzCheck(streamed == whole, "streamed text differs from decode")
        _ = tokenizer.decode(ids, skipSpecialTokens: skip)
    default:
        FuzzVocabularies.buildFromInput(&input, flags: flags)
    }
    return 0
}
