import Testing
@Test func placeholderKernelsTests() { #expect(Bool(true)) }
