import Foundation
internal import StructuredDecoding

/// Apple's JSON format for transcripts, written and read as `JSONValue`s.
enum TranscriptJSON {
    /// Why a document is not a transcript.
    struct Problem: Swift.Error {
        var message: String
    }

    // MARK: Writing

    static func json(for transcript: Transcript) -> JSONValue {
        .members([
            ("transcript", .members([("entries", .array(transcript.map(json(for:))))])),
            ("type", .string("FoundationModels.Transcript")),
            ("version", .integer(1)),
        ])
    }

    static func json(for entry: Transcript.Entry) -> JSONValue {
        var members: [(String, JSONValue?)] = [("id", .string(entry.id))]
        switch entry {
        case .instructions(let instructions):
            members.append(("role", .string("instructions")))
            members.append(("contents", segments(instructions.segments)))
            if !instructions.toolDefinitions.isEmpty {
                members.append(
                    (
                        "tools",
                        .array(
                            instructions.toolDefinitions.map { tool in
                                .members([
                                    ("type", .string("function")),
                                    (
                                        "function",
                                        .members([
                                            ("name", .string(tool.name)),
                                            ("description", .string(tool.description)),
                                            ("parameters", tool.parameters.jsonValue),
                                        ])
                                    ),
                                ])
                            })
                    ))
            }
        case .prompt(let prompt):
            members.append(("role", .string("user")))
            members.append(("contents", segments(prompt.segments)))
            members.append(("options", options(prompt.options)))
            if let format = prompt.responseFormat {
                members.append(
                    (
                        "responseFormat",
                        .members([
                            ("type", .string("jsonSchema")),
                            ("jsonSchema", .members([("name", .string(format.name)), ("schema", format.schema.jsonValue)])),
                        ])
                    ))
            }
        case .toolCalls(let calls):
            members.append(("role", .string("response")))
            members.append(
                (
                    "toolCalls",
                    .array(
                        calls.map { call in
                            .members([("id", .string(call.id)), ("name", .string(call.toolName)), ("arguments", .string(call.arguments.jsonString))])
                        })
                ))
        case .toolOutput(let output):
            members.append(("role", .string("tool")))
            members.append(("toolName", .string(output.toolName)))
            members.append(("toolCallID", .string(output.id)))
            members.append(("contents", segments(output.segments)))
        case .response(let response):
            members.append(("role", .string("response")))
            members.append(("assets", .array(response.assetIDs.map(JSONValue.string))))
            members.append(("contents", segments(response.segments)))
        case .reasoning(let reasoning):
            members.append(("role", .string("reasoning")))
            members.append(("contents", segments(reasoning.segments)))
            if let signature = reasoning.signature { members.append(("signature", .string(signature.base64EncodedString()))) }
        }
        return .members(members)
    }

    static func segments(_ segments: [Transcript.Segment]) -> JSONValue {
        .array(
            segments.map { segment in
                switch segment {
                case .text(let text):
                    .members([("type", .string("text")), ("id", .string(text.id)), ("text", .string(text.content))])
                case .structure(let structure):
                    .members([
                        ("type", .string("structure")), ("id", .string(structure.id)),
                        (
                            "structure",
                            .members([
                                ("source", .string(structure.schemaName)), ("content", JSONValue(structure.content)),
                            ])
                        ),
                    ])
                case .attachment(let attachment):
                    attachmentJSON(attachment)
                case .custom(let custom):
                    // App-defined segments are kept as their description (their type is the app's).
                    .members([("type", .string("text")), ("id", .string(custom.id)), ("text", .string(custom.description))])
                }
            })
    }

    /// An attachment segment: its label and the image's address.
    static func attachmentJSON(_ attachment: Transcript.AttachmentSegment) -> JSONValue {
        var members: [(String, JSONValue?)] = [("type", .string("attachment")), ("id", .string(attachment.id))]
        if let label = attachment.label { members.append(("label", .string(label))) }
        switch attachment.content {
        case .image(let image):
            members.append(("image", .members(image.url.map { [("url", .string($0.absoluteString))] } ?? [])))
        }
        return .members(members)
    }

    static func options(_ options: GenerationOptions) -> JSONValue {
        var members: [(String, JSONValue?)] = []
        if let temperature = options.temperature { members.append(("temperature", .double(temperature))) }
        if let maximum = options.maximumResponseTokens { members.append(("maximumResponseTokens", .integer(maximum))) }
        if let sampling = options.samplingMode {
            var mode: [(String, JSONValue?)]
            let seed: UInt64?
            switch sampling.mode {
            case .greedy: mode = [("mode", .string("greedy"))]; seed = nil
            case .topK(let k, let s): mode = [("mode", .string("topK")), ("k", .integer(k))]; seed = s
            case .nucleus(let p, let s): mode = [("mode", .string("probabilityThreshold")), ("probabilityThreshold", .double(p))]; seed = s
            }
            if let seed { mode.append(("seed", .string(String(seed)))) }
            members.append(("sampling", .members(mode)))
        }
        return .members(members)
    }

    // MARK: Reading

    static func transcript(from json: JSONValue) throws(Problem) -> Transcript {
        guard let entries = json["transcript"]?["entries"]?.arrayValue else {
            throw Problem(message: "missing `transcript.entries`")
        }
        var result: [Transcript.Entry] = []
        for (index, entry) in entries.enumerated() {
            do {
                result.append(try self.entry(from: entry))
            } catch {
                throw Problem(message: "entry \(index): \(error.message)")
            }
        }
        return Transcript(entries: result)
    }

    static func entry(from json: JSONValue) throws(Problem) -> Transcript.Entry {
        let id = try string(json, "id")
        switch try string(json, "role") {
        case "instructions":
            var tools: [Transcript.ToolDefinition] = []
            for tool in json["tools"]?.arrayValue ?? [] {
                guard let function = tool["function"] else { throw Problem(message: "a tool has no `function`") }
                let parameters: GenerationSchema
                do {
                    parameters = try SchemaJSONReader.schema(from: function["parameters"] ?? .object([]))
                } catch {
                    throw Problem(message: "tool parameters at \(error.pointer): \(error.message)")
                }
                tools.append(
                    Transcript.ToolDefinition(
                        name: try string(function, "name"), description: function["description"]?.stringValue ?? "", parameters: parameters))
            }
            return .instructions(Transcript.Instructions(id: id, segments: try segments(json), toolDefinitions: tools))
        case "user":
            var format: Transcript.ResponseFormat?
            if let responseFormat = json["responseFormat"], let schema = responseFormat["jsonSchema"] {
                do {
                    let parsed = try SchemaJSONReader.schema(from: schema["schema"] ?? .object([]))
                    format = Transcript.ResponseFormat(name: schema["name"]?.stringValue ?? parsed.rootName ?? "", schema: parsed)
                } catch {
                    throw Problem(message: "response format schema at \(error.pointer): \(error.message)")
                }
            }
            return .prompt(Transcript.Prompt(id: id, segments: try segments(json), options: try options(json["options"]), responseFormat: format))
        case "response":
            if let calls = json["toolCalls"]?.arrayValue {
                var toolCalls: [Transcript.ToolCall] = []
                for call in calls {
                    let arguments: GeneratedContent
                    switch call["arguments"] {
                    case .string(let text)?:
                        do { arguments = try GeneratedContent(json: text) } catch {
                            throw Problem(message: "tool call arguments are not JSON: \(error)")
                        }
                    case let value?: arguments = value.generatedContent
                    case nil: arguments = GeneratedContent(properties: [:])
                    }
                    toolCalls.append(Transcript.ToolCall(id: try string(call, "id"), toolName: try string(call, "name"), arguments: arguments))
                }
                return .toolCalls(Transcript.ToolCalls(id: id, toolCalls))
            }
            let assets = json["assets"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return .response(Transcript.Response(id: id, assetIDs: assets, segments: try segments(json)))
        case "reasoning":
            let signature = json["signature"]?.stringValue.flatMap { Data(base64Encoded: $0) }
            return .reasoning(Transcript.Reasoning(id: id, segments: try segments(json), signature: signature))
        case "tool":
            let callID = json["toolCallID"]?.stringValue ?? id
            return .toolOutput(Transcript.ToolOutput(id: callID, toolName: try string(json, "toolName"), segments: try segments(json)))
        case let role:
            throw Problem(message: "unknown role \"\(role)\"")
        }
    }

    static func segments(_ json: JSONValue) throws(Problem) -> [Transcript.Segment] {
        var result: [Transcript.Segment] = []
        for segment in json["contents"]?.arrayValue ?? [] {
            let id = try string(segment, "id")
            switch try string(segment, "type") {
            case "text":
                result.append(.text(Transcript.TextSegment(id: id, content: try string(segment, "text"))))
            case "structure":
                guard let structure = segment["structure"] else { throw Problem(message: "a structure segment has no `structure`") }
                let content = structure["content"]?.generatedContent ?? GeneratedContent(kind: .null)
                result.append(
                    .structure(Transcript.StructuredSegment(id: id, schemaName: structure["source"]?.stringValue ?? "", content: content)))
            case "attachment":
                let url = segment["image"]?["url"]?.stringValue.flatMap { URL(string: $0) }
                guard let url else { throw Problem(message: "an attachment segment has no image `url`") }
                let attachment = Transcript.AttachmentSegment(
                    id: id, content: .image(Transcript.ImageAttachment(imageURL: url)), label: segment["label"]?.stringValue)
                result.append(.attachment(attachment))
            case let type:
                throw Problem(message: "unknown segment type \"\(type)\"")
            }
        }
        return result
    }

    static func options(_ json: JSONValue?) throws(Problem) -> GenerationOptions {
        guard let json else { return GenerationOptions() }
        var options = GenerationOptions()
        if let temperature = json["temperature"]?.numericValue { options.temperature = temperature }
        options.maximumResponseTokens = json["maximumResponseTokens"]?.intValue
        if let sampling = json["sampling"] {
            let seed = sampling["seed"]?.stringValue.flatMap { UInt64($0) }
            switch sampling["mode"]?.stringValue {
            case "greedy": options.samplingMode = .greedy
            case "topK": options.samplingMode = .random(top: sampling["k"]?.intValue ?? 1, seed: seed)
            case "probabilityThreshold":
                guard let threshold = sampling["probabilityThreshold"]?.numericValue else {
                    throw Problem(message: "sampling needs a `probabilityThreshold`")
                }
                options.samplingMode = .random(probabilityThreshold: threshold, seed: seed)
            default: throw Problem(message: "unknown sampling mode \(sampling["mode"]?.sortingKeys().compactText ?? "(none)")")
            }
        }
        return options
    }

    static func string(_ json: JSONValue, _ key: String) throws(Problem) -> String {
        guard let value = json[key]?.stringValue else { throw Problem(message: "missing string `\(key)`") }
        return value
    }
}
