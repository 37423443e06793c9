/// Something a template can call.
indirect enum Callable {
    /// A `{% macro %}` with the frame it was defined in.
    case macro(MacroClosure)
    /// A global function: `range`, `namespace`, `dict`, `raise_exception`, `strftime_now`.
    case global(String)
    /// A method bound to its receiver: `'a,b'.split`, `messages.items`, `loop.cycle`.
    case method(Value, String)

    var typeName: String {
        switch self {
        case .macro: return "Macro"
        case .global: return "builtin_function_or_method"
        case .method: return "builtin_function_or_method"
        }
    }

    var description: String {
        switch self {
        case .macro(let closure): return "<Macro '\(closure.definition.name)'>"
        case .global(let name): return "<built-in function \(name)>"
        case .method(let receiver, let name): return "<built-in method \(name) of \(receiver.typeName) object>"
        }
    }
}

/// A macro definition together with its defining frame (macros see that frame's variables as
/// they are when called).
final class MacroClosure {
    let definition: MacroDefinition
    let scope: Scope
    init(definition: MacroDefinition, scope: Scope) {
        self.definition = definition
        self.scope = scope
    }
}
