import StructuredDecoding

/// An entry of a request's `tools`: a function the model may call, with its parameters as a
/// JSON Schema (members in order: a model generates arguments in `properties` order).
///
/// ```swift
/// let tool = ChatCompletionTool(function: FunctionDefinition(
///     name: "getWeather", description: "Gets the weather.", parameters: try JSONValue(parsing: #"{"type": "object"}"#)))
/// tool.jsonText   // {"type":"function","function":{"name":"getWeather","description":"Gets the weather.",…
/// ```
package struct ChatCompletionTool: WireCodable, Equatable {
    /// `function` (the only kind of tool); `nil` when the request left it out.
    package var type: String?
    /// The function.
    package var function: FunctionDefinition

    /// A function tool.
    package init(type: String? = "function", function: FunctionDefinition) {
        self.type = type
        self.function = function
    }

    /// Reads a tool; `function` is required.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        type = try field.member("type")?.string()
        function = try field.required("function").decode()
    }

    /// `type`, `function`.
    package var wireValue: JSONValue {
        .members([("type", type.map(JSONValue.string)), ("function", function.wireValue)])
    }
}

/// A function the model may call: its name, what it does, and its parameters' JSON Schema.
package struct FunctionDefinition: WireCodable, Equatable {
    /// The name the model calls it by.
    package var name: String
    /// What it does, for the model.
    package var description: String?
    /// The JSON Schema of its arguments (an object).
    package var parameters: JSONValue?
    /// Whether the arguments must follow `parameters` exactly.
    package var strict: Bool?

    /// A function.
    package init(name: String, description: String? = nil, parameters: JSONValue? = nil, strict: Bool? = nil) {
        self.name = name
        self.description = description
        self.parameters = parameters
        self.strict = strict
    }

    /// Reads a function; `name` is required, `parameters` must be an object when present.
    package init(wire field: WireField) throws(WireDecodingError) {
        _ = try field.object()
        name = try field.required("name").string()
        description = try field.member("description")?.string()
        parameters = try field.member("parameters")?.object().value
        strict = try field.member("strict")?.bool()
    }

    /// `name`, `description`, `parameters`, `strict`, as set.
    package var wireValue: JSONValue {
        .members([
            ("name", .string(name)), ("description", description.map(JSONValue.string)), ("parameters", parameters),
            ("strict", strict.map(JSONValue.bool)),
        ])
    }
}

/// `tool_choice`: whether and which tool the model must call.
package enum ChatCompletionToolChoice: WireCodable, Equatable {
    /// `"none"`: no tool.
    case none
    /// `"auto"`: the model decides.
    case auto
    /// `"required"`: at least one call.
    case required
    /// `{"type": "function", "function": {"name": …}}`: this tool.
    case function(name: String)

    /// Reads `"none"`, `"auto"`, `"required"` or a named function.
    ///
    /// - Throws: `WireDecodingError` for another string, or an object without
    ///   `function.name`.
    package init(wire field: WireField) throws(WireDecodingError) {
        if case .string(let mode) = field.value {
            switch mode {
            case "none": self = .none
            case "auto": self = .auto
            case "required": self = .required
            default: throw .invalid(field.path, "`\(field.path)` \"\(mode)\" is not auto, none or required")
            }
            return
        }
        _ = try field.object()
        guard let function = field.member("function"), let name = function.member("name") else {
            throw .missing(field.path + ".function.name")
        }
        self = .function(name: try name.string())
    }

    /// The mode's string, or the named function's object.
    package var wireValue: JSONValue {
        switch self {
        case .none: .string("none")
        case .auto: .string("auto")
        case .required: .string("required")
        case .function(let name):
            .object([JSONMember("type", .string("function")), JSONMember("function", .object([JSONMember("name", .string(name))]))])
        }
    }
}
