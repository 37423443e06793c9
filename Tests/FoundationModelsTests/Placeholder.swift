import Testing
@Test func placeholderFoundationModelsTests() { #expect(Bool(true)) }
