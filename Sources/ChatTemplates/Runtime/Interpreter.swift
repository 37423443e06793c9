/// Executes a parsed template: statements, scopes, output buffers and limits.
///
/// One interpreter renders one template once; it is not shared between threads.
final class Interpreter {
    /// The caller's variables (jinja2's render context).
    let context: [String: Value]
    /// Output buffers; `{% set %}` blocks, `{% filter %}` blocks and macro calls capture into a
    /// new one.
    private var buffers: [String] = [""]
    private var iterations = 0
    private var macroCalls = 0
    var callDepth = 0

    enum Flow { case normal, breakLoop, continueLoop }

    init(context: [String: Value]) { self.context = context }

    func render(_ statements: [Statement]) throws(ChatTemplateError) -> String {
        let root = Scope(parent: nil)
        _ = try execute(statements, in: root)
        return buffers[0]
    }

    // MARK: Output

    func write(_ text: String) throws(ChatTemplateError) {
        buffers[buffers.count - 1] += text
        if buffers[buffers.count - 1].utf8.count > Limits.maximumOutputBytes {
            throw .limit("output longer than \(Limits.maximumOutputBytes) bytes")
        }
    }

    /// Runs `body` in `scope` and returns what it wrote instead of writing it.
    func capture(_ body: [Statement], in scope: Scope) throws(ChatTemplateError) -> String {
        buffers.append("")
        defer { buffers.removeLast() }
        _ = try execute(body, in: scope)
        return buffers[buffers.count - 1]
    }

    func countMacroCall() throws(ChatTemplateError) {
        macroCalls += 1
        if macroCalls > Limits.maximumMacroCalls {
            throw .limit("more than \(Limits.maximumMacroCalls) macro calls")
        }
    }

    func countIteration() throws(ChatTemplateError) {
        iterations += 1
        if iterations > Limits.maximumIterations {
            throw .limit("more than \(Limits.maximumIterations) loop iterations")
        }
    }

    // MARK: Statements

    func execute(_ statements: [Statement], in scope: Scope) throws(ChatTemplateError) -> Flow {
        for statement in statements {
            let flow: Flow
            do {
                flow = try execute(statement, in: scope)
            } catch {
                var located = error
                if located.line == 0 { located.line = statement.line }
                throw located
            }
            if flow != .normal { return flow }
        }
        return .normal
    }

    private func execute(_ statement: Statement, in scope: Scope) throws(ChatTemplateError) -> Flow {
        switch statement.kind {
        case .text(let text):
            try write(text)
        case .output(let expression):
            try write(try evaluate(expression, in: scope).str)
        case .ifChain(let branches, let otherwise):
            for branch in branches {
                if try evaluate(branch.test, in: scope).isTruthy { return try execute(branch.body, in: scope) }
            }
            return try execute(otherwise, in: scope)
        case .forLoop(let target, let iterable, let filter, let body, let otherwise):
            return try executeFor(target: target, iterable: iterable, filter: filter, body: body, otherwise: otherwise, in: scope)
        case .set(let target, let expression):
            try assign(target, try evaluate(expression, in: scope), in: scope)
        case .setBlock(let target, let filter, let body):
            var value = Value.string(try capture(body, in: Scope(parent: scope)))
            if let filter { value = try applyFilterChain(filter, to: value, in: scope) }
            try assign(target, value, in: scope)
        case .macro(let definition):
            scope.set(definition.name, .callable(.macro(MacroClosure(definition: definition, scope: scope))))
        case .filterBlock(let filter, let body):
            let text = try capture(body, in: Scope(parent: scope))
            try write(try applyFilterChain(filter, to: .string(text), in: scope).str)
        case .with(let assignments, let body):
            let inner = Scope(parent: scope)
            for (target, expression) in assignments {
                try assign(target, try evaluate(expression, in: scope), in: inner)
            }
            return try execute(body, in: inner)
        case .breakLoop:
            return .breakLoop
        case .continueLoop:
            return .continueLoop
        }
        return .normal
    }

    private func executeFor(
        target: AssignTarget, iterable: Expression, filter: Expression?, body: [Statement], otherwise: [Statement], in scope: Scope
    ) throws(ChatTemplateError) -> Flow {
        var items = try iterate(try evaluate(iterable, in: scope))
        if let filter {
            var kept: [Value] = []
            for item in items {
                try countIteration()
                let filterScope = Scope(parent: scope)
                try assign(target, item, in: filterScope)
                if try evaluate(filter, in: filterScope).isTruthy { kept.append(item) }
            }
            items = kept
        }
        if items.isEmpty {
            _ = try execute(otherwise, in: Scope(parent: scope))
            return .normal
        }
        let loop = LoopContext(items: items)
        for (index, item) in items.enumerated() {
            try countIteration()
            loop.index0 = index
            let iterationScope = Scope(parent: scope)
            try assign(target, item, in: iterationScope)
            iterationScope.set("loop", .loop(loop))
            if try execute(body, in: iterationScope) == .breakLoop { break }
        }
        return .normal
    }

    func assign(_ target: AssignTarget, _ value: Value, in scope: Scope) throws(ChatTemplateError) {
        switch target {
        case .name(let name):
            scope.set(name, value)
        case .tuple(let targets):
            let items = try iterate(value)
            if items.count > targets.count { throw .type("too many values to unpack (expected \(targets.count))") }
            if items.count < targets.count {
                throw .type("not enough values to unpack (expected \(targets.count), got \(items.count))")
            }
            for (inner, item) in zip(targets, items) { try assign(inner, item, in: scope) }
        case .namespaceAttribute(let name, let attribute):
            guard case .namespace(let namespace) = scope.lookup(name) ?? context[name] ?? .none else {
                throw .type("cannot assign attribute on non-namespace object")
            }
            namespace.attributes[attribute] = value
        }
    }

    /// Python iteration (`Value.items`), with Python's error for a value that is not iterable.
    func iterate(_ value: Value) throws(ChatTemplateError) -> [Value] {
        try value.items(notIterable: "'\(value.typeName)' object is not iterable")
    }
}
