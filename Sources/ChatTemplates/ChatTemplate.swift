/// A model's Jinja chat template, parsed once and rendered many times, with output
/// byte-identical to Python's jinja2 as Hugging Face transformers configures it
/// (`ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True)`, loop controls,
/// transformers' `tojson`, `raise_exception` and `strftime_now`).
///
/// ```swift
/// let template = try ChatTemplate(source: ggufMetadata["tokenizer.chat_template"])
/// let prompt = try template.render([
///     "messages": [["role": "user", "content": "Hi!"]],
///     "add_generation_prompt": true,
///     "bos_token": "<|begin_of_text|>",
/// ])
/// ```
///
/// Rendering is sandboxed: a template sees only `variables` and the globals `range`, `dict`,
/// `namespace`, `raise_exception` and `strftime_now`; it cannot touch files, the environment or
/// the process, and output size, loop iterations and recursion are bounded.
package struct ChatTemplate: Sendable {
    private let body: [Statement]

    /// Lexes and parses `source`; a syntax error names its line.
    package init(source: String) throws(ChatTemplateError) {
        body = try Parser.parse(source)
    }

    /// Renders the template with `variables` (`messages`, `tools`, `add_generation_prompt`,
    /// `bos_token`, …). Throws `.raised` when the template calls `raise_exception`.
    package func render(_ variables: [String: TemplateValue]) throws(ChatTemplateError) -> String {
        var context: [String: Value] = [:]
        for (name, value) in variables { context[name] = Value(value) }
        return try Interpreter(context: context).render(body)
    }
}
