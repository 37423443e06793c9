import ChatTemplates

/// Parses and renders `source` in one step.
func render(_ source: String, _ variables: [String: TemplateValue] = [:]) throws(ChatTemplateError) -> String {
    try ChatTemplate(source: source).render(variables)
}

/// The error `source` fails with, or nil if it renders.
func failure(_ source: String, _ variables: [String: TemplateValue] = [:]) -> ChatTemplateError? {
    do {
        _ = try render(source, variables)
        return nil
    } catch {
        return error
    }
}
