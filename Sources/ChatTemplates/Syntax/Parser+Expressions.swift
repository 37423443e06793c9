/// The expression grammar of jinja2, lowest precedence first:
/// conditional `a if c else b` → `or` → `and` → `not` → comparisons and `in` → `+ -` → `~`
/// → `* / // %` → `**` (left-associative) → unary `- +` → primary with postfix `.x`, `[i]`, `(…)`,
/// then filters `| f` and tests `is t`.
extension Parser {
    /// `parse_tuple`: an expression, or a tuple when commas separate several.
    mutating func parseTuple(
        simplified: Bool = false, withConditional: Bool = true, extraEnd: Set<String> = [], explicitParentheses: Bool = false
    ) throws(ChatTemplateError) -> Expression {
        let line = current.line
        var items: [Expression] = []
        var isTuple = false
        while true {
            if !items.isEmpty { try expectOp(",") }
            if isTupleEnd(extraEnd) { break }
            if simplified {
                items.append(try parsePrimary())
            } else {
                items.append(try parseExpression(withConditional: withConditional))
            }
            if current.isOp(",") { isTuple = true } else { break }
        }
        if !isTuple {
            if let only = items.first { return only }
            if !explicitParentheses {
                throw .syntax("Expected an expression, got '\(current.describe)'", line: current.line)
            }
        }
        return Expression(kind: .tuple(items), line: line)
    }

    private func isTupleEnd(_ extraEnd: Set<String>) -> Bool {
        switch current.kind {
        case .variableEnd, .blockEnd: return true
        case .op(")"): return true
        case .name(let name): return extraEnd.contains(name)
        default: return false
        }
    }

    mutating func parseExpression(withConditional: Bool = true) throws(ChatTemplateError) -> Expression {
        try enterNesting()
        defer { depth -= 1 }
        return withConditional ? try parseConditional() : try parseOr()
    }

    private mutating func parseConditional() throws(ChatTemplateError) -> Expression {
        // jinja2 evaluates the whole conditional expression in a soft frame.
        guard conditionalFollows() else { return try parseOr() }
        let wasSoft = soft
        soft = true
        defer { soft = wasSoft }
        var expression = try parseOr()
        while skipName("if") {
            let test = try parseOr()
            var otherwise: Expression? = nil
            if skipName("else") {
                try enterNesting()
                defer { depth -= 1 }
                otherwise = try parseConditional()
            }
            expression = Expression(kind: .conditional(test: test, then: expression, otherwise: otherwise), line: expression.line)
        }
        return expression
    }

    /// Whether an `if` keyword follows at this bracket level before the expression ends.
    private func conditionalFollows() -> Bool {
        var level = 0
        var offset = 0
        while true {
            let token = peek(offset)
            switch token.kind {
            case .eof, .variableEnd, .blockEnd: return false
            case .op("("), .op("["), .op("{"): level += 1
            case .op(")"), .op("]"), .op("}"):
                if level == 0 { return false }
                level -= 1
            case .op(","), .op(":"): if level == 0 { return false }
            case .name("if"): if level == 0 { return true }
            default: break
            }
            offset += 1
        }
    }

    /// Counts one more level of expression-tree depth for an operator parsed in a loop.
    private mutating func deepen(_ levels: inout Int) throws(ChatTemplateError) {
        try enterNesting()
        levels += 1
    }

    /// How a binary operator joins its operands.
    private typealias Join = (Expression, Expression) -> Expression.Kind

    /// One left-associative level: `operand`s joined by the operators `join` consumes (`nil`
    /// where none follows), each operator one more level of expression-tree depth.
    private mutating func parseLeftAssociative(
        _ operand: (inout Parser) throws(ChatTemplateError) -> Expression, joinedBy join: (inout Parser) -> Join?
    ) throws(ChatTemplateError) -> Expression {
        var levels = 0
        defer { depth -= levels }
        var left = try operand(&self)
        while let kind = join(&self) {
            try deepen(&levels)
            let right = try operand(&self)
            left = Expression(kind: kind(left, right), line: left.line)
        }
        return left
    }

    private mutating func parseOr() throws(ChatTemplateError) -> Expression {
        try parseLeftAssociative({ (parser) throws(ChatTemplateError) in try parser.parseAnd() }) { parser -> Join? in
            parser.skipName("or") ? { .or($0, $1) } : nil
        }
    }

    private mutating func parseAnd() throws(ChatTemplateError) -> Expression {
        try parseLeftAssociative({ (parser) throws(ChatTemplateError) in try parser.parseNot() }) { parser -> Join? in
            parser.skipName("and") ? { .and($0, $1) } : nil
        }
    }

    private mutating func parseNot() throws(ChatTemplateError) -> Expression {
        if current.isName("not") {
            let line = advance().line
            try enterNesting()
            defer { depth -= 1 }
            return Expression(kind: .not(try parseNot()), line: line)
        }
        return try parseCompare()
    }

    private mutating func parseCompare() throws(ChatTemplateError) -> Expression {
        let first = try parseMath1()
        var operations: [(ComparisonOperator, Expression)] = []
        while true {
            if case .op(let op) = current.kind, let comparison = ComparisonOperator(rawValue: op), comparison != .contains {
                advance()
                operations.append((comparison, try parseMath1()))
            } else if skipName("in") {
                operations.append((.contains, try parseMath1()))
            } else if current.isName("not"), peek().isName("in") {
                advance(); advance()
                operations.append((.notContains, try parseMath1()))
            } else {
                break
            }
        }
        if operations.isEmpty { return first }
        return Expression(kind: .compare(first, operations), line: first.line)
    }

    private mutating func parseMath1() throws(ChatTemplateError) -> Expression {
        try parseLeftAssociative({ (parser) throws(ChatTemplateError) in try parser.parseConcat() }) { parser -> Join? in
            guard case .op(let op) = parser.current.kind, op == "+" || op == "-" else { return nil }
            parser.advance()
            return { .binary(op == "+" ? .add : .subtract, $0, $1) }
        }
    }

    private mutating func parseConcat() throws(ChatTemplateError) -> Expression {
        var items = [try parseMath2()]
        while skipOp("~") { items.append(try parseMath2()) }
        if items.count == 1 { return items[0] }
        return Expression(kind: .concat(items), line: items[0].line)
    }

    private mutating func parseMath2() throws(ChatTemplateError) -> Expression {
        try parseLeftAssociative({ (parser) throws(ChatTemplateError) in try parser.parsePow() }) { parser -> Join? in
            guard case .op(let op) = parser.current.kind, let operation = BinaryOperator(rawValue: op),
                [.multiply, .divide, .floorDivide, .modulo].contains(operation)
            else { return nil }
            parser.advance()
            return { .binary(operation, $0, $1) }
        }
    }

    private mutating func parsePow() throws(ChatTemplateError) -> Expression {
        try parseLeftAssociative({ (parser) throws(ChatTemplateError) in try parser.parseUnary() }) { parser -> Join? in
            parser.skipOp("**") ? { .binary(.power, $0, $1) } : nil
        }
    }

    private mutating func parseUnary(withFilter: Bool = true) throws(ChatTemplateError) -> Expression {
        try enterNesting()
        defer { depth -= 1 }
        var expression: Expression
        if current.isOp("-") || current.isOp("+") {
            let token = advance()
            let operand = try parseUnary(withFilter: false)
            expression = Expression(kind: .unary(token.isOp("-") ? .negate : .plus, operand), line: token.line)
        } else {
            expression = try parsePrimary()
        }
        expression = try parsePostfix(expression)
        if withFilter { expression = try parseFilterExpression(expression) }
        return expression
    }

    mutating func parsePrimary() throws(ChatTemplateError) -> Expression {
        let token = current
        switch token.kind {
        case .name(let name):
            advance()
            switch name {
            case "true", "True": return Expression(kind: .literal(.bool(true)), line: token.line)
            case "false", "False": return Expression(kind: .literal(.bool(false)), line: token.line)
            case "none", "None": return Expression(kind: .literal(.none), line: token.line)
            default:
                if !referencedNames.isEmpty { referencedNames[referencedNames.count - 1].insert(name) }
                return Expression(kind: .name(name), line: token.line)
            }
        case .string(var value):
            advance()
            while case .string(let next) = current.kind {
                value += next
                advance()
            }
            return Expression(kind: .literal(.string(value)), line: token.line)
        case .integer(let value):
            advance()
            return Expression(kind: .literal(.integer(value)), line: token.line)
        case .float(let value):
            advance()
            return Expression(kind: .literal(.double(value)), line: token.line)
        case .op("("):
            advance()
            try enterNesting()
            defer { depth -= 1 }
            let inner = try parseTuple(explicitParentheses: true)
            try expectOp(")")
            return inner
        case .op("["):
            advance()
            try enterNesting()
            defer { depth -= 1 }
            var items: [Expression] = []
            while !current.isOp("]") {
                if !items.isEmpty { try expectOp(",") }
                if current.isOp("]") { break }
                items.append(try parseExpression())
            }
            try expectOp("]")
            return Expression(kind: .list(items), line: token.line)
        case .op("{"):
            advance()
            try enterNesting()
            defer { depth -= 1 }
            var pairs: [(key: Expression, value: Expression)] = []
            while !current.isOp("}") {
                if !pairs.isEmpty { try expectOp(",") }
                if current.isOp("}") { break }
                let key = try parseExpression()
                try expectOp(":")
                pairs.append((key, try parseExpression()))
            }
            try expectOp("}")
            return Expression(kind: .dict(pairs), line: token.line)
        default:
            throw unexpected(token)
        }
    }

    private mutating func parsePostfix(_ start: Expression) throws(ChatTemplateError) -> Expression {
        var levels = 0
        defer { depth -= levels }
        var expression = start
        while true {
            if current.isOp(".") || current.isOp("[") || current.isOp("(") { try deepen(&levels) }
            if current.isOp(".") || current.isOp("[") {
                expression = try parseSubscript(expression)
            } else if current.isOp("(") {
                expression = Expression(kind: .call(expression, try parseCallArguments()), line: expression.line)
            } else {
                return expression
            }
        }
    }

    private mutating func parseFilterExpression(_ start: Expression) throws(ChatTemplateError) -> Expression {
        var levels = 0
        defer { depth -= levels }
        var expression = start
        while true {
            if current.isName("is") || current.isOp("(") { try deepen(&levels) }
            if current.isOp("|") {
                if let filtered = try parseFilter(expression, startInline: false) { expression = filtered }
            } else if current.isName("is") {
                expression = try parseTest(expression)
            } else if current.isOp("(") {
                expression = Expression(kind: .call(expression, try parseCallArguments()), line: expression.line)
            } else {
                return expression
            }
        }
    }

    private mutating func parseSubscript(_ object: Expression) throws(ChatTemplateError) -> Expression {
        let token = advance()
        if token.isOp(".") {
            let attribute = advance()
            switch attribute.kind {
            case .name(let name): return Expression(kind: .attribute(object, name), line: object.line)
            case .integer(let value):
                return Expression(kind: .item(object, Expression(kind: .literal(.integer(value)), line: attribute.line)), line: object.line)
            default: throw .syntax("expected name or number", line: attribute.line)
            }
        }
        try enterNesting()
        defer { depth -= 1 }
        var arguments: [Expression] = []
        while !current.isOp("]") {
            if !arguments.isEmpty { try expectOp(",") }
            arguments.append(try parseSubscribed(object))
        }
        try expectOp("]")
        guard arguments.count == 1 else {
            return Expression(kind: .item(object, Expression(kind: .tuple(arguments), line: token.line)), line: object.line)
        }
        if case .slice = arguments[0].kind { return arguments[0] }
        return Expression(kind: .item(object, arguments[0]), line: object.line)
    }

    /// One subscript argument: an expression or a slice `start:stop:step`.
    private mutating func parseSubscribed(_ object: Expression) throws(ChatTemplateError) -> Expression {
        let line = current.line
        var start: Expression? = nil
        if !current.isOp(":") {
            let expression = try parseExpression()
            if !current.isOp(":") { return expression }
            start = expression
        }
        advance()
        var stop: Expression? = nil
        if !current.isOp(":") && !current.isOp("]") && !current.isOp(",") { stop = try parseExpression() }
        var step: Expression? = nil
        if skipOp(":") {
            if !current.isOp("]") && !current.isOp(",") { step = try parseExpression() }
        }
        return Expression(kind: .slice(object, start: start, stop: stop, step: step), line: line)
    }

    mutating func parseCallArguments() throws(ChatTemplateError) -> CallArguments {
        try expectOp("(")
        try enterNesting()
        defer { depth -= 1 }
        var arguments = CallArguments()
        var needsComma = false
        while !current.isOp(")") {
            if needsComma {
                try expectOp(",")
                if current.isOp(")") { break }
            }
            if current.isOp("*") || current.isOp("**") {
                throw .syntax("*args and **kwargs in calls are not supported", line: current.line)
            }
            if case .name(let name) = current.kind, peek().isOp("=") {
                advance(); advance()
                arguments.keyword.append((name, try parseExpression()))
            } else {
                if !arguments.keyword.isEmpty {
                    throw .syntax("invalid syntax for function call expression", line: current.line)
                }
                arguments.positional.append(try parseExpression())
            }
            needsComma = true
        }
        try expectOp(")")
        return arguments
    }

    /// `| name(args) | name …`; with `startInline` the first `|` is absent (`{% filter f %}`).
    mutating func parseFilter(_ input: Expression?, startInline: Bool) throws(ChatTemplateError) -> Expression? {
        var expression = input
        var inline = startInline
        var levels = 0
        defer { depth -= levels }
        while current.isOp("|") || inline {
            try deepen(&levels)
            if !inline { advance() }
            inline = false
            let line = current.line
            var name = try expectName()
            while skipOp(".") { name += "." + (try expectName()) }
            if !soft && !Filters.names.contains(name) {
                throw .syntax("No filter named '\(name)'.", line: line)
            }
            let arguments = current.isOp("(") ? try parseCallArguments() : CallArguments()
            expression = Expression(kind: .filter(expression, name: name, arguments, soft: soft), line: expression?.line ?? line)
        }
        return expression
    }

    private mutating func parseTest(_ subject: Expression) throws(ChatTemplateError) -> Expression {
        advance()
        let negated = skipName("not")
        let line = current.line
        var name = try expectName()
        while skipOp(".") { name += "." + (try expectName()) }
        if !soft && !Tests.names.contains(name) {
            throw .syntax("No test named '\(name)'.", line: line)
        }
        var arguments = CallArguments()
        if current.isOp("(") {
            arguments = try parseCallArguments()
        } else if startsTestArgument() {
            if current.isName("is") { throw .syntax("You cannot chain multiple tests with is", line: current.line) }
            let argument = try parsePostfix(try parsePrimary())
            arguments.positional = [argument]
        }
        let test = Expression(kind: .test(subject, name: name, arguments, soft: soft), line: subject.line)
        return negated ? Expression(kind: .not(test), line: subject.line) : test
    }

    /// jinja2 lets a test take one argument without parentheses: `x is divisibleby 3`.
    private func startsTestArgument() -> Bool {
        switch current.kind {
        case .name(let name): return !["else", "or", "and"].contains(name)
        case .string, .integer, .float, .op("["), .op("{"): return true
        case .op("("): return true
        default: return false
        }
    }
}
