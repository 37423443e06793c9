/// A value while rendering: the Python objects jinja2 would see, plus jinja2's own runtime
/// objects (undefined, namespace, loop, macros and other callables).
///
/// Lists, tuples, strings and dicts have value semantics here; the immutable sandbox forbids
/// mutating them, so this is indistinguishable from Python's shared references. Namespaces
/// are mutable and shared, hence classes.
indirect enum Value {
    case undefined(Undefined)
    case none
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    /// markupsafe's `Markup`: a `str` that `|safe` and `|escape` make, which escapes plain
    /// strings joined to it (see `Value+Markup.swift`).
    case markup(String)
    case list([Value])
    case tuple([Value])
    case dict(Dict)
    case namespace(Namespace)
    case loop(LoopContext)
    case callable(Callable)

    init(_ value: TemplateValue) {
        switch value {
        case .none: self = .none
        case .bool(let bool): self = .bool(bool)
        case .integer(let integer): self = .int(integer)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .array(let array): self = .list(array.map(Value.init))
        case .object(let object):
            var dict = Dict()
            for (key, value) in object.pairs { dict[.string(key)] = Value(value) }
            self = .dict(dict)
        }
    }

    static func undefined(_ name: String) -> Value { .undefined(Undefined(message: "'\(name)' is undefined")) }

    /// The undefined value jinja2 returns for a missing attribute or item of `object`.
    static func missing(_ key: Value, of object: Value) -> Value {
        if let name = key.text {
            return .undefined(Undefined(message: "\(PythonRepr.string(object.objectTypeDescription)) has no attribute \(PythonRepr.string(name))"))
        }
        return .undefined(Undefined(message: "\(object.objectTypeDescription) has no element \(key.repr)"))
    }

    var isUndefined: Bool {
        if case .undefined = self { return true }
        return false
    }

    /// Python truthiness.
    var isTruthy: Bool {
        switch self {
        case .undefined, .none: return false
        case .bool(let bool): return bool
        case .int(let integer): return integer != 0
        case .double(let double): return double != 0
        case .string(let string), .markup(let string): return !string.isEmpty
        case .list(let items), .tuple(let items): return !items.isEmpty
        case .dict(let dict): return !dict.isEmpty
        case .namespace, .loop, .callable: return true
        }
    }

    /// Python's `type(x).__name__`, used in error messages.
    var typeName: String {
        switch self {
        case .undefined: return "Undefined"
        case .none: return "NoneType"
        case .bool: return "bool"
        case .int: return "int"
        case .double: return "float"
        case .string: return "str"
        case .markup: return "Markup"
        case .list: return "list"
        case .tuple: return "tuple"
        case .dict: return "dict"
        case .namespace: return "Namespace"
        case .loop: return "LoopContext"
        case .callable(let callable): return callable.typeName
        }
    }

    /// jinja2's `object_type_repr`: `None`, `dict object`, `str object`, …
    var objectTypeDescription: String {
        switch self {
        case .none: return "None"
        default: return "\(typeName) object"
        }
    }

    /// Converts back to a public value, when it is plain data.
    var templateValue: TemplateValue? {
        switch self {
        case .none: return TemplateValue.none
        case .bool(let bool): return .bool(bool)
        case .int(let integer): return .integer(integer)
        case .double(let double): return .double(double)
        case .string(let string), .markup(let string): return .string(string)
        case .list(let items), .tuple(let items):
            var array: [TemplateValue] = []
            for item in items {
                guard let converted = item.templateValue else { return nil }
                array.append(converted)
            }
            return .array(array)
        case .dict(let dict):
            var object = TemplateObject()
            for (key, value) in dict.entries {
                guard let name = key.text, let converted = value.templateValue else { return nil }
                object[name] = converted
            }
            return .object(object)
        default: return nil
        }
    }
}

/// jinja2's default `Undefined`: prints as nothing, is false and iterates as empty, but fails
/// with `message` when used as a value (arithmetic, attribute access, calls).
struct Undefined {
    var message: String
    /// Set for the sandbox's "unsafe" attributes, which fail with a security error instead.
    var isSecurityViolation = false

    var error: ChatTemplateError {
        isSecurityViolation ? .type(message) : .undefined(message)
    }
}

/// jinja2's `namespace` object: attributes that `{% set ns.attr = … %}` may change from any scope.
final class Namespace {
    var attributes = Dict()
    init() {}
}

// Runtime values hold classes (namespaces, loops, frames) and never cross threads. Saying so
// explicitly also spares the compiler the implicit-Sendable inference through the recursive
// Value / Dict / Callable types, which can report a spurious "circular reference".
@available(*, unavailable) extension Value: Sendable {}
@available(*, unavailable) extension Dict: Sendable {}
@available(*, unavailable) extension Callable: Sendable {}
@available(*, unavailable) extension Arguments: Sendable {}
