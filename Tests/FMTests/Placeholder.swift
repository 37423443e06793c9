import Testing
@Test func placeholderFMTests() { #expect(Bool(true)) }
