/// Chat templates for models whose file carries none (`tokenizer.chat_template` absent), chosen
/// by architecture. Base models such as Gemma 3 270M have no template; these are the turn formats
/// of their instruction-tuned siblings, so the same conversation renders the same way.
///
/// - `gemma3`: `<start_of_turn>user` / `<start_of_turn>model` turns ending in `<end_of_turn>`;
///   system text is folded into the first user turn (Gemma has no system role); tool outputs are
///   user turns that name the tool.
/// - everything else: ChatML (`<|im_start|>role\n...<|im_end|>`), Qwen's format.
enum FamilyTemplates {
    /// The default template for an architecture.
    static func template(forArchitecture architecture: String?) -> String {
        architecture == "gemma3" ? gemma : chatML
    }

    /// Gemma's turn format.
    static let gemma = """
        {{- bos_token -}}
        {%- set ns = namespace(system='') -%}
        {%- for message in messages -%}
        {%- if message.role == 'system' -%}
        {%- set ns.system = ns.system + message.content + '\\n\\n' -%}
        {%- elif message.role == 'assistant' -%}
        {{- '<start_of_turn>model\\n' + message.content -}}
        {%- for call in message.tool_calls or [] -%}
        {{- '\\n' + call.function.name + '(' + (call.function.arguments | tojson) + ')' -}}
        {%- endfor -%}
        {{- '<end_of_turn>\\n' -}}
        {%- elif message.role == 'tool' -%}
        {{- '<start_of_turn>user\\nOutput of ' + (message.name or 'the tool') + ': ' + message.content + '<end_of_turn>\\n' -}}
        {%- else -%}
        {{- '<start_of_turn>user\\n' + ns.system + message.content + '<end_of_turn>\\n' -}}
        {%- set ns.system = '' -%}
        {%- endif -%}
        {%- endfor -%}
        {%- if add_generation_prompt -%}{{- '<start_of_turn>model\\n' -}}{%- endif -%}
        """

    /// ChatML.
    static let chatML = """
        {%- for message in messages -%}
        {%- if message.role == 'tool' -%}
        {{- '<|im_start|>user\\n<tool_response>\\n' + message.content + '\\n</tool_response><|im_end|>\\n' -}}
        {%- else -%}
        {{- '<|im_start|>' + message.role + '\\n' + message.content -}}
        {%- for call in message.tool_calls or [] -%}
        {{- '\\n<tool_call>\\n{"name": "' + call.function.name + '", "arguments": ' + (call.function.arguments | tojson) + '}\\n</tool_call>' -}}
        {%- endfor -%}
        {{- '<|im_end|>\\n' -}}
        {%- endif -%}
        {%- endfor -%}
        {%- if add_generation_prompt -%}{{- '<|im_start|>assistant\\n' -}}{%- endif -%}
        """
}
