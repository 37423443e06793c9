import Testing

@testable import OpenAIWire

@Suite("APIError: error bodies")
struct APIErrorTests {
    @Test("every shape servers send is read")
    func shapes() {
        #expect(
            APIError(
                body: #"{"error": {"message": "Too long", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}"#)
                == APIError(message: "Too long", type: "invalid_request_error", param: "messages", code: "context_length_exceeded"))
        #expect(APIError(body: #"{"error": "model 'x' not found"}"#) == APIError(message: "model 'x' not found"))
        #expect(
            APIError(body: #"{"object": "error", "message": "bad", "type": "BadRequestError", "code": 400}"#)
                == APIError(message: "bad", type: "BadRequestError", code: "400"))
        #expect(
            APIError(
                body: #"{"error": {"code": 400, "message": "too big", "type": "exceed_context_size_error", "n_prompt_tokens": 5123, "n_ctx": 4096}}"#)
                == APIError(message: "too big", type: "exceed_context_size_error", code: "400", contextSize: 4096, tokenCount: 5123))
        #expect(APIError(body: "  Bad Gateway\n") == APIError(message: "Bad Gateway"))
        #expect(APIError(body: #"{"error": null, "detail": "x"}"#).message == #"{"error": null, "detail": "x"}"#)
    }

    @Test("written in OpenAI's shape, unset fields null, and read back the same")
    func written() {
        let error = APIError(message: "`n` must be 1", type: "invalid_request_error", param: "n")
        #expect(error.bodyText == #"{"error":{"message":"`n` must be 1","type":"invalid_request_error","param":"n","code":null}}"#)
        #expect(APIError(body: error.bodyText) == error)
    }
}
