import Testing
@Test func placeholderGGUFTests() { #expect(Bool(true)) }
