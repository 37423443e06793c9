/// A frame of variables. `{% set %}` writes to the innermost frame; reads walk outwards.
///
/// jinja2's scoping, reproduced: `if` and `filter` conditions share their frame; every `for`
/// iteration, macro call, `with` block and block `set` gets a new frame, so assignments inside
/// them do not leak out (use a `namespace` to carry values out of a loop).
final class Scope {
    private var variables: [String: Value] = [:]
    let parent: Scope?

    init(parent: Scope?) { self.parent = parent }

    func lookup(_ name: String) -> Value? {
        var scope: Scope? = self
        while let current = scope {
            if let value = current.variables[name] { return value }
            scope = current.parent
        }
        return nil
    }

    func set(_ name: String, _ value: Value) { variables[name] = value }
}
