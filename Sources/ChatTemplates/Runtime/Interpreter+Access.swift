/// Attribute and item access with jinja2's sandboxed rules: `obj.name` tries the Python
/// attribute (a method) first and then the item; `obj[key]` tries the item first and then the
/// attribute. A missing one is undefined; using a value of an undefined one is an error.
extension Interpreter {
    func attribute(_ name: String, of object: Value) throws(ChatTemplateError) -> Value {
        switch object {
        case .undefined(let undefined):
            throw undefined.error
        case .dict(let dict):
            if Methods.dictionary.contains(name) { return .callable(.method(object, name)) }
            if Methods.unsafeDictionary.contains(name) { return unsafe(name, of: object) }
            return dict[name] ?? .missing(.string(name), of: object)
        case .string, .markup:
            if Methods.string.contains(name) { return .callable(.method(object, name)) }
        case .list:
            if Methods.list.contains(name) { return .callable(.method(object, name)) }
            if Methods.unsafeList.contains(name) { return unsafe(name, of: object) }
        case .tuple:
            if Methods.tuple.contains(name) { return .callable(.method(object, name)) }
        case .namespace(let namespace):
            if let value = namespace.attributes[name] { return value }
        case .loop(let loop):
            if let value = loop.attribute(name) { return value }
        default:
            break
        }
        return .missing(.string(name), of: object)
    }

    private func unsafe(_ name: String, of object: Value) -> Value {
        .undefined(Undefined(message: "access to attribute '\(name)' of '\(object.typeName)' object is unsafe.", isSecurityViolation: true))
    }

    func item(_ key: Value, of object: Value) throws(ChatTemplateError) -> Value {
        switch object {
        case .undefined(let undefined):
            throw undefined.error
        case .dict(let dict):
            if let value = dict.lookup(key) { return value }
        case .list(let items), .tuple(let items):
            if let index = Self.integerIndex(key) {
                let position = index < 0 ? index + items.count : index
                if position >= 0 && position < items.count { return items[position] }
                return .missing(key, of: object)
            }
        case .string(let string), .markup(let string):
            if let index = Self.integerIndex(key) {
                let scalars = string.unicodeScalars
                let count = scalars.count
                let position = index < 0 ? index + count : index
                if position >= 0 && position < count {
                    return object.sameKind(String(scalars[scalars.index(scalars.startIndex, offsetBy: position)]))
                }
                return .missing(key, of: object)
            }
        default:
            break
        }
        if let name = key.text { return try attribute(name, of: object) }
        return .missing(key, of: object)
    }

    private static func integerIndex(_ key: Value) -> Int? {
        switch key {
        case .int(let integer): return integer
        case .bool(let bool): return bool ? 1 : 0
        default: return nil
        }
    }

    func slice(_ object: Value, start: Int?, stop: Int?, step: Int?) throws(ChatTemplateError) -> Value {
        switch object {
        case .undefined(let undefined):
            throw undefined.error
        case .list(let items):
            return .list(try PyString.sliceIndices(count: items.count, start: start, stop: stop, step: step).map { items[$0] })
        case .tuple(let items):
            return .tuple(try PyString.sliceIndices(count: items.count, start: start, stop: stop, step: step).map { items[$0] })
        case .string(let string), .markup(let string):
            let scalars = PyString.scalars(string)
            let indices = try PyString.sliceIndices(count: scalars.count, start: start, stop: stop, step: step)
            return object.sameKind(PyString.make(indices.map { scalars[$0] }))
        default:
            let describe = { (bound: Int?) in bound.map(String.init) ?? "None" }
            return .undefined(
                Undefined(
                    message: "\(object.objectTypeDescription) has no element slice(\(describe(start)), \(describe(stop)), \(describe(step)))"))
        }
    }
}
