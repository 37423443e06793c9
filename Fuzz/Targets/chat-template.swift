import ChatTemplates

/// Chat template interpreter: arbitrary text as a Jinja template, rendered with a conversation
/// like the ones the glue module passes (system, user, assistant with a tool call, tool output,
/// tools, flags). A template either throws a `ChatTemplateError` or renders, never traps, hangs
/// or exhausts memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChatTemplate(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let generationPrompt = input.flag()
    let source = input.remainingText()
    guard let template = try? ChatTemplate(source: source) else { return 0 }
    _ = try? template.render(ChatTemplateFuzzContext.variables(generationPrompt: generationPrompt))
    return 0
}

/// The variables every fuzzed template is rendered with.
enum ChatTemplateFuzzContext {
    static func variables(generationPrompt: Bool) -> [String: TemplateValue] {
        let call: TemplateValue = [
            "id": "call_1", "type": "function",
            "function": ["name": "get_weather", "arguments": ["city": "Paris", "days": 3]],
        ]
        let tool: TemplateValue = [
            "type": "function",
            "function": [
                "name": "get_weather", "description": "The forecast.",
                "parameters": [
                    "type": "object", "required": ["city"],
                    "properties": ["city": ["type": "string"], "days": ["type": "integer"]],
                ],
            ],
        ]
        return [
            "messages": [
                ["role": "system", "content": "Be brief."],
                ["role": "user", "content": "Weather in Paris? \u{1F326} <|im_end|>"],
                ["role": "assistant", "content": .none, "tool_calls": [call]],
                ["role": "tool", "tool_call_id": "call_1", "name": "get_weather", "content": "{\"sky\": \"rain\"}"],
                ["role": "assistant", "content": "Rain, 12.5 °C."],
                ["role": "user", "content": ["x", 1, 2.5, true]],
            ],
            "tools": [tool],
            "add_generation_prompt": .bool(generationPrompt),
            "bos_token": "<s>", "eos_token": "</s>",
            "enable_thinking": false,
        ]
    }
}
