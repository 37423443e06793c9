import Foundation
import FoundationModels

/// The arguments of `fm schema object`, read in order into a tree of objects and properties,
/// then lowered to a `DynamicGenerationSchema` whose nested types become definitions (`$defs`),
/// as they are for nested `@Generable` types.
struct SchemaObjectBuilder {
    /// An object being built: the root, or one made by dotted names.
    final class Object {
        let name: String
        var description: String?
        var properties: [Property] = []

        init(name: String) { self.name = name }
    }

    /// What a property holds.
    enum Kind {
        case string, integer, double, boolean
        /// A nested object made by dotted names.
        case object(Object)
        /// A schema given as JSON (`--object NAME --schema JSON`).
        case json(ImportedSchema)
        /// One of several schemas (`--anyOf NAME --schema JSON ...`).
        case anyOf([ImportedSchema])
    }

    /// A property, with its modifiers.
    final class Property {
        let name: String
        var kind: Kind
        var isArray = false
        var isOptional = false
        var description: String?

        init(name: String, kind: Kind) {
            self.name = name
            self.kind = kind
        }
    }

    /// The root object.
    let root: Object
    /// Definitions gathered while lowering.
    private var definitions: [(name: String, schema: DynamicGenerationSchema)] = []

    /// Reads the arguments: `--name` first or anywhere, then properties and modifiers in order.
    static func parse(_ arguments: [String]) throws -> SchemaObjectBuilder {
        var name: String?
        var rootDescription: String?
        var steps: [(flag: String, value: String?)] = []
        var index = 0
        func value(for flag: String) throws -> String {
            index += 1
            guard index < arguments.count else { throw CLIError("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let flag = arguments[index]
            switch flag {
            case "--name":
                name = try value(for: flag)
            case "--string", "--integer", "--double", "--boolean", "--object", "--anyOf", "--any-of", "--schema", "--description":
                steps.append((flag, try value(for: flag)))
            case "--array", "--optional":
                steps.append((flag, nil))
            default:
                throw CLIError("unknown argument '\(flag)' (fm schema object --help lists the options)")
            }
            index += 1
        }
        guard let name, !name.isEmpty else { throw CLIError("--name NAME is required (the object's type name)") }
        let root = Object(name: name)
        var current: Property?
        for (flag, argument) in steps {
            switch flag {
            case "--string", "--integer", "--double", "--boolean", "--object", "--anyOf", "--any-of":
                let kind: Kind =
                    switch flag {
                    case "--string": .string
                    case "--integer": .integer
                    case "--double": .double
                    case "--boolean": .boolean
                    case "--object": .json(ImportedSchema.pending)
                    default: .anyOf([])
                    }
                current = try add(path: argument!, kind: kind, to: root)
            case "--schema":
                guard let property = current else { throw CLIError("--schema must follow --object NAME or --anyOf NAME") }
                let imported = try ImportedSchema(json: argument!, property: property.name)
                switch property.kind {
                case .json(let existing) where existing.isPending:
                    property.kind = .json(imported)
                case .anyOf(let choices):
                    property.kind = .anyOf(choices + [imported])
                default:
                    throw CLIError("--schema must follow --object NAME or --anyOf NAME (property '\(property.name)' already has its type)")
                }
            case "--array":
                guard let property = current else { throw CLIError("--array must follow a property") }
                property.isArray = true
            case "--optional":
                guard let property = current else { throw CLIError("--optional must follow a property") }
                property.isOptional = true
            default: // --description
                if let property = current { property.description = argument } else { rootDescription = argument }
            }
        }
        root.description = rootDescription
        try check(root)
        return SchemaObjectBuilder(root: root)
    }

    /// Adds the property at a dotted path, making the objects on the way.
    private static func add(path: String, kind: Kind, to root: Object) throws -> Property {
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { throw CLIError("'\(path)' is not a property name") }
        var object = root
        for part in parts.dropLast() {
            if let existing = object.properties.first(where: { $0.name == part }) {
                guard case .object(let nested) = existing.kind else {
                    throw CLIError("'\(path)': property '\(part)' is not an object")
                }
                object = nested
            } else {
                let nested = Object(name: part.prefix(1).uppercased() + part.dropFirst())
                object.properties.append(Property(name: part, kind: .object(nested)))
                object = nested
            }
        }
        let leaf = parts.last!
        guard !object.properties.contains(where: { $0.name == leaf }) else {
            throw CLIError("property '\(path)' is given twice")
        }
        let property = Property(name: leaf, kind: kind)
        object.properties.append(property)
        return property
    }

    /// Throws for an `--object` or `--anyOf` left without its schemas.
    private static func check(_ object: Object) throws {
        for property in object.properties {
            switch property.kind {
            case .json(let imported) where imported.isPending:
                throw CLIError("--object \(property.name) needs --schema JSON")
            case .anyOf(let choices) where choices.count < 2:
                throw CLIError("--anyOf \(property.name) needs at least two --schema JSON")
            case .object(let nested):
                try check(nested)
            default:
                break
            }
        }
    }

    /// The schema.
    mutating func generationSchema() throws -> GenerationSchema {
        definitions = []
        let schema = lower(root)
        do {
            var seen = Set<String>()
            let unique = definitions.filter { seen.insert($0.name).inserted }.map(\.schema)
            return try GenerationSchema(root: schema, dependencies: unique)
        } catch {
            throw CLIError("the schema is not valid: \(error)")
        }
    }

    private mutating func lower(_ object: Object) -> DynamicGenerationSchema {
        let properties = object.properties.map { property in
            DynamicGenerationSchema.Property(
                name: property.name, description: property.description, schema: lower(property), isOptional: property.isOptional)
        }
        return DynamicGenerationSchema(name: object.name, description: object.description, properties: properties)
    }

    private mutating func lower(_ property: Property) -> DynamicGenerationSchema {
        var schema: DynamicGenerationSchema
        switch property.kind {
        case .string: schema = DynamicGenerationSchema(type: String.self)
        case .integer: schema = DynamicGenerationSchema(type: Int.self)
        case .double: schema = DynamicGenerationSchema(type: Double.self)
        case .boolean: schema = DynamicGenerationSchema(type: Bool.self)
        case .object(let nested):
            definitions.append((nested.name, lower(nested)))
            schema = DynamicGenerationSchema(referenceTo: nested.name)
        case .json(let imported):
            schema = hoist(imported)
        case .anyOf(let choices):
            let name = property.name.prefix(1).uppercased() + property.name.dropFirst()
            let members = choices.map { hoist($0) }
            definitions.append((name, DynamicGenerationSchema(name: name, description: nil, anyOf: members)))
            schema = DynamicGenerationSchema(referenceTo: name)
        }
        if property.isArray { schema = DynamicGenerationSchema(arrayOf: schema) }
        return schema
    }

    /// An imported schema's root as a reference to its definition when it is a named type (as
    /// nested `@Generable` types are written), inline otherwise; its definitions join ours.
    private mutating func hoist(_ imported: ImportedSchema) -> DynamicGenerationSchema {
        definitions += imported.definitions
        guard let name = imported.typeName else { return imported.root }
        definitions.append((name, imported.root))
        return DynamicGenerationSchema(referenceTo: name)
    }
}
