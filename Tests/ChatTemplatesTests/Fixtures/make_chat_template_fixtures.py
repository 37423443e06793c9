#!/usr/bin/env python3
"""Renders chat templates and small language snippets with Python's jinja2, configured exactly as
Hugging Face transformers configures it, and writes chat_template_cases.json for the Swift tests
(Tests/ChatTemplatesTests). Requires `pip install jinja2` (3.x); transformers is not needed.

Usage: python3 make_chat_template_fixtures.py    (run from any directory; writes beside itself)

Template sources (templates/*.jinja):
  - Qwen-Qwen2.5-7B-Instruct, meta-llama-Llama-3.1-8B-Instruct, meta-llama-Llama-3.2-3B-Instruct,
    NousResearch-Hermes-2-Pro-and-3-tool_use (Hermes-2-Pro-Llama-3-8B and Hermes-3-Llama-3.1-8B
    ship the same tool_use template), microsoft-Phi-3.5-mini-instruct,
    mistralai-Mistral-Nemo-Instruct-2407 (Mistral v0.3-style [AVAILABLE_TOOLS] template),
    google-gemma-2-2b-it, Qwen-Qwen3-0.6B, deepseek-ai-DeepSeek-R1-Distill-Qwen-32B,
    CohereForAI-c4ai-command-r-plus-tool_use, meetkai-functionary-medium-v3.2:
    copied byte for byte from llama.cpp's models/templates/ directory (commit 1eeb523c,
    September 2025), where each file is the `chat_template` of the model's tokenizer_config.json.
  - google-gemma-3-it: the `chat_template` of google/gemma-3-*-it tokenizer_config.json.
  - microsoft-phi-4: the `chat_template` of microsoft/phi-4 tokenizer_config.json.
  - microsoft-Phi-4-mini-instruct: the `chat_template` of microsoft/Phi-4-mini-instruct
    tokenizer_config.json.
  - meetkai-functionary-medium-v3.1, Qwen3-Coder, Qwen3.5-4B, NVIDIA-Nemotron-3-Nano-30B-A3B-BF16,
    StepFun3.5-Flash, mistralai-Ministral-3-14B-Reasoning-2512, meta-llama-Llama-3.3-70B-Instruct,
    deepseek-ai-DeepSeek-V3.1, HuggingFaceTB-SmolLM3-3B, GLM-4.6, moonshotai-Kimi-K2,
    Kimi-K2-Instruct, google-gemma-4-31B-it, CohereForAI-c4ai-command-r7b-12-2024-tool_use,
    deepseek-ai-DeepSeek-R1-Distill-Llama-8B, unsloth-mistral-Devstral-Small-2507,
    ibm-granite-granite-4.0: copied byte for byte from
    vendor/llama.cpp/models/templates/ in the PyPI source distribution of llama-cpp-python 0.3.36
    (`pip download llama-cpp-python==0.3.36 --no-deps --no-binary :all:`). The templates there that
    call strftime_now unconditionally (the date would change the output) are left out, and so is
    llama-cpp-deepseek-r1 (its tool prompt pipes a `map` generator to `tojson`, which jinja2
    rejects and this renderer, whose generators are lists, accepts).
  - The "modelled" cases are not copies: a few lines each reproduce a pattern of real templates
    (Markup headers joined with `+`, map/selectattr over null fields); see MODELLED_TEMPLATES.
"""
import json
import os
import sys
import traceback

import jinja2
from jinja2.ext import loopcontrols
from jinja2.sandbox import ImmutableSandboxedEnvironment

HERE = os.path.dirname(os.path.abspath(__file__))


# --- The environment, as transformers' _compile_jinja_template builds it ---------------------

def tojson(x, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    # transformers overrides jinja2's tojson (which would HTML-escape) with plain json.dumps.
    return json.dumps(x, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys)


def raise_exception(message):
    raise jinja2.exceptions.TemplateError(message)


def strftime_now(format):
    from datetime import datetime
    return datetime.now().strftime(format)


def make_environment():
    env = ImmutableSandboxedEnvironment(trim_blocks=True, lstrip_blocks=True, extensions=[loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    return env


ENV = make_environment()


def error_kind(error):
    if type(error) is jinja2.exceptions.TemplateError:
        return "raised"
    if isinstance(error, (jinja2.exceptions.TemplateSyntaxError, jinja2.exceptions.TemplateAssertionError)):
        return "syntax"
    if isinstance(error, jinja2.exceptions.UndefinedError):
        return "undefined"
    if isinstance(error, (OverflowError, RecursionError)):
        return "limit"
    return "type"


def error_line(error):
    if getattr(error, "lineno", None):
        return error.lineno
    line = None
    tb = error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def render(source, variables):
    try:
        return {"expected": ENV.from_string(source).render(**variables)}
    except Exception as error:  # noqa: BLE001 - every failure becomes an expected error
        return {"error": {"type": type(error).__name__, "kind": error_kind(error), "message": str(error),
                          "line": error_line(error)}}


# --- Conversations -------------------------------------------------------------------------

TOOLS = [
    {"type": "function", "function": {
        "name": "get_weather",
        "description": "Get the current weather in a given location",
        "parameters": {"type": "object", "properties": {
            "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "The unit of temperature"}},
            "required": ["location"]}}},
    {"type": "function", "function": {
        "name": "search_documents",
        "description": "Search the knowledge base",
        "parameters": {"type": "object", "properties": {
            "query": {"type": "string", "description": "What to look for"},
            "max_results": {"type": "integer", "description": "How many results (1-10)", "default": 3},
            "tags": {"type": "array", "items": {"type": "string"}, "description": "Only these tags"},
            "score": {"type": ["number", "string"], "description": "Minimum score"}},
            "required": ["query"]}}},
]

# A nullable parameter: the Hermes template recurses forever on the "null" type (Python raises
# RecursionError; the Swift renderer stops at its macro depth limit).
UNION_TOOLS = [{"type": "function", "function": {"name": "f", "description": "d", "parameters": {
    "type": "object", "properties": {"x": {"type": ["string", "null"], "description": "nullable"}}}}}]

SYSTEM = {"role": "system", "content": "You are a helpful assistant. Answer briefly."}
USER_1 = {"role": "user", "content": "What's the weather like in Paris?"}
ASSISTANT_1 = {"role": "assistant", "content": "It is sunny and 22 °C in Paris."}
USER_2 = {"role": "user", "content": "And in Tokyo? Answer in \"quotes\" and use a backslash \\ too."}

CALL_1 = {"id": "call00001", "type": "function",
          "function": {"name": "get_weather", "arguments": {"location": "Paris, France", "unit": "celsius"}}}
CALL_2 = {"id": "call00002", "type": "function",
          "function": {"name": "search_documents", "arguments": {"query": "Paris events", "max_results": 2, "tags": ["fun", "free"]}}}
TOOL_CALL_TURN = {"role": "assistant", "content": "", "tool_calls": [CALL_1]}
TOOL_RESULT_1 = {"role": "tool", "tool_call_id": "call00001", "name": "get_weather",
                 "content": "{\"temperature\": 22, \"condition\": \"sunny\"}"}
TOOL_RESULT_2 = {"role": "tool", "tool_call_id": "call00002", "name": "search_documents",
                 "content": "[\"Jazz night\", \"Open museum day\"]"}
FINAL_ANSWER = {"role": "assistant", "content": "It's 22 °C and sunny in Paris."}

CONVERSATIONS = {
    "single_user": [USER_1],
    "system_user": [SYSTEM, USER_1],
    "multi_turn": [SYSTEM, USER_1, ASSISTANT_1, USER_2],
    "multi_turn_no_system": [USER_1, ASSISTANT_1, USER_2],
    "tool_round_trip": [SYSTEM, USER_1, TOOL_CALL_TURN, TOOL_RESULT_1, FINAL_ANSWER],
    "parallel_tool_calls": [USER_1, {"role": "assistant", "content": "Let me check.", "tool_calls": [CALL_1, CALL_2]},
                            TOOL_RESULT_1, TOOL_RESULT_2],
    "unicode_whitespace": [
        {"role": "system", "content": "  Réponds en français.\n\n"},
        {"role": "user", "content": "\tBonjour ! 👋 Ça va ?  \n"},
        {"role": "assistant", "content": "Très bien, merci ! 日本語も話せます。"},
        {"role": "user", "content": "Line one\nLine two\r\nTab\there 'single' \"double\""}],
    "bad_alternation": [USER_1, {"role": "user", "content": "Hello again?"}],
    "thinking_history": [USER_1, {"role": "assistant", "content": "<think>\nThe user asks about Paris.\n</think>\n\nSunny, 22 °C."},
                         USER_2],
    "multimodal_content": [
        {"role": "system", "content": [{"type": "text", "text": "Describe images."}]},
        {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": " What is in this picture? "}]}],
    "empty": [],
}

FAMILIES = {
    # template file: (bos_token, eos_token, extra variables)
    "Qwen-Qwen2.5-7B-Instruct": ("", "<|im_end|>", {}),
    "Qwen-Qwen3-0.6B": ("", "<|im_end|>", {}),
    "deepseek-ai-DeepSeek-R1-Distill-Qwen-32B": ("<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", {}),
    "meta-llama-Llama-3.1-8B-Instruct": ("<|begin_of_text|>", "<|eot_id|>", {"date_string": "26 Jul 2024"}),
    "meta-llama-Llama-3.2-3B-Instruct": ("<|begin_of_text|>", "<|eot_id|>", {"date_string": "01 Mar 2025"}),
    "NousResearch-Hermes-2-Pro-and-3-tool_use": ("<|begin_of_text|>", "<|im_end|>", {}),
    "microsoft-Phi-3.5-mini-instruct": ("<s>", "<|endoftext|>", {}),
    "microsoft-phi-4": ("<|endoftext|>", "<|im_end|>", {}),
    "microsoft-Phi-4-mini-instruct": ("<|endoftext|>", "<|endoftext|>", {}),
    "mistralai-Mistral-Nemo-Instruct-2407": ("<s>", "</s>", {}),
    "google-gemma-2-2b-it": ("<bos>", "<eos>", {}),
    "google-gemma-3-it": ("<bos>", "<eos>", {}),
    "CohereForAI-c4ai-command-r-plus-tool_use": ("<BOS_TOKEN>", "<|END_OF_TURN_TOKEN|>", {}),
    "meetkai-functionary-medium-v3.2": ("<|begin_of_text|>", "<|eot_id|>", {}),
    "meetkai-functionary-medium-v3.1": ("<|begin_of_text|>", "<|eot_id|>", {}),
    "Qwen3-Coder": ("", "<|im_end|>", {}),
    "Qwen3.5-4B": ("", "<|im_end|>", {}),
    "NVIDIA-Nemotron-3-Nano-30B-A3B-BF16": ("<s>", "<|im_end|>", {}),
    "StepFun3.5-Flash": ("<|begin_of_sentence|>", "<|im_end|>", {}),
    "mistralai-Ministral-3-14B-Reasoning-2512": ("<s>", "</s>", {}),
    "meta-llama-Llama-3.3-70B-Instruct": ("<|begin_of_text|>", "<|eot_id|>", {"date_string": "26 Jul 2024"}),
    "deepseek-ai-DeepSeek-V3.1": ("<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", {}),
    "HuggingFaceTB-SmolLM3-3B": ("", "<|im_end|>", {}),
    "GLM-4.6": ("", "<|endoftext|>", {}),
    "moonshotai-Kimi-K2": ("[BOS]", "[EOS]", {}),
    "Kimi-K2-Instruct": ("[BOS]", "[EOS]", {}),
    "google-gemma-4-31B-it": ("<bos>", "<eos>", {}),
    "CohereForAI-c4ai-command-r7b-12-2024-tool_use": ("<BOS_TOKEN>", "<|END_OF_TURN_TOKEN|>", {}),
    "deepseek-ai-DeepSeek-R1-Distill-Llama-8B": ("<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", {}),
    "unsloth-mistral-Devstral-Small-2507": ("<s>", "</s>", {}),
    "ibm-granite-granite-4.0": ("<|end_of_text|>", "<|end_of_text|>", {}),
}

# (conversation, add_generation_prompt, with tools, extra variables)
SCENARIOS = [
    ("single_user", True, False, {}),
    ("system_user", True, False, {}),
    ("multi_turn", False, False, {}),
    ("multi_turn_no_system", True, False, {}),
    ("tool_round_trip", True, True, {}),
    ("parallel_tool_calls", True, True, {}),
    ("unicode_whitespace", True, False, {}),
    ("bad_alternation", True, False, {}),
    ("empty", True, False, {}),
]

EXTRA_SCENARIOS = {
    "meta-llama-Llama-3.1-8B-Instruct": [
        ("system_user", True, True, {"tools_in_user_message": False}),
        ("tool_round_trip", False, True, {"tools_in_user_message": False}),
        ("multi_turn", True, True, {}),
        ("tool_round_trip", True, False, {"builtin_tools": ["brave_search", "wolfram_alpha"]}),
    ],
    "meta-llama-Llama-3.2-3B-Instruct": [
        ("system_user", True, True, {"tools_in_user_message": False}),
    ],
    "Qwen-Qwen3-0.6B": [
        ("thinking_history", True, False, {}),
        ("thinking_history", True, False, {"enable_thinking": False}),
        ("tool_round_trip", False, True, {"enable_thinking": True}),
    ],
    "Qwen-Qwen2.5-7B-Instruct": [
        ("system_user", False, True, {}),
    ],
    "google-gemma-3-it": [
        ("multimodal_content", True, False, {}),
    ],
    "mistralai-Mistral-Nemo-Instruct-2407": [
        ("multi_turn", True, True, {}),
        ("tool_round_trip_bad_id", True, True, {}),
    ],
    "microsoft-Phi-4-mini-instruct": [
        ("phi4_mini_tools", True, False, {}),
    ],
    "NousResearch-Hermes-2-Pro-and-3-tool_use": [
        ("multi_turn", True, True, {}),
        ("single_user", True, "union_tools", {}),
    ],
}

# Reasoning models: earlier turns carry their thinking as `reasoning_content` (OpenAI-compatible
# servers' field, which the Qwen3 and Gemma 4 templates read), a turn's tool call made after
# thinking, and the tool's answer, so the templates' "current turn keeps its thinking" branches run.
REASONED_ANSWER = {"role": "assistant", "content": "Sunny, 22 °C.", "reasoning_content": "The user asks about Paris.\nCheck the weather."}
REASONED_CALL = {"role": "assistant", "content": "", "reasoning_content": "I need the weather tool.", "tool_calls": [CALL_1]}
CONVERSATIONS["reasoning_history"] = [SYSTEM, USER_1, REASONED_ANSWER, USER_2]
CONVERSATIONS["reasoning_tool_turn"] = [SYSTEM, USER_1, REASONED_CALL, TOOL_RESULT_1]
CONVERSATIONS["reasoning_tool_round_trip"] = [SYSTEM, USER_1, REASONED_CALL, TOOL_RESULT_1,
                                              dict(FINAL_ANSWER, reasoning_content="The tool says sunny."), USER_2]
CONVERSATIONS["smollm3_no_think_flag"] = [{"role": "system", "content": "Answer briefly. /no_think"}, USER_1, ASSISTANT_1, USER_2]
CONVERSATIONS["smollm3_think_flag"] = [{"role": "system", "content": "/think Answer briefly."}, USER_1]

# enable_thinking on, off and absent, over plain turns, reasoning_content and tool turns.
THINKING_SCENARIOS = [
    ("single_user", True, False, {"enable_thinking": True}),
    ("single_user", True, False, {"enable_thinking": False}),
    ("system_user", True, False, {"enable_thinking": False}),
    ("reasoning_history", True, False, {}),
    ("reasoning_history", True, False, {"enable_thinking": True}),
    ("reasoning_history", True, False, {"enable_thinking": False}),
    ("reasoning_tool_turn", True, True, {}),
    ("reasoning_tool_turn", True, True, {"enable_thinking": True}),
    ("reasoning_tool_turn", True, True, {"enable_thinking": False}),
    ("reasoning_tool_round_trip", True, True, {"enable_thinking": True}),
    ("reasoning_tool_round_trip", False, True, {"enable_thinking": False}),
    ("parallel_tool_calls", True, True, {"enable_thinking": True}),
    ("thinking_history", True, False, {"enable_thinking": True}),
]

EXTRA_SCENARIOS["Qwen-Qwen3-0.6B"] += THINKING_SCENARIOS
EXTRA_SCENARIOS["HuggingFaceTB-SmolLM3-3B"] = THINKING_SCENARIOS + [
    ("smollm3_no_think_flag", True, False, {}),
    ("smollm3_no_think_flag", True, False, {"enable_thinking": True}),
    ("smollm3_think_flag", True, False, {"enable_thinking": False}),
]
EXTRA_SCENARIOS["google-gemma-4-31B-it"] = THINKING_SCENARIOS
EXTRA_SCENARIOS["microsoft-Phi-4-mini-instruct"] += [
    ("reasoning_history", True, False, {}),
    ("phi4_mini_tools", False, False, {}),
    ("phi4_mini_tool_round_trip", True, False, {}),
    ("phi4_mini_parallel_calls", True, False, {}),
    ("phi4_mini_tools_without_instructions", True, False, {}),
]

CONVERSATIONS["tool_round_trip_bad_id"] = [
    USER_1, {"role": "assistant", "content": "", "tool_calls": [dict(CALL_1, id="call_1")]},
    dict(TOOL_RESULT_1, tool_call_id="call_1")]
CONVERSATIONS["phi4_mini_tools"] = [
    {"role": "system", "content": "You have tools.", "tools": json.dumps([t["function"] for t in TOOLS])}, USER_1]
CONVERSATIONS["phi4_mini_tool_round_trip"] = [
    CONVERSATIONS["phi4_mini_tools"][0], USER_1,
    {"role": "assistant", "content": "<|tool_call|>[{\"name\": \"get_weather\", \"arguments\": {\"location\": \"Paris, France\"}}]<|/tool_call|>"},
    dict(TOOL_RESULT_1), USER_2]


def phi4_mini_calls(*calls):
    # Phi-4-mini's calls as an assistant message's text (its template shows no `tool_calls`): a
    # block per call, `<|tool_call|>[{"name": ..., "arguments": ...}]<|/tool_call|>`, as
    # LocalInference's PromptRenderer writes an earlier turn's calls back.
    return "".join("<|tool_call|>[" + json.dumps({"name": c["function"]["name"], "arguments": c["function"]["arguments"]},
                                                 ensure_ascii=False) + "]<|/tool_call|>" for c in calls)


CONVERSATIONS["phi4_mini_parallel_calls"] = [
    CONVERSATIONS["phi4_mini_tools"][0], USER_1,
    {"role": "assistant", "content": phi4_mini_calls(CALL_1, CALL_2)}, TOOL_RESULT_1, TOOL_RESULT_2]
CONVERSATIONS["phi4_mini_tools_without_instructions"] = [
    {"role": "system", "content": "", "tools": json.dumps([t["function"] for t in TOOLS])}, USER_1]


def template_cases():
    cases = []
    for family, (bos, eos, extra) in FAMILIES.items():
        path = os.path.join(HERE, "templates", family + ".jinja")
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        for conversation, generation, with_tools, scenario_extra in SCENARIOS + EXTRA_SCENARIOS.get(family, []):
            variables = {
                "messages": CONVERSATIONS[conversation],
                "tools": UNION_TOOLS if with_tools == "union_tools" else (TOOLS if with_tools else None),
                "documents": None,
                "add_generation_prompt": generation,
                "bos_token": bos,
                "eos_token": eos,
            }
            variables.update(extra)
            variables.update(scenario_extra)
            name = f"{family} / {conversation}{' +tools' if with_tools else ''}{' +gen' if generation else ''}"
            for key, value in scenario_extra.items():
                name += f" {key}={json.dumps(value)}"
            case = {"name": name, "template_file": family + ".jinja", "variables": variables}
            case.update(render(source, variables))
            cases.append(case)
    return cases


# --- Language snippets ---------------------------------------------------------------------
# Each snippet is rendered with SNIPPET_VARIABLES; they pin down the corners of jinja2's
# semantics that chat templates rely on.

SNIPPET_VARIABLES = {
    "d": {"a": 1, "b": [1, 2], "items": "key named items", "nested": {"x": {"y": "deep"}}},
    "xs": [3, 1, 2],
    "words": ["banana", "Apple", "cherry", "apple"],
    "people": [{"name": "Ann", "age": 31, "role": "user"}, {"name": "bob", "age": 25, "role": "assistant"},
               {"name": "Cy", "age": 31, "role": "user", "extra": None}],
    "s": "héllo wörld",
    "f": 2.5,
    "n": None,
    "t": True,
    "empty": [],
    "text": "  padded text\n",
}

SNIPPETS = [
    # whitespace control, trim_blocks, lstrip_blocks
    "{% if t %}\n  yes\n{% endif %}\nafter",
    "  {% if t %}\n    {{ 'x' }}\n  {% endif %}\nend",
    "a  {%- if t -%}  b  {%- endif -%}  c",
    "a\n  {{- ' b ' -}}  \nc",
    "line\n    {{ 'var' }}\n    {% set q = 1 %}\nx{{ q }}",
    "{%+ if t %}\n  kept{%+ endif +%}\nnext",
    "{# comment #}\n  {# indented comment #}\ntext{# trailing -#}   \n  more",
    "{% raw %}{{ not evaluated }} {% if %}{% endraw %}\ndone",
    "{%- raw -%}  {{ x }}  {%- endraw -%} |",
    "trailing newline is dropped\n",
    "two trailing newlines\n\n",
    "crlf\r\nlines\r\n{% if t %}\r\nok\r\n{% endif %}\r\n",
    "{{ 'a' }}{{- '\n  b' }}",
    "{% for i in xs %}\n  {{ i }}\n{% endfor %}",
    "{% for i in xs -%}\n  {{ i }}\n{%- endfor %}",
    # printing
    "{{ 1 }} {{ 1.0 }} {{ 2.50 }} {{ 1e16 }} {{ 1e-5 }} {{ 0.1 + 0.2 }} {{ -0.0 }} {{ 10 / 4 }} {{ 10 // 4 }} {{ 3 ** 30 }}",
    "{{ none }} {{ true }} {{ False }} {{ n }} {{ [1, 'a', none, true, 1.5] }} {{ {'k': 'v', 'n': [1]} }} {{ (1,) }} {{ () }} {{ (1, 'b') }}",
    "{{ [\"it's\", 'say \"hi\"', 'both \\' and \"', 'tab\\tnl\\n', 'bell\\x07', 'é😀'] }}",
    "{{ d }}|{{ xs }}|{{ d.nested }}",
    "[{{ undefined_name }}] [{{ d.missing }}] [{{ xs[10] }}]",
    "{{ 'a' ~ 1 ~ none ~ [1] ~ undefined_name }}",
    "{{ \"\\u00e9\\x41\\101\\d\\U0001F600\" }} {{ 'adjacent' 'strings' }}",
    # operators
    "{{ 7 // 2 }} {{ -7 // 2 }} {{ 7 % -3 }} {{ -7 % 3 }} {{ 7.5 // 2 }} {{ -7.5 % 2 }} {{ 2 ** -1 }} {{ 2 ** 3 ** 2 }} {{ -2 ** 2 }}",
    "{{ 1 + 2 * 3 - 4 / 2 }} {{ (1 + 2) * 3 }} {{ 'ab' * 3 }} {{ [0] * 3 }} {{ xs + [4] }} {{ true + 1 }}",
    "{{ 1 == 1.0 }} {{ 'a' != 'b' }} {{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }} {{ 'abc' < 'abd' }} {{ [1, 2] < [1, 3] }} {{ (1, 2) == [1, 2] }}",
    "{{ 'a' in 'cat' }} {{ 2 in xs }} {{ 'a' in d }} {{ 'z' not in d }} {{ not 0 }} {{ 0 or 'x' }} {{ 'y' and 0 }} {{ [] or none }}",
    "{{ 'yes' if t else 'no' }}|{{ 'yes' if n else 'no' }}|{{ 'only' if n }}|{{ (1 if t else 2) + 1 }}",
    "{{ -xs[0] }} {{ -f|abs }} {{ +3 }} {{ not t and n is none }}",
    # tests
    "{{ 3 is odd }} {{ 4 is even }} {{ 9 is divisibleby 3 }} {{ 9 is divisibleby(4) }} {{ n is none }} {{ n is not none }}",
    "{{ t is boolean }} {{ 1 is number }} {{ t is number }} {{ 1.0 is float }} {{ 1 is integer }} {{ t is integer }} {{ 'x' is string }}",
    "{{ d is mapping }} {{ xs is sequence }} {{ 'x' is sequence }} {{ d is iterable }} {{ 1 is iterable }} {{ undefined_name is iterable }}",
    "{{ undefined_name is defined }} {{ d.a is defined }} {{ d.zz is undefined }} {{ t is true }} {{ 1 is true }} {{ range is callable }}",
    "{{ 1 is eq 1 }} {{ 1 is equalto 2 }} {{ 2 is gt 1 }} {{ 2 is ge 3 }} {{ 2 is lt 3 }} {{ 'b' is in 'abc' }} {{ 'ABC' is upper }} {{ 'abc' is lower }}",
    # loops
    "{% for x in xs %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }};{% endfor %}",
    "{% for x in xs %}[{{ loop.previtem }}|{{ loop.nextitem }}|{{ loop.cycle('odd', 'even') }}]{% endfor %}",
    "{% for x in xs if x > 1 %}{{ x }}:{{ loop.index }}/{{ loop.length }} {% else %}none{% endfor %}",
    "{% for x in empty %}{{ x }}{% else %}empty list{% endfor %}",
    "{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}|{% for k in d %}{{ k }},{% endfor %}|{% for c in 'ab' %}{{ c }}.{% endfor %}",
    "{% for a, b in [(1, 2), [3, 4]] %}{{ a + b }}{% endfor %}",
    "{% for i in range(10) %}{% if i is odd %}{% continue %}{% endif %}{% if i > 6 %}{% break %}{% endif %}{{ i }}{% endfor %}",
    "{% for row in [[1, 2], [3]] %}{% for col in row %}{{ loop.index }}{{ col }}{% endfor %}/{{ loop.index }} {% endfor %}",
    "{% for x in undefined_name %}x{% endfor %}ok",
    "{{ range(3)|list }} {{ range(1, 10, 3)|list }} {{ range(5, 0, -2)|list }} {{ range(0)|list }}",
    "{% for x in xs %}{% if loop.changed(x > 1) %}[{{ x }}]{% endif %}{% endfor %}",
    # scoping
    "{% set x = 0 %}{% for i in xs %}{{ x }}{% set x = i %}{{ x }} {% endfor %}{{ x }}",
    "{% set x = 0 %}{% if t %}{% set x = 5 %}{% endif %}{{ x }}",
    "{% set ns = namespace(total=0, seen=[]) %}{% for i in xs %}{% set ns.total = ns.total + i %}{% endfor %}{{ ns.total }}",
    "{% set a, b = 'xy' %}{{ b }}{{ a }} {% set t2 = 1, 2 %}{{ t2 }}",
    "{% set block %}Hello {{ 'world' }}!{% endset %}[{{ block }}]{% set up | upper | replace('L', '_') %}hello{% endset %}{{ up }}",
    "{% filter upper %}abc {{ 'def' }}{% endfilter %}",
    "{% with a = 1, b = 2 %}{{ a + b }}{% endwith %}[{{ a }}]",
    "{% macro greet(name, greeting='Hello') %}{{ greeting }}, {{ name }}!{% endmacro %}{{ greet('Ann') }} {{ greet('Bob', greeting='Hi') }} {{ greet('Cy', 'Yo') }}",
    "{% macro rest(a) %}{{ a }}{{ varargs }}{{ kwargs }}{% endmacro %}{{ rest(1, 2, 3, k=4) }}",
    "{% macro fact(k) %}{% if k <= 1 %}1{% else %}{{ k * fact(k - 1)|int }}{% endif %}{% endmacro %}{{ fact(5) }}",
    "{% set v = 1 %}{% macro show() %}{{ v }}{% endmacro %}{% set v = 2 %}{{ show() }}",
    # attribute and item access
    "{{ d.a }} {{ d['a'] }} {{ d.b[1] }} {{ d.b.0 }} {{ d.nested.x.y }} {{ d['nested']['x']['y'] }} {{ xs[-1] }}",
    "{{ d.items is callable }}|{{ d['items'] }}|{{ d.get('a') }} {{ d.get('zz') }} {{ d.get('zz', 'dflt') }} {{ d.keys()|list }} {{ d.values()|list|length }}",
    "{{ xs[1:] }} {{ xs[::-1] }} {{ xs[:-1] }} {{ s[::-1] }} {{ s[1:4] }} {{ s[0] }} {{ 'abcdef'[::2] }} {{ xs[5:] }}",
    # string methods
    "{{ '  x  '.strip() }}|{{ 'xxhixx'.strip('x') }}|{{ '  x '.lstrip() }}|{{ ' x  '.rstrip() }}|{{ text.strip() }}",
    "{{ 'a,b,,c'.split(',') }} {{ ' a  b \\n c '.split() }} {{ 'a,b,c'.split(',', 1) }} {{ 'a,b,c'.rsplit(',', 1) }}",
    "{{ s.startswith('hé') }} {{ s.endswith(('x', 'wörld')) }} {{ s.upper() }} {{ 'ÉCOLE'.lower() }} {{ 'hello world'.title() }} {{ 'hELLO'.capitalize() }}",
    "{{ 'banana'.replace('a', 'o') }} {{ 'banana'.replace('a', 'o', 2) }} {{ 'banana'.find('n') }} {{ 'banana'.find('z') }} {{ 'banana'.count('a') }} {{ '-'.join(['a', 'b']) }}",
    "{{ '{} and {}'.format('x', 1) }} {{ '{name}!'.format(name='N') }} {{ '%s=%d' % ('k', 3) }} {{ '%s' % 'solo' }}",
    # filters
    "{{ text|trim }}|{{ 'xxhixx'|trim('x') }}|{{ xs|length }} {{ s|length }} {{ d|count }} {{ undefined_name|length }}",
    "{{ undefined_name|default('dflt') }} {{ n|default('dflt') }} {{ n|default('dflt', true) }} {{ ''|d('empty') }} {{ ''|d('empty', boolean=true) }}",
    "{{ d|items|list }} {{ xs|list }} {{ 'ab'|list }} {{ xs|first }} {{ xs|last }} {{ 'abc'|first }} [{{ empty|first }}]",
    "{{ xs|join }} {{ xs|join(', ') }} {{ people|join(', ', attribute='name') }} {{ words|upper }} {{ 'MiXeD'|lower }}",
    "{{ 'hello wORLD-foo(bar'|title }} {{ 'hELLO world'|capitalize }} {{ 'banana'|replace('a', '4') }} {{ 'banana'|replace('a', '4', 1) }}",
    "{{ 42|string }} {{ '42'|int + 1 }} {{ '4.7'|int }} {{ 'x'|int }} {{ 'x'|int(7) }} {{ 3.99|int }} {{ '0x1A'|int(base=16) }} {{ '2.5'|float }} {{ 'q'|float }} {{ -3|abs }}",
    "{{ 2.5|round }} {{ 3.5|round }} {{ 2.567|round(2) }} {{ 2.5|round(0, 'floor') }} {{ 2.1|round(0, 'ceil') }} {{ 7|round }}",
    "{{ 'a\\nb\\n\\nc'|indent }}|{{ 'a\\nb'|indent(2, true) }}|{{ 'a\\n\\nb'|indent(2, blank=true) }}|{{ 'x'|indent('> ', first=true) }}",
    "{{ people|selectattr('role', 'equalto', 'user')|map(attribute='name')|list }} {{ people|rejectattr('age', 'gt', 30)|map(attribute='name')|join }}",
    "{{ xs|select('odd')|list }} {{ xs|reject('odd')|list }} {{ [0, 1, '', 'a', none]|select|list }} {{ people|selectattr('extra', 'defined')|list|length }}",
    "{{ people|selectattr('extra', 'none')|map(attribute='name')|first }} {{ people|map(attribute='missing', default='?')|list }} {{ xs|map('string')|join('-') }}",
    "{{ words|sort }} {{ words|sort(case_sensitive=true) }} {{ words|sort(reverse=true) }} {{ people|sort(attribute='age')|map(attribute='name')|list }}",
    "{{ words|unique|list }} {{ words|unique(case_sensitive=true)|list }} {{ xs|reverse|list }} {{ s|reverse }} {{ xs|sum }} {{ people|sum(attribute='age') }}",
    "{{ xs|max }} {{ xs|min }} {{ words|max }} {{ people|max(attribute='age')|attr('name') }} {{ {'b': 1, 'A': 2, 'a': 3}|dictsort }} {{ {'b': 1, 'a': 2}|dictsort(by='value', reverse=true) }}",
    "{{ [1, 2, 3, 4, 5]|batch(2)|list }} {{ [1, 2, 3]|batch(2, 'x')|list }} {{ people|groupby('age')|map('first')|list }}",
    "{{ '<a href=\"x\">&\\'</a>'|e }} {{ '<b>'|safe }} {{ 'one two  three'|wordcount }} {{ 'hello world foo'|truncate(9) }} {{ 'x'|center(5) }}|",
    "{{ '%s-%s'|format('a', 1) }} {{ d|attr('a') }} {{ xs|map('abs')|list }}",
    # tojson
    "{{ d|tojson }}",
    "{{ people|tojson(indent=2) }}",
    "{{ {'é': 'ü\\n\\t\"\\\\', 'f': 1.0, 'big': 1e20, 'n': none, 't': true}|tojson }} {{ {'é': '😀'}|tojson(ensure_ascii=true) }}",
    "{{ {'b': 1, 'a': [1, 2]}|tojson(sort_keys=true, separators=(',', ':')) }} {{ 'text'|tojson }} {{ (1, 2)|tojson }} {{ []|tojson(indent=2) }} {{ {}|tojson }}",
    # sandbox and errors
    "{{ xs.append(4) }}",
    "{{ d.pop('a') }}",
    "{{ undefined_name.attr }}",
    "{{ d.missing.deeper }}",
    "{{ undefined_name() }}",
    "{{ undefined_name + 1 }}",
    "{{ 1 + 'a' }}",
    "{{ 'a' + 1 }}",
    "{{ 1 / 0 }}",
    "{{ 'a' < 1 }}",
    "{% for x in n %}{% endfor %}",
    "{{ n|length }}",
    "{{ raise_exception('Custom failure: ' ~ xs|length) }}",
    "line 1\nline 2\n{% if t %}\n  {{ raise_exception('on line 4') }}\n{% endif %}",
    "{% set y = {} %}{% set y.a = 1 %}",
    "{% for a, b in [[1, 2, 3]] %}{% endfor %}",
    "{{ range(200000)|length }}",
    "{{ x|nosuchfilter }}",
    "{% if false %}{{ x|nosuchfilter }}{% endif %}ok",
    "{{ 1 is nosuchtest }}",
    "{% if t %}\nunclosed",
    "{% for x in xs %}{% endif %}",
    "{{ 1 + }}",
    "{{ foo bar }}",
    "line1\n{% unknowntag %}",
    "{{ 'unterminated }}",
    "{{ (1, 2 }}",
    "{% endfor %}",
    "{{ tojson }}{{ d|tojson(bogus=1) }}",
    "{{ {'a': undefined_name}|tojson }}",
    # markupsafe's Markup, which jinja2 uses even without autoescape: `|safe` and `|escape` make one,
    # `+`, `%`, `|format` and its methods escape the plain strings they meet; `~`, `|join`,
    # `|replace`, `|title`, blocks and macros give plain strings.
    "{{ ('<b>'|safe) + '<i>' }}|{{ '<i>' + ('<b>'|safe) }}|{{ ('<b>'|safe) ~ '<i>' }}|{{ '<i>' ~ ('<b>'|safe) }}|{{ (('<b>'|safe) ~ '<') + '<' }}",
    "{{ '<b>'|e + '&' }}|{{ '<b>'|e|e }}|{{ '<b>'|e|forceescape }}|{{ ('<b>'|safe)|e + '\"' }}|{{ ('<b>'|safe)|forceescape }}|{{ n|e + '<' }}|{{ [1, '<']|e }}|{{ (undefined_name|safe) + \"'\" }}|{{ (1|safe) + '<' }}",
    "{{ ('<b>'|safe)|string + '<' }}|{{ ('<b>'|safe) == '<b>' }} {{ ('<b>'|safe)|length }} {{ ('<b>'|safe) is string }} {{ ('<b>'|safe) is escaped }} {{ '<b>' is escaped }} {{ '<' in ('<b>'|safe) }} {{ {'<b>': 1}['<b>'|safe] }} {{ ('x'|safe) < 'y' }}",
    "{{ ['<a>'|safe, '<b>']|join('&') }}|{{ (['<a>', '<b>']|join('&'|safe)) + '<' }}|{{ (('<b>&'|safe)|replace('&', '<')) + '<' }}|{{ ('%s<'|safe)|format('<i>') }}|{{ '%s<'|format('<i>'|safe) }}|{{ ('%s|%r|%d'|safe) % ('<i>', '<', 3) }}|{{ ('%(a)s'|safe) % {'a': '<'} }}|{{ '%s' % ('<'|safe) }}",
    "{{ ('<b>'|safe)|upper + '<' }}|{{ (' <b> '|safe)|trim + '<' }}|{{ ('<b>'|safe)|title + '<' }}|{{ ('<b>'|safe)|capitalize + '<' }}|{{ ('<b>'|safe)|center(7) + '<' }}|{{ ('<b>'|safe)|reverse + '<' }}|{{ ('<b>'|safe)|first + '<' }}|{{ ('<b>'|safe)|list }}|{{ ('a\nb'|safe)|indent('> ') }}|{{ ('<b> long text here'|safe)|truncate(9, end='<') }}",
    "{{ ('<b>'|safe)[0] + '<' }}|{{ ('<b>'|safe)[1:] + '<' }}|{{ ('<b>'|safe) * 2 + '<' }}|{{ ('<b>'|safe).upper() + '<' }}|{{ ('<b>'|safe).replace('b', '<') }}|{{ ('a<b'|safe).split('<') }}|{{ ('-'|safe).join(['<', '<'|safe]) }}|{{ '-'.join(['<'|safe, '<']) + '<' }}|{{ ('{}<'|safe).format('<i>') }}|{{ ('<b>'|safe).startswith('<') }}|{{ ('<b>'|safe).center(7, '*') }}",
    "{{ ['<b>'|safe] }} {{ {'k': '<b>'|safe} }} {{ ('<b>'|safe)|tojson }} {{ ('a<b'|safe).partition('<') }} {{ ['b'|safe, 'a']|sort }} {{ '<b>'|safe|pprint if false }}",
    "{% set x %}<b>{% endset %}{{ x + '<' }}|{% macro m() %}<b>{% endmacro %}{{ m() + '<' }}|{% set y = '<b>'|safe %}{% set y = y + '<' %}{{ y + '>' }}|{% filter upper %}{{ ('<b>'|safe) + '<' }}{% endfilter %}|{% for c in '<b>'|safe %}{{ c + '<' }}{% endfor %}|{{ ('5'|safe)|int + 1 }}",
    "{{ ('<b>'|safe) + 1 }}",
    "{{ 1 + ('<b>'|safe) }}",
    "{{ ('<b>'|safe) + n }}",
    # select/reject/selectattr/rejectattr/map over a falsy input yield nothing (jinja2's `if value:`),
    # without looking at their arguments; a truthy input that is not iterable still fails.
    "{{ n|select|list }} {{ undefined_name|reject|list }} {{ ''|selectattr('a')|list }} {{ empty|rejectattr('a')|list }} {{ 0|map('upper')|list }} {{ false|map(attribute='a')|list }} {{ 0.0|select('odd')|list }} {{ {}|map('upper')|list }}",
    "{{ n|map()|list }} {{ n|selectattr()|list }} {{ n|select('nosuchtest')|list }} {{ n|map('nosuchfilter')|list }} {{ empty|select('nosuchtest')|list }} {{ empty|map('nosuchfilter')|list }} {{ n|map(attribute='a', bogus=1)|list }}",
    "{% for m in n|selectattr('role', 'equalto', 'user') %}x{% else %}none{% endfor %}|{{ n|map(attribute='name')|join(', ') }}|{{ n|select|first }}|{{ n|reject('none')|list|length }}|{{ n|rejectattr('a')|map('upper')|list }}",
    "{{ 1|select|list }}",
    "{{ t|map('upper')|list }}",
    "{{ xs|select('nosuchtest')|list }}",
    "{{ xs|map('nosuchfilter')|list }}",
    "{{ xs|map(1)|list }}",
    "{{ 1|map()|list }}",
    "{{ t|selectattr()|list }}",
    "{{ n|first }}",
    "{{ n|join }}",
    "{{ ('<b> long text here'|safe)|truncate(9, true, end='<') }}|{{ ('a\\nb'|safe)|indent('<', first=true) }}|{{ ('a\\nb'|safe)|indent('<', blank=true) }}",
]


# --- Small templates modelled on real ones -------------------------------------------------
# Not copies of a model's template: each reproduces, in a few lines, a pattern that real chat
# templates use and that depends on a corner of jinja2 (rendered over the conversations above).

MODELLED_TEMPLATES = {
    # A header marked `|safe` and then joined with `+`: Markup escapes the plain message text.
    "markup_headers": (
        "{%- set sep = '\\n'|safe -%}\n"
        "{{- bos_token|safe -}}\n"
        "{%- for message in messages -%}\n"
        "{%- set header = ('<|' + message['role'] + '|>')|safe -%}\n"
        "{%- if message['content'] is string -%}\n"
        "{{ header + sep + message['content'] + eos_token }}\n"
        "{%- else -%}\n"
        "{{ header + sep + (message['content']|map(attribute='text')|select|join) + eos_token }}\n"
        "{%- endif -%}\n"
        "{%- endfor -%}\n"
        "{%- if add_generation_prompt %}{{ ('<|assistant|>'|safe) + sep }}{% endif -%}\n"
    ),
    # Tool names, system text and tool calls picked with map/selectattr from values that may be
    # none (no tools; an assistant turn whose tool_calls or content is null).
    "falsy_filters": (
        "{%- set tool_names = tools|map(attribute='function')|map(attribute='name')|list -%}\n"
        "{%- set system = messages|selectattr('role', 'equalto', 'system')|map(attribute='content')|first|default('') -%}\n"
        "{%- if system %}<|system|>{{ system }}\n{% endif -%}\n"
        "{%- if tool_names %}Tools: {{ tool_names|join(', ') }}\n{% endif -%}\n"
        "{%- for message in messages|rejectattr('role', 'equalto', 'system') -%}\n"
        "{%- set calls = message.tool_calls|map(attribute='function')|list -%}\n"
        "{%- set images = message.content|selectattr('type', 'equalto', 'image')|list if message.content is not string else [] -%}\n"
        "<|{{ message.role }}|>{{ '<image>' * images|length }}{{ message.content if message.content is string else '' }}\n"
        "{%- for call in calls %}[{{ call.name }}({{ call.arguments|tojson }})]{% endfor %}\n"
        "{% endfor -%}\n"
        "{%- if add_generation_prompt %}<|assistant|>{% endif -%}\n"
    ),
}

CONVERSATIONS["null_tool_fields"] = [
    SYSTEM, USER_1,
    {"role": "assistant", "content": None, "tool_calls": [CALL_1]},
    dict(TOOL_RESULT_1),
    {"role": "assistant", "content": "Sunny.", "tool_calls": None},
    {"role": "user", "content": [{"type": "image"}, {"type": "text", "text": "And <this> one?"}]},
]

MODELLED_SCENARIOS = [
    ("single_user", True, False), ("system_user", True, False), ("multi_turn", False, False),
    ("tool_round_trip", True, True), ("tool_round_trip", True, False), ("unicode_whitespace", True, False),
    ("multimodal_content", True, False), ("null_tool_fields", True, False), ("null_tool_fields", True, True),
    ("empty", True, False),
]


def modelled_cases():
    cases = []
    for family, source in MODELLED_TEMPLATES.items():
        for conversation, generation, with_tools in MODELLED_SCENARIOS:
            variables = {"messages": CONVERSATIONS[conversation], "tools": TOOLS if with_tools else None,
                         "add_generation_prompt": generation, "bos_token": "<s>", "eos_token": "</s>"}
            name = f"modelled {family} / {conversation}{' +tools' if with_tools else ''}{' +gen' if generation else ''}"
            case = {"name": name, "template": source, "variables": variables}
            case.update(render(source, variables))
            cases.append(case)
    return cases


def snippet_cases():
    cases = []
    for index, source in enumerate(SNIPPETS):
        case = {"name": f"snippet {index:03d}: {source[:60]}", "template": source, "variables": SNIPPET_VARIABLES}
        case.update(render(source, SNIPPET_VARIABLES))
        cases.append(case)
    return cases


def main():
    document = {
        "generator": "make_chat_template_fixtures.py",
        "jinja2_version": jinja2.__version__,
        "cases": template_cases() + snippet_cases() + modelled_cases(),
    }
    out = os.path.join(HERE, "chat_template_cases.json")
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(document, handle, ensure_ascii=False, indent=1)
        handle.write("\n")
    errors = sum(1 for case in document["cases"] if "error" in case)
    print(f"wrote {len(document['cases'])} cases ({errors} expected errors) to {out}")


if __name__ == "__main__":
    sys.exit(main())
