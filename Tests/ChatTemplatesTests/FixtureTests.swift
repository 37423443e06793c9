import ChatTemplates
import Testing

/// Every template × conversation and every language snippet renders byte for byte as Python's
/// jinja2 renders it (or fails the same way).
@Suite("jinja2 fixtures")
struct FixtureTests {
    @Test func fixturesArePresent() {
        #expect(FixtureCase.all.count >= 200, "expected the generated fixture file at \(FixtureCase.directory)")
    }

    @Test(arguments: FixtureCase.all)
    func rendersLikeJinja2(_ fixture: FixtureCase) {
        let result: Result<String, ChatTemplateError>
        do {
            let template = try ChatTemplate(source: fixture.source)
            result = .success(try template.render(fixture.variables))
        } catch {
            result = .failure(error)
        }
        switch (result, fixture.expected, fixture.error) {
        case (.success(let output), let expected?, _):
            #expect(Array(output.utf8) == Array(expected.utf8), "\n--- got ---\n\(output)\n--- expected ---\n\(expected)")
        case (.failure(let error), _, let expected?):
            #expect(error.kind == expected.kind, "\(error) vs \(expected.pythonType): \(expected.message)")
            if !Self.messageDiffers.contains(where: { fixture.name.hasPrefix($0) }) {
                #expect(error.message == expected.message)
            }
            if let line = expected.line { #expect(error.line == line, "\(error)") }
        case (.success(let output), nil, let expected?):
            Issue.record("rendered \(output.debugDescription) but jinja2 raised \(expected.pythonType): \(expected.message)")
        case (.failure(let error), let expected?, nil):
            Issue.record("failed with \(error) but jinja2 rendered \(expected.debugDescription)")
        default:
            Issue.record("malformed fixture")
        }
    }

    /// Cases whose error message is ours rather than Python's (same kind and line).
    static let messageDiffers: [String] = [
        // Python: "maximum recursion depth exceeded"; here the macro depth limit.
        "NousResearch-Hermes-2-Pro-and-3-tool_use / single_user +tools",
        // jinja2 lists the tags it was looking for; the message here is shorter.
        "snippet 104", "snippet 105",
    ]
}
