import Foundation
import FoundationModels

/// A schema given as JSON to `fm schema object --object NAME --schema JSON` (Apple's
/// `GenerationSchema` dialect, as `fm schema object` writes it), read back into dynamic
/// schemas: the root, and the named definitions of its `$defs`.
struct ImportedSchema {
    /// The root schema.
    var root: DynamicGenerationSchema
    /// The root's type name, when it is a named object or choice (hoisted into `$defs`).
    var typeName: String?
    /// The definitions (`$defs`), by name.
    var definitions: [(name: String, schema: DynamicGenerationSchema)]
    /// Whether this is the placeholder of an `--object` still waiting for its `--schema`.
    var isPending = false

    /// The placeholder of an `--object` before its `--schema`.
    static let pending = ImportedSchema(root: DynamicGenerationSchema(type: String.self), typeName: nil, definitions: [], isPending: true)

    private init(root: DynamicGenerationSchema, typeName: String?, definitions: [(name: String, schema: DynamicGenerationSchema)], isPending: Bool) {
        self.root = root
        self.typeName = typeName
        self.definitions = definitions
        self.isPending = isPending
    }

    /// Reads `json`, the schema of property `property`.
    init(json: String, property: String) throws {
        guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw CLIError("--schema for '\(property)' is not a JSON object")
        }
        let reader = Reader(property: property, rootName: document["title"] as? String)
        var definitions: [(name: String, schema: DynamicGenerationSchema)] = []
        if let defs = document["$defs"] {
            guard let defs = defs as? [String: Any] else { throw reader.problem("/$defs", "must be an object") }
            for name in defs.keys.sorted() {
                guard let definition = defs[name] as? [String: Any] else { throw reader.problem("/$defs/\(name)", "must be an object") }
                definitions.append((name, try reader.node(definition, name: name, at: "/$defs/\(name)")))
            }
        }
        let isNamed = document["title"] != nil && (document["type"] as? String == "object" || document["anyOf"] != nil || document["enum"] != nil)
        self.init(
            root: try reader.node(document, name: nil, at: ""), typeName: isNamed ? document["title"] as? String : nil,
            definitions: definitions, isPending: false)
    }

    /// Turns JSON nodes into dynamic schemas.
    struct Reader {
        /// The property the schema is for (named in errors).
        let property: String
        /// The root's title: the target of `"$ref": "#"`.
        let rootName: String?

        func problem(_ pointer: String, _ message: String) -> CLIError {
            CLIError("--schema for '\(property)' at \(pointer.isEmpty ? "the root" : pointer): \(message)")
        }

        /// The node at `pointer`; `name` is its definition name, if it has one.
        func node(_ json: [String: Any], name: String?, at pointer: String) throws -> DynamicGenerationSchema {
            let title = json["title"] as? String ?? name
            let description = json["description"] as? String
            if let reference = json["$ref"] as? String {
                if reference == "#", let rootName { return DynamicGenerationSchema(referenceTo: rootName) }
                let prefix = "#/$defs/"
                guard reference.hasPrefix(prefix) else { throw problem(pointer, "$ref '\(reference)' is not '#' or '#/$defs/NAME'") }
                let target = String(reference.dropFirst(prefix.count)).replacingOccurrences(of: "~1", with: "/")
                    .replacingOccurrences(of: "~0", with: "~")
                return DynamicGenerationSchema(referenceTo: target)
            }
            if let choices = json["anyOf"] {
                guard let choices = choices as? [[String: Any]], !choices.isEmpty else {
                    throw problem(pointer, "anyOf must be a non-empty array of schemas")
                }
                let nodes = try choices.enumerated().map { try node($1, name: nil, at: "\(pointer)/anyOf/\($0)") }
                return DynamicGenerationSchema(name: title ?? property, description: description, anyOf: nodes)
            }
            switch json["type"] as? String {
            case "object":
                guard let title else { throw problem(pointer, "an object needs a title (its type name)") }
                return DynamicGenerationSchema(name: title, description: description, properties: try properties(json, at: pointer))
            case "string":
                if let values = json["enum"] {
                    guard let values = values as? [String] else { throw problem(pointer, "enum must list strings") }
                    if let title { return DynamicGenerationSchema(name: title, description: description, anyOf: values) }
                    return DynamicGenerationSchema(type: String.self, guides: [.anyOf(values)])
                }
                if json["pattern"] != nil { throw problem(pointer, "pattern is not supported here") }
                return DynamicGenerationSchema(type: String.self)
            case "integer":
                let minimum = (json["minimum"] as? NSNumber)?.intValue
                let maximum = (json["maximum"] as? NSNumber)?.intValue
                switch (minimum, maximum) {
                case let (low?, high?) where low <= high: return DynamicGenerationSchema(type: Int.self, guides: [.range(low...high)])
                case (let low?, nil): return DynamicGenerationSchema(type: Int.self, guides: [.minimum(low)])
                case (nil, let high?): return DynamicGenerationSchema(type: Int.self, guides: [.maximum(high)])
                case (nil, nil): return DynamicGenerationSchema(type: Int.self)
                default: throw problem(pointer, "minimum is above maximum")
                }
            case "number":
                if json["minimum"] != nil || json["maximum"] != nil { throw problem(pointer, "bounds on numbers are not supported here") }
                return DynamicGenerationSchema(type: Double.self)
            case "boolean":
                return DynamicGenerationSchema(type: Bool.self)
            case "array":
                guard let items = json["items"] as? [String: Any] else { throw problem(pointer, "an array needs items") }
                return DynamicGenerationSchema(
                    arrayOf: try node(items, name: nil, at: pointer + "/items"),
                    minimumElements: (json["minItems"] as? NSNumber)?.intValue, maximumElements: (json["maxItems"] as? NSNumber)?.intValue)
            case let other:
                throw problem(pointer, other.map { "type '\($0)' is not supported" } ?? "no type, $ref or anyOf")
            }
        }

        /// An object's properties, in `x-order` (else by name), optional unless `required`.
        func properties(_ json: [String: Any], at pointer: String) throws -> [DynamicGenerationSchema.Property] {
            let members = json["properties"] as? [String: Any] ?? [:]
            let order = json["x-order"] as? [String] ?? members.keys.sorted()
            let required = Set(json["required"] as? [String] ?? [])
            return try order.map { name in
                guard var member = members[name] as? [String: Any] else { throw problem(pointer, "x-order names '\(name)', which has no schema") }
                let description = member.removeValue(forKey: "description") as? String
                let schema = try node(member, name: nil, at: "\(pointer)/properties/\(name)")
                return DynamicGenerationSchema.Property(name: name, description: description, schema: schema, isOptional: !required.contains(name))
            }
        }
    }
}
