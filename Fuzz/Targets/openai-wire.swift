import OpenAIWire
import StructuredDecoding

/// The OpenAI wire types: the first byte picks what the rest is read as (0 a request body, 1 a
/// stream chunk, 2 a whole completion, 3 an error body); the rest is the JSON text. Reading ends
/// in a value or a `WireDecodingError`; whatever reads is written and read back to the same text
/// (JSON values and wire types alike), so the writer and the parser agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOpenAIWire(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let mode = input.byte() % 4
    let text = input.remainingText()
    guard let value = try? WireField.parse(text) else {
        if mode == 3 { _ = APIError(body: text) }
        return 0
    }
    let written = value.compactText
    fuzzCheck((try? WireField.parse(written)) == value, "a JSON value does not read back from its text: \(written)")
    switch mode {
    case 0: roundTrip(ChatCompletionCreateParams.self, value)
    case 1: roundTrip(ChatCompletionChunk.self, value)
    case 2: roundTrip(ChatCompletion.self, value)
    default:
        let error = APIError(body: text)
        fuzzCheck(APIError(body: error.bodyText) == error, "an error body does not read back: \(error.bodyText)")
    }
    return 0
}

/// Reads `value` as `T`; when it reads, its text reads back as `T` and writes the same text.
private func roundTrip<T: WireCodable>(_ type: T.Type, _ value: JSONValue) {
    guard let read = try? T(wire: WireField(value)) else { return }
    let text = read.jsonText
    guard let again = try? T(json: text) else {
        fuzzCheck(false, "\(T.self) does not read back from its text: \(text)")
        return
    }
    fuzzCheck(again.jsonText == text, "\(T.self) writes different text after a round trip: \(text)")
}
