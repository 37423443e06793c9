/// The role of a vocabulary entry, numbered as GGUF's `tokenizer.ggml.token_type` and
/// SentencePiece's `ModelProto.SentencePiece.Type` number them.
public enum TokenType: Int32, Sendable, CaseIterable {
    /// An ordinary piece produced by splitting text.
    case normal = 1
    /// The unknown token.
    case unknown = 2
    /// A control token (`<|im_start|>`, `<bos>`): only recognised in text when asked for.
    case control = 3
    /// A user-defined token (`<tool_call>`, Gemma's whitespace runs): always recognised whole.
    case userDefined = 4
    /// A reserved piece never produced by encoding.
    case unused = 5
    /// A byte-fallback token such as `<0x0A>`.
    case byte = 6
}
