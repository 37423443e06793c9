#if FUZZING
/// libFuzzer's entry point for the request decoding, compiled only into the fuzz build
/// (`scripts/fuzz server-request` builds this module with `-D FUZZING`; see Fuzz/README.md).
/// It lives in the module because what it exercises is internal: the bytes are a
/// `POST /v1/chat/completions` body, read exactly as the route reads it (JSON, then every
/// field, schemas imported and compiled), then turned into the executor's request. A body must
/// end in an `OpenAIError` or a request, never a trap, a hang or an unbounded allocation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChatCompletionRequest(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
    guard let request = try? ChatCompletionRequest(bodyText: text) else { return 0 }
    _ = request.executorRequest(defaultMaximumTokens: 256)
    return 0
}
#endif
