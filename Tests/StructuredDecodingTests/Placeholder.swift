import Testing
@Test func placeholderStructuredDecodingTests() { #expect(Bool(true)) }
