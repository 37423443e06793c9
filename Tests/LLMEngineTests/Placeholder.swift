import Testing
@Test func placeholderLLMEngineTests() { #expect(Bool(true)) }
