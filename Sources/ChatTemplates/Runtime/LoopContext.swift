/// jinja2's `loop` variable inside a `for` body.
final class LoopContext {
    let items: [Value]
    var index0 = 0
    /// The last value passed to `loop.changed(…)`.
    var lastChanged: Value? = nil

    init(items: [Value]) { self.items = items }

    /// The loop attribute `name`, or nil if there is none.
    func attribute(_ name: String) -> Value? {
        let length = items.count
        switch name {
        case "index": return .int(index0 + 1)
        case "index0": return .int(index0)
        case "revindex": return .int(length - index0)
        case "revindex0": return .int(length - index0 - 1)
        case "first": return .bool(index0 == 0)
        case "last": return .bool(index0 == length - 1)
        case "length": return .int(length)
        case "depth": return .int(1)
        case "depth0": return .int(0)
        case "previtem":
            return index0 > 0 ? items[index0 - 1] : .undefined(Undefined(message: "there is no previous item"))
        case "nextitem":
            return index0 + 1 < length ? items[index0 + 1] : .undefined(Undefined(message: "there is no next item"))
        case "cycle", "changed": return .callable(.method(.loop(self), name))
        default: return nil
        }
    }
}
