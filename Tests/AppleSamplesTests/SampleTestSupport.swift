import Foundation
import FoundationModels
import TestSupport

// Helpers shared by the sample tests: read a schema through its Codable JSON (Apple's dialect),
// script a model, and read what tools returned.

/// A schema's JSON (Apple's dialect, decoded through `GenerationSchema`'s `Codable`), as nested
/// dictionaries and arrays.
func schemaJSON(_ schema: GenerationSchema) throws -> [String: Any] {
    let data = try JSONEncoder().encode(schema)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw SampleTestError("schema JSON is not an object: \(String(decoding: data, as: UTF8.self))")
    }
    return object
}

/// A schema's JSON text with sorted keys, for comparing schemas (`GenerationSchema` is not
/// `Equatable`, in Apple's framework either).
func schemaText(_ schema: GenerationSchema) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(schema), as: UTF8.self)
}

/// The value at `path` (object keys, or array indices as decimal strings) in `json`.
func value(_ json: Any, _ path: String...) -> Any? {
    var current: Any? = json
    for key in path {
        if let object = current as? [String: Any] {
            current = object[key]
        } else if let array = current as? [Any], let index = Int(key), array.indices.contains(index) {
            current = array[index]
        } else {
            return nil
        }
    }
    return current
}

/// `value(json, path...)` as strings (for `x-order`, `required`, `enum`).
func strings(_ json: Any, _ path: String...) -> [String]? {
    var current: Any? = json
    for key in path { current = value(current as Any, key) }
    return current as? [String]
}

/// `value(json, path...)` as a number.
func number(_ json: Any, _ path: String...) -> Double? {
    var current: Any? = json
    for key in path { current = value(current as Any, key) }
    return (current as? NSNumber)?.doubleValue
}

/// `value(json, path...)` as a string.
func string(_ json: Any, _ path: String...) -> String? {
    var current: Any? = json
    for key in path { current = value(current as Any, key) }
    return current as? String
}

/// A failed expectation about a sample's data.
struct SampleTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The tool outputs of a transcript, in order.
func toolOutputs(_ transcript: Transcript) -> [Transcript.ToolOutput] {
    transcript.compactMap { entry in
        if case .toolOutput(let output) = entry { output } else { nil }
    }
}

/// The instructions entry of a transcript, if it has one.
func instructions(_ transcript: Transcript) -> Transcript.Instructions? {
    transcript.lazy.compactMap { entry in
        if case .instructions(let instructions) = entry { instructions } else { nil }
    }.first
}

/// A scripted model that calls `tool` once with each of `arguments` (JSON texts, in parallel),
/// then answers `answer`.
func modelCalling(_ tool: String, with arguments: [String], thenAnswering answer: String) -> ScriptedLanguageModel {
    ScriptedLanguageModel([
        .toolCalls(
            arguments.enumerated().map { index, json in
                ScriptedToolCall(id: "call-\(index + 1)", name: tool, arguments: json)
            }),
        .text([answer]),
    ])
}
