import StructuredDecoding

/// Partial-JSON parser: arbitrary bytes fed in arbitrary pieces. Each `append` either throws a
/// `PartialJSONError` or leaves a snapshot that can be read; a document that parses whole parses
/// to the same value when streamed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPartialJSON(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let piece = Int(input.byte() % 16) + 1
    let depth = Int(input.byte()) + 1
    let bytes = input.remainingBytes()
    var parser = PartialJSONParser(maxDepth: depth)
    var start = 0
    var failed = false
    while start < bytes.count {
        let end = min(start + piece, bytes.count)
        do {
            try parser.append(bytes[start..<end])
        } catch {
            failed = true
            break
        }
        _ = parser.value
        start = end
    }
    _ = PartialJSON.parse(bytes: bytes)
    let whole = try? PartialJSON.parseComplete(bytes: bytes, maxDepth: depth)
    if whole != nil { fuzzCheck(!failed, "parseComplete accepted what streaming refused") }
    return 0
}
