#!/usr/bin/env python3
"""OpenAI conformance of `fm serve`, driven by the official `openai` Python client.

Run by scripts/server_conformance, which starts `fm serve` on the real default model with
`--queue-size 0 --parallel 1` and an API key, and passes FM_BASE_URL, FM_API_KEY, FM_MODEL_NAME.
Every generated JSON document is checked with `jsonschema` (an independent validator).
"""
import decimal
import json
import os
import sys
import threading

import jsonschema
import openai
from pydantic import BaseModel

BASE = os.environ["FM_BASE_URL"]
KEY = os.environ["FM_API_KEY"]
MODEL = os.environ["FM_MODEL_NAME"]
client = openai.OpenAI(base_url=BASE, api_key=KEY, max_retries=0, timeout=300)
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))
    if not condition:
        failures.append(name)


def user(text):
    return [{"role": "user", "content": text}]


# models.list
models = client.models.list()
# The served model first, then Apple's names: `system` (the default model, an alias) and `pcc`
# (listed but unavailable, as Apple's `fm serve` lists it on a Mac without Private Cloud Compute).
check("models.list names the served model, then system and pcc", [m.id for m in models.data] == [MODEL, "system", "pcc"], models)
try:
    client.chat.completions.create(model="pcc", messages=user("Hi"), max_tokens=4)
    check("a request for pcc is refused", False, "it was answered")
except openai.APIStatusError as error:
    check("a request for pcc is 503 in Apple's words", error.status_code == 503 and "Model 'pcc' is unavailable" in str(error), error)

# plain chat
plain = client.chat.completions.create(model=MODEL, messages=user("What is the capital of France?"), temperature=0, max_tokens=32)
text = plain.choices[0].message.content or ""
check("plain chat answers", "Paris" in text, text)
check("plain chat finish reason", plain.choices[0].finish_reason in ("stop", "length"), plain.choices[0].finish_reason)
check("plain chat usage", plain.usage.prompt_tokens > 0 and plain.usage.completion_tokens > 0, plain.usage)

# a continued conversation reuses its KV prefix
follow = client.chat.completions.create(
    model=MODEL, temperature=0, max_tokens=32,
    messages=user("What is the capital of France?") + [{"role": "assistant", "content": text},
                                                        {"role": "user", "content": "And of Italy?"}])
cached = follow.usage.prompt_tokens_details.cached_tokens
check("continued conversation reports cached tokens", cached >= plain.usage.prompt_tokens, follow.usage)

# reasoning controls: OpenAI's reasoning_effort and llama.cpp's chat_template_kwargs are accepted
# (the default model does not think: no reasoning_content, which a thinking model returns as
# message.reasoning_content and delta.reasoning_content, read by the client as extra fields)
for name, extra in [("reasoning_effort none", {"reasoning_effort": "none"}),
                    ("enable_thinking false", {"extra_body": {"chat_template_kwargs": {"enable_thinking": False}}})]:
    quiet = client.chat.completions.create(model=MODEL, messages=user("Say hi."), temperature=0, max_tokens=8, **extra)
    check(f"{name} is accepted; a model that does not think returns no reasoning_content",
          (quiet.choices[0].message.content or "") != "" and getattr(quiet.choices[0].message, "reasoning_content", None) is None,
          quiet.choices[0].message)
try:
    client.chat.completions.create(model=MODEL, messages=user("x"), max_tokens=4,
                                   extra_body={"chat_template_kwargs": {"enable_thinking": "no"}})
    check("a non-boolean enable_thinking is refused", False, "accepted")
except openai.BadRequestError as error:
    check("a non-boolean enable_thinking is refused naming it", error.body.get("param") == "chat_template_kwargs.enable_thinking", error.body)

# json_schema strict, checked with jsonschema
schema = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 40},
        "age": {"type": "integer", "minimum": 0, "maximum": 120},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["red", "green", "blue"]}, "maxItems": 3},
        "email": {"type": "string", "pattern": "^[a-z]+@[a-z]+\\.com$"},
    },
    "required": ["name", "age", "tags", "email"],
    "additionalProperties": False,
}
for seed in range(3):
    structured = client.chat.completions.create(
        model=MODEL, messages=user("Invent a person."), seed=seed, temperature=0.8, max_tokens=200,
        response_format={"type": "json_schema", "json_schema": {"name": "person", "strict": True, "schema": schema}})
    document = json.loads(structured.choices[0].message.content)
    try:
        jsonschema.validate(document, schema)
        check(f"json_schema strict output validates (seed {seed})", True)
    except jsonschema.ValidationError as error:
        check(f"json_schema strict output validates (seed {seed})", False, error.message)

# an unenforceable keyword is a 400 naming it
try:
    client.chat.completions.create(model=MODEL, messages=user("x"), response_format={
        "type": "json_schema", "json_schema": {"name": "n", "schema": {"type": "object", "properties": {"n": {"type": "array", "contains": {}}}}}})
    check("unenforceable keyword refused", False, "accepted")
except openai.BadRequestError as error:
    check("unenforceable keyword refused with its path",
          error.body.get("param") == "response_format.json_schema.schema/properties/n/contains", error.body)

# multipleOf is enforced: prices in cents, a count in sevens
prices = {
    "type": "object",
    "properties": {"price": {"type": "number", "multipleOf": 0.01, "minimum": 0}, "crates": {"type": "integer", "multipleOf": 7}},
    "required": ["price", "crates"],
    "additionalProperties": False,
}
priced = client.chat.completions.create(
    model=MODEL, messages=user("Price a crate of oranges."), seed=3, temperature=0.8, max_tokens=60,
    response_format={"type": "json_schema", "json_schema": {"name": "price", "strict": True, "schema": prices}})
try:
    document = json.loads(priced.choices[0].message.content, parse_float=decimal.Decimal)
    # jsonschema divides floats (0.07 / 0.01 is not 7 there): check the decimals exactly.
    exact = document["price"] % decimal.Decimal("0.01") == 0 and document["crates"] % 7 == 0
    jsonschema.validate({"price": 0, "crates": document["crates"]}, prices)
    check("multipleOf output is a multiple", exact, priced.choices[0].message.content)
except (ValueError, KeyError, TypeError, jsonschema.ValidationError) as error:
    check("multipleOf output is a multiple", False, f"{error}: {priced.choices[0].message.content}")


# chat.completions.parse with a Pydantic model
class City(BaseModel):
    name: str
    country: str
    population: int


parsed = client.chat.completions.parse(model=MODEL, messages=user("Describe Paris."), response_format=City, temperature=0, max_tokens=100)
city = parsed.choices[0].message.parsed
check("parse returns a Pydantic object", isinstance(city, City), parsed.choices[0].message.content)
jsonschema.validate(json.loads(parsed.choices[0].message.content), City.model_json_schema())

# tools
weather = {"type": "function", "function": {
    "name": "get_weather", "description": "The current weather in a city.", "strict": True,
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
                   "required": ["city", "unit"], "additionalProperties": False}}}
clock = {"type": "function", "function": {
    "name": "get_time", "description": "The local time in a city.",
    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": False}}}
tools = [weather, clock]
schemas = {t["function"]["name"]: t["function"]["parameters"] for t in tools}


def valid_calls(message):
    for call in message.tool_calls or []:
        jsonschema.validate(json.loads(call.function.arguments), schemas[call.function.name])
    return message.tool_calls or []


required = client.chat.completions.create(model=MODEL, messages=user("Tell me a joke."), tools=tools, tool_choice="required", temperature=0)
calls = valid_calls(required.choices[0].message)
check("tool_choice required forces a call", len(calls) >= 1 and required.choices[0].finish_reason == "tool_calls", required.choices[0])

named = client.chat.completions.create(model=MODEL, messages=user("What is the weather in Paris?"), tools=tools,
                                       tool_choice={"type": "function", "function": {"name": "get_time"}}, temperature=0)
calls = valid_calls(named.choices[0].message)
check("a named tool_choice calls that tool", len(calls) >= 1 and all(c.function.name == "get_time" for c in calls), named.choices[0])

single = client.chat.completions.create(model=MODEL, messages=user("Weather in Paris and in Rome?"), tools=tools,
                                        tool_choice="required", parallel_tool_calls=False, temperature=0)
calls = valid_calls(single.choices[0].message)
check("parallel_tool_calls false makes exactly one call", len(calls) == 1, single.choices[0])

parallel = client.chat.completions.create(model=MODEL, messages=user("Weather in Paris and in Rome?"), tools=tools,
                                          tool_choice="required", temperature=0)
calls = valid_calls(parallel.choices[0].message)
check("parallel calls are each valid, with distinct ids", len(calls) >= 1 and len({c.id for c in calls}) == len(calls), parallel.choices[0])

# the tool's answer goes back in and the model answers in text
first = calls[0]
answer = client.chat.completions.create(model=MODEL, temperature=0, max_tokens=60, tools=tools, messages=user("Weather in Paris?") + [
    {"role": "assistant", "content": None, "tool_calls": [{"id": first.id, "type": "function",
                                                            "function": {"name": first.function.name, "arguments": first.function.arguments}}]},
    {"role": "tool", "tool_call_id": first.id, "content": "Sunny, 21 degrees."}])
check("a tool result is accepted and answered", answer.choices[0].message.content is not None or answer.choices[0].message.tool_calls, answer)

# streaming, reassembled by index, with usage
stream = client.chat.completions.create(model=MODEL, messages=user("Weather in Paris?"), tools=tools, tool_choice="required",
                                        stream=True, stream_options={"include_usage": True}, temperature=0)
pieces, usage, finish = {}, None, None
for chunk in stream:
    if chunk.usage:
        usage = chunk.usage
    for choice in chunk.choices:
        finish = choice.finish_reason or finish
        for delta in choice.delta.tool_calls or []:
            entry = pieces.setdefault(delta.index, {"name": "", "arguments": ""})
            if delta.function and delta.function.name:
                entry["name"] = delta.function.name
            if delta.function and delta.function.arguments:
                entry["arguments"] += delta.function.arguments
check("streamed tool calls reassemble by index", len(pieces) >= 1 and finish == "tool_calls", pieces)
for entry in pieces.values():
    jsonschema.validate(json.loads(entry["arguments"]), schemas[entry["name"]])
check("streamed usage arrives last", usage is not None and usage.completion_tokens > 0, usage)

text_stream = client.chat.completions.create(model=MODEL, messages=user("Count from 1 to 5."), stream=True, temperature=0, max_tokens=40)
streamed = "".join(c.choices[0].delta.content or "" for c in text_stream if c.choices)
check("streamed text arrives", len(streamed) > 0, streamed)

# errors map to the SDK's exceptions
def expect_error(name, exception, call):
    try:
        call()
        check(name, False, "no error")
    except exception as error:
        check(name, True)
    except Exception as error:  # noqa: BLE001
        check(name, False, repr(error))


expect_error("n > 1 is a BadRequestError", openai.BadRequestError,
             lambda: client.chat.completions.create(model=MODEL, messages=user("x"), n=2))
expect_error("a wrong key is an AuthenticationError", openai.AuthenticationError,
             lambda: openai.OpenAI(base_url=BASE, api_key="wrong", max_retries=0).models.list())
expect_error("an unknown model is a NotFoundError", openai.NotFoundError,
             lambda: client.chat.completions.create(model="no-such-model", messages=user("x")))

# a full queue (this server: one at a time, no waiting room) is a RateLimitError
started = threading.Event()
def long_request():
    with client.chat.completions.create(model=MODEL, messages=user("Write a long story about a dragon."), stream=True,
                                        max_tokens=400, temperature=0) as response:
        for _ in response:
            started.set()
thread = threading.Thread(target=long_request)
thread.start()
started.wait(120)
expect_error("a full queue is a RateLimitError", openai.RateLimitError,
             lambda: client.chat.completions.create(model=MODEL, messages=user("x"), max_tokens=2))
thread.join()

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
