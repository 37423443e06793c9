/// Expression evaluation.
extension Interpreter {
    /// Evaluates `expression`; errors without a line get the expression's line.
    func evaluate(_ expression: Expression, in scope: Scope) throws(ChatTemplateError) -> Value {
        do {
            return try evaluateUnlocated(expression, in: scope)
        } catch {
            var located = error
            if located.line == 0 { located.line = expression.line }
            throw located
        }
    }

    private func evaluateUnlocated(_ expression: Expression, in scope: Scope) throws(ChatTemplateError) -> Value {
        switch expression.kind {
        case .literal(let literal):
            return Value(literal)
        case .name(let name):
            return lookup(name, in: scope)
        case .list(let items):
            var values: [Value] = []
            for item in items { values.append(try evaluate(item, in: scope)) }
            return try Value.list(values).checkedNesting()
        case .tuple(let items):
            var values: [Value] = []
            for item in items { values.append(try evaluate(item, in: scope)) }
            return try Value.tuple(values).checkedNesting()
        case .dict(let pairs):
            var dict = Dict()
            for pair in pairs {
                let key = try evaluate(pair.key, in: scope)
                try dict.set(key, try evaluate(pair.value, in: scope))
            }
            return try Value.dict(dict).checkedNesting()
        case .attribute(let object, let name):
            return try attribute(name, of: try evaluate(object, in: scope))
        case .item(let object, let key):
            let container = try evaluate(object, in: scope)
            return try item(try evaluate(key, in: scope), of: container)
        case .slice(let object, let start, let stop, let step):
            let container = try evaluate(object, in: scope)
            return try slice(
                container, start: try sliceBound(start, in: scope), stop: try sliceBound(stop, in: scope), step: try sliceBound(step, in: scope))
        case .call(let callee, let arguments):
            let function = try evaluate(callee, in: scope)
            return try call(function, try evaluateArguments(arguments, in: scope))
        case .filter(let input, let name, let arguments, _):
            let value = try input.map { (inner) throws(ChatTemplateError) in try evaluate(inner, in: scope) } ?? .none
            return try Filters.apply(name, to: value, try evaluateArguments(arguments, in: scope), interpreter: self)
        case .test(let subject, let name, let arguments, _):
            let value = try evaluate(subject, in: scope)
            return .bool(try Tests.run(name, on: value, try evaluateArguments(arguments, in: scope), interpreter: self))
        case .unary(let op, let operand):
            return try evaluate(operand, in: scope).unary(op)
        case .binary(let op, let left, let right):
            let lhs = try evaluate(left, in: scope)
            return try Value.arithmetic(op, lhs, try evaluate(right, in: scope))
        case .compare(let first, let operations):
            var left = try evaluate(first, in: scope)
            for (op, operand) in operations {
                let right = try evaluate(operand, in: scope)
                if !(try Value.compare(op, left, right)) { return .bool(false) }
                left = right
            }
            return .bool(true)
        case .and(let left, let right):
            let lhs = try evaluate(left, in: scope)
            return lhs.isTruthy ? try evaluate(right, in: scope) : lhs
        case .or(let left, let right):
            let lhs = try evaluate(left, in: scope)
            return lhs.isTruthy ? lhs : try evaluate(right, in: scope)
        case .not(let operand):
            return .bool(!(try evaluate(operand, in: scope).isTruthy))
        case .concat(let items):
            var text = ""
            for item in items {
                text += try evaluate(item, in: scope).str
                try Limits.checkSize(text.utf8.count)
            }
            return .string(text)
        case .conditional(let test, let then, let otherwise):
            if try evaluate(test, in: scope).isTruthy { return try evaluate(then, in: scope) }
            if let otherwise { return try evaluate(otherwise, in: scope) }
            return .undefined(
                Undefined(
                    message: "the inline if-expression on line \(expression.line) evaluated to false and no else section was defined."))
        }
    }

    /// A name: the innermost frame that has it, then the caller's variables, then the globals.
    func lookup(_ name: String, in scope: Scope) -> Value {
        if let value = scope.lookup(name) { return value }
        if let value = context[name] { return value }
        if Globals.names.contains(name) { return .callable(.global(name)) }
        return .undefined(name)
    }

    private func sliceBound(_ expression: Expression?, in scope: Scope) throws(ChatTemplateError) -> Int? {
        guard let expression else { return nil }
        let value = try evaluate(expression, in: scope)
        switch value {
        case .none: return nil
        case .bool(let bool): return bool ? 1 : 0
        case .int(let integer): return integer
        case .undefined(let undefined): throw undefined.error
        default: throw .type("slice indices must be integers or None or have an __index__ method")
        }
    }

    func evaluateArguments(_ arguments: CallArguments, in scope: Scope) throws(ChatTemplateError) -> Arguments {
        var result = Arguments()
        for expression in arguments.positional { result.positional.append(try evaluate(expression, in: scope)) }
        for (name, expression) in arguments.keyword { result.keyword.append((name, try evaluate(expression, in: scope))) }
        return result
    }

    /// Applies a `{% filter %}` / block-`set` chain to `input` (the chain's innermost input is nil).
    func applyFilterChain(_ chain: Expression, to input: Value, in scope: Scope) throws(ChatTemplateError) -> Value {
        guard case .filter(let inner, let name, let arguments, _) = chain.kind else { return try evaluate(chain, in: scope) }
        do {
            let value = try inner.map { (expression) throws(ChatTemplateError) in try applyFilterChain(expression, to: input, in: scope) } ?? input
            return try Filters.apply(name, to: value, try evaluateArguments(arguments, in: scope), interpreter: self)
        } catch {
            var located = error
            if located.line == 0 { located.line = chain.line }
            throw located
        }
    }

    // MARK: Calls

    func call(_ callee: Value, _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        switch callee {
        case .undefined(let undefined):
            throw undefined.error
        case .callable(.macro(let closure)):
            return try callMacro(closure, arguments)
        case .callable(.global(let name)):
            return try Globals.call(name, arguments, interpreter: self)
        case .callable(.method(let receiver, let name)):
            return try Methods.call(name, on: receiver, arguments, interpreter: self)
        default:
            throw .type("'\(callee.typeName)' object is not callable")
        }
    }

    private func callMacro(_ closure: MacroClosure, _ arguments: Arguments) throws(ChatTemplateError) -> Value {
        let definition = closure.definition
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > Limits.maximumCallDepth {
            throw .limit("macro calls nested deeper than \(Limits.maximumCallDepth)")
        }
        try countMacroCall()
        let scope = Scope(parent: closure.scope)
        let parameters = definition.parameters
        var provided: [Value?] = Array(repeating: nil, count: parameters.count)
        for (index, value) in arguments.positional.prefix(parameters.count).enumerated() { provided[index] = value }
        var extraKeywords = Dict()
        for (name, value) in arguments.keyword {
            if let index = parameters.firstIndex(of: name) {
                if provided[index] != nil {
                    throw .type("macro '\(definition.name)' got multiple values for argument '\(name)'")
                }
                provided[index] = value
            } else if definition.usesKwargs {
                extraKeywords[name] = value
            } else {
                throw .type("macro '\(definition.name)' takes no keyword argument '\(name)'")
            }
        }
        let extraPositional = Array(arguments.positional.dropFirst(parameters.count))
        if !extraPositional.isEmpty && !definition.usesVarargs {
            throw .type("macro '\(definition.name)' takes not more than \(parameters.count) argument(s)")
        }
        let firstDefault = parameters.count - definition.defaults.count
        for (index, name) in parameters.enumerated() {
            if let value = provided[index] {
                scope.set(name, value)
            } else if index >= firstDefault {
                scope.set(name, try evaluate(definition.defaults[index - firstDefault], in: scope))
            } else {
                scope.set(name, .undefined(Undefined(message: "parameter '\(name)' was not provided")))
            }
        }
        if definition.usesVarargs { scope.set("varargs", .tuple(extraPositional)) }
        if definition.usesKwargs { scope.set("kwargs", .dict(extraKeywords)) }
        return .string(try capture(definition.body, in: scope))
    }
}
