import Foundation
@_spi(Serving) import FoundationModels

/// What a request says that Apple's API only shows in the transcript's JSON: the parameter
/// schema of each tool (`Transcript.ToolDefinition` keeps it internal) and the sampling mode's
/// parameters (`GenerationOptions.SamplingMode` is opaque). Both are read from the public
/// `Codable` form of a small transcript holding the request's tools and options, so this module
/// needs nothing beyond Apple's API.
///
/// ```swift
/// let details = try EncodedRequestDetails(request)
/// details.tools.first?.parameters.json   // {"additionalProperties":false,"properties":{…},…}
/// details.sampling                      // .nucleus(0.9, seed: 7)
/// ```
struct EncodedRequestDetails {
    /// A tool as the chat-completions API declares it.
    struct Tool {
        /// The tool's name.
        var name: String
        /// What the tool does.
        var description: String
        /// The arguments' schema as sent (`WireSchema`: Apple's meaning in standard JSON
        /// Schema), and as their calls are checked.
        var parameters: WireSchema
    }

    /// A sampling mode's parameters.
    enum Sampling: Equatable {
        case greedy
        case topK(Int, seed: UInt64?)
        case nucleus(Double, seed: UInt64?)
    }

    /// The tools the step may call, in order.
    var tools: [Tool] = []
    /// The sampling mode, `nil` for the server's default.
    var sampling: Sampling?

    /// Reads the tools and sampling mode of `request`.
    ///
    /// - Throws: `GeneratedContent.ParsingError` if the transcript's JSON has an unexpected
    ///   shape (it would mean Apple's format changed).
    init(_ request: LanguageModelExecutorGenerationRequest) throws {
        let probe = Transcript(entries: [
            .instructions(Transcript.Instructions(segments: [], toolDefinitions: request.offeredToolDefinitions)),
            .prompt(Transcript.Prompt(segments: [], options: request.generationOptions)),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(probe), as: UTF8.self)
        let document = try GeneratedContent(json: json)
        guard let entries = document["transcript"]?["entries"]?.arrayElements, entries.count == 2 else {
            throw Self.unexpected("no `transcript.entries`")
        }
        for tool in entries[0]["tools"]?.arrayElements ?? [] {
            guard let function = tool["function"], let name = function["name"]?.stringValue, let parameters = function["parameters"] else {
                throw Self.unexpected("a tool without `function.name` or `function.parameters`")
            }
            let schema =
                request.offeredToolDefinitions.first { $0.name == name }?.parameters ?? Self.schema(fromJSON: parameters.jsonString)
            guard let schema else { throw Self.unexpected("the parameters of the tool \(name) are not a schema") }
            tools.append(Tool(name: name, description: function["description"]?.stringValue ?? "", parameters: WireSchema(schema)))
        }
        if let sampling = entries[1]["options"]?["sampling"] {
            self.sampling = try Self.sampling(sampling)
        }
    }

    /// A schema from the transcript's JSON of a tool's parameters: Apple's dialect (a tool's
    /// `@Generable` arguments), else a JSON Schema document.
    static func schema(fromJSON text: String) -> GenerationSchema? {
        if let schema = try? JSONDecoder().decode(GenerationSchema.self, from: Data(text.utf8)) { return schema }
        return try? GenerationSchema(jsonSchema: text)
    }

    /// The sampling mode from its JSON (`{"mode": "topK", "k": 40, "seed": "7"}`).
    private static func sampling(_ json: GeneratedContent) throws -> Sampling {
        let seed = json["seed"]?.stringValue.flatMap { UInt64($0) }
        switch json["mode"]?.stringValue {
        case "greedy":
            return .greedy
        case "topK":
            guard let k = json["k"]?.numberValue else { throw unexpected("top-k sampling without `k`") }
            return .topK(Int(k), seed: seed)
        case "probabilityThreshold":
            guard let p = json["probabilityThreshold"]?.numberValue else { throw unexpected("nucleus sampling without a threshold") }
            return .nucleus(p, seed: seed)
        case let other:
            throw unexpected("the sampling mode \(other ?? "(none)")")
        }
    }

    /// The error for a transcript whose JSON is not as expected.
    private static func unexpected(_ what: String) -> GeneratedContent.ParsingError {
        GeneratedContent.ParsingError(
            rawContent: what,
            debugDescription: "The remote model could not read the request's tools and options from the transcript's JSON: \(what).")
    }
}

extension GeneratedContent {
    /// The member `key` of an object.
    subscript(key: String) -> GeneratedContent? {
        guard case .structure(let properties, _) = kind else { return nil }
        return properties[key]
    }

    /// The elements of an array.
    var arrayElements: [GeneratedContent]? {
        guard case .array(let elements) = kind else { return nil }
        return elements
    }

    /// The text of a string.
    var stringValue: String? {
        guard case .string(let text) = kind else { return nil }
        return text
    }

    /// The value of a number.
    var numberValue: Double? {
        guard case .number(let value) = kind else { return nil }
        return value
    }
}
