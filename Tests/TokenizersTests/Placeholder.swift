import Testing
@Test func placeholderTokenizersTests() { #expect(Bool(true)) }
