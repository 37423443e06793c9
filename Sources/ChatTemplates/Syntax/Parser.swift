/// Builds the statement tree from tokens, following the grammar of jinja2's parser.
///
/// Supported tags: `if`/`elif`/`else`, `for` (with `else`, loop filtering and tuple targets),
/// `set` (with tuple and `namespace.attribute` targets, and the block form), `macro`, `filter`,
/// `with`, `print`, `break`/`continue`, and `raw` (handled by the lexer).
struct Parser {
    var tokens: [Token]
    var index = 0
    /// Inside an `if` or conditional expression, an unknown filter or test fails only when
    /// evaluated (jinja2's "soft frame"); elsewhere it is a compile-time error.
    var soft = false
    /// The block tags still open, innermost last, for error messages.
    var tagStack: [String] = []
    /// Names read in each macro body being parsed (to learn whether it uses varargs / kwargs).
    var referencedNames: [Set<String>] = []
    var loopDepth = 0
    var depth = 0

    /// Nesting deeper than this (brackets, blocks) is rejected to keep recursion bounded.
    static let maximumDepth = 128

    init(tokens: [Token]) { self.tokens = tokens }

    static func parse(_ source: String) throws(ChatTemplateError) -> [Statement] {
        var parser = Parser(tokens: try Lexer.tokenize(source))
        let body = try parser.subparse(endTags: [])
        if !parser.current.isEOF { throw parser.unexpected(parser.current) }
        return body
    }

    // MARK: Token stream

    var current: Token { tokens[index] }

    func peek(_ offset: Int = 1) -> Token { tokens[min(index + offset, tokens.count - 1)] }

    @discardableResult
    mutating func advance() -> Token {
        let token = tokens[index]
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    mutating func skipName(_ name: String) -> Bool {
        if current.isName(name) { advance(); return true }
        return false
    }

    mutating func skipOp(_ op: String) -> Bool {
        if current.isOp(op) { advance(); return true }
        return false
    }

    mutating func expectOp(_ op: String) throws(ChatTemplateError) {
        guard current.isOp(op) else { throw expected(op) }
        advance()
    }

    mutating func expectName() throws(ChatTemplateError) -> String {
        guard case .name(let name) = current.kind else { throw expected("name") }
        advance()
        return name
    }

    mutating func expectBlockEnd() throws(ChatTemplateError) {
        guard current.kind == .blockEnd else { throw expected("end of statement block") }
        advance()
    }

    func expected(_ what: String) -> ChatTemplateError {
        if current.isEOF { return eofError() }
        return .syntax("expected token '\(what)', got '\(current.describe)'", line: current.line)
    }

    func unexpected(_ token: Token) -> ChatTemplateError {
        if token.isEOF { return eofError() }
        return .syntax("unexpected '\(token.describe)'", line: token.line)
    }

    func eofError() -> ChatTemplateError {
        var message = "Unexpected end of template."
        if let innermost = tagStack.last {
            message += " The innermost block that needs to be closed is '\(innermost)'."
        }
        return .syntax(message, line: current.line)
    }

    mutating func enterNesting() throws(ChatTemplateError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw ChatTemplateError(kind: .limit, message: "template nesting deeper than \(Self.maximumDepth)", line: current.line)
        }
    }

    // MARK: Statements

    /// Parses until a block tag whose name is in `endTags` (left as the current token) or the end.
    mutating func subparse(endTags: Set<String>) throws(ChatTemplateError) -> [Statement] {
        var body: [Statement] = []
        while true {
            let token = current
            switch token.kind {
            case .eof:
                return body
            case .text(let text):
                advance()
                body.append(Statement(kind: .text(text), line: token.line))
            case .variableBegin:
                advance()
                let expression = try parseTuple()
                guard current.kind == .variableEnd else { throw expected("end of print statement") }
                advance()
                body.append(Statement(kind: .output(expression), line: token.line))
            case .blockBegin:
                advance()
                if case .name(let name) = current.kind, endTags.contains(name) { return body }
                body.append(try parseStatement())
                try expectBlockEnd()
            default:
                throw unexpected(token)
            }
        }
    }

    /// Parses the body of a block statement after its header, up to one of `endTags`.
    /// Returns the body and the end tag name found (consumed).
    mutating func parseBody(endTags: Set<String>) throws(ChatTemplateError) -> (body: [Statement], end: String) {
        _ = skipOp(":")
        try expectBlockEnd()
        let body = try subparse(endTags: endTags)
        guard case .name(let end) = current.kind else { throw eofError() }
        advance()
        return (body, end)
    }

    mutating func parseStatement() throws(ChatTemplateError) -> Statement {
        let token = current
        guard case .name(let tag) = token.kind else {
            throw .syntax("tag name expected", line: token.line)
        }
        try enterNesting()
        defer { depth -= 1 }
        tagStack.append(tag)
        defer { tagStack.removeLast() }
        switch tag {
        case "if": return try parseIf()
        case "for": return try parseFor()
        case "set": return try parseSet()
        case "macro": return try parseMacro()
        case "filter": return try parseFilterBlock()
        case "with": return try parseWith()
        case "print":
            advance()
            return Statement(kind: .output(try parseTuple()), line: token.line)
        case "break", "continue":
            advance()
            guard loopDepth > 0 else { throw .syntax("'\(tag)' outside of a loop", line: token.line) }
            return Statement(kind: tag == "break" ? .breakLoop : .continueLoop, line: token.line)
        case "block", "extends", "include", "import", "from", "call", "autoescape":
            throw .syntax("the '\(tag)' tag is not supported in chat templates", line: token.line)
        default:
            var message = "Encountered unknown tag '\(tag)'."
            if let innermost = tagStack.dropLast().last {
                message += " The innermost block that needs to be closed is '\(innermost)'."
            }
            throw .syntax(message, line: token.line)
        }
    }

    mutating func parseIf() throws(ChatTemplateError) -> Statement {
        let line = advance().line
        let wasSoft = soft
        soft = true
        defer { soft = wasSoft }
        var branches: [(test: Expression, body: [Statement])] = []
        var otherwise: [Statement] = []
        while true {
            let test = try parseTuple(withConditional: false)
            let (body, end) = try parseBody(endTags: ["elif", "else", "endif"])
            branches.append((test, body))
            if end == "elif" { continue }
            if end == "else" {
                otherwise = try parseBody(endTags: ["endif"]).body
            }
            break
        }
        return Statement(kind: .ifChain(branches: branches, otherwise: otherwise), line: line)
    }

    mutating func parseFor() throws(ChatTemplateError) -> Statement {
        let line = advance().line
        let target = try parseAssignTarget(extraEnd: ["in"])
        guard skipName("in") else { throw expected("in") }
        let iterable = try parseTuple(withConditional: false, extraEnd: ["recursive"])
        var filter: Expression? = nil
        if skipName("if") { filter = try parseExpression() }
        if current.isName("recursive") {
            throw .syntax("recursive for loops are not supported", line: current.line)
        }
        let wasSoft = soft
        soft = false
        defer { soft = wasSoft }
        loopDepth += 1
        let (body, end) = try parseBody(endTags: ["endfor", "else"])
        loopDepth -= 1
        var otherwise: [Statement] = []
        if end == "else" { otherwise = try parseBody(endTags: ["endfor"]).body }
        return Statement(kind: .forLoop(target: target, iterable: iterable, filter: filter, body: body, otherwise: otherwise), line: line)
    }

    mutating func parseSet() throws(ChatTemplateError) -> Statement {
        let line = advance().line
        let target: AssignTarget
        if case .name(let namespace) = current.kind, peek().isOp("."), case .name(let attribute) = peek(2).kind {
            advance(); advance(); advance()
            target = .namespaceAttribute(namespace, attribute)
        } else {
            target = try parseAssignTarget()
        }
        if skipOp("=") {
            return Statement(kind: .set(target, try parseTuple()), line: line)
        }
        let filter = current.isOp("|") ? try parseFilter(nil, startInline: false) : nil
        let wasSoft = soft
        soft = false
        defer { soft = wasSoft }
        let body = try parseBody(endTags: ["endset"]).body
        return Statement(kind: .setBlock(target, filter: filter, body: body), line: line)
    }

    mutating func parseMacro() throws(ChatTemplateError) -> Statement {
        let line = advance().line
        let name = try expectName()
        try expectOp("(")
        var parameters: [String] = []
        var defaults: [Expression] = []
        while !current.isOp(")") {
            if !parameters.isEmpty { try expectOp(",") }
            if current.isOp(")") { break }
            let parameter = try expectName()
            if skipOp("=") {
                defaults.append(try parseExpression())
            } else if !defaults.isEmpty {
                throw .syntax("non-default argument follows default argument", line: current.line)
            }
            parameters.append(parameter)
        }
        try expectOp(")")
        let wasSoft = soft
        let outerLoopDepth = loopDepth
        soft = false
        loopDepth = 0
        referencedNames.append([])
        defer { soft = wasSoft; loopDepth = outerLoopDepth }
        let body = try parseBody(endTags: ["endmacro"]).body
        let names = referencedNames.removeLast()
        if !referencedNames.isEmpty { referencedNames[referencedNames.count - 1].formUnion(names) }
        let definition = MacroDefinition(
            name: name, parameters: parameters, defaults: defaults, body: body,
            usesVarargs: names.contains("varargs"), usesKwargs: names.contains("kwargs"), line: line)
        return Statement(kind: .macro(definition), line: line)
    }

    mutating func parseFilterBlock() throws(ChatTemplateError) -> Statement {
        let line = advance().line
        guard let filter = try parseFilter(nil, startInline: true) else { throw expected("name") }
        let wasSoft = soft
        soft = false
        defer { soft = wasSoft }
        let body = try parseBody(endTags: ["endfilter"]).body
        return Statement(kind: .filterBlock(filter, body: body), line: line)
    }

    mutating func parseWith() throws(ChatTemplateError) -> Statement {
        let line = advance().line
        var assignments: [(AssignTarget, Expression)] = []
        while current.kind != .blockEnd {
            if !assignments.isEmpty { try expectOp(",") }
            let target = try parseAssignTarget()
            try expectOp("=")
            assignments.append((target, try parseExpression()))
        }
        let wasSoft = soft
        soft = false
        defer { soft = wasSoft }
        let body = try parseBody(endTags: ["endwith"]).body
        return Statement(kind: .with(assignments: assignments, body: body), line: line)
    }

    /// A name or a (possibly parenthesized) tuple of names.
    mutating func parseAssignTarget(extraEnd: Set<String> = []) throws(ChatTemplateError) -> AssignTarget {
        let expression = try parseTuple(simplified: true, extraEnd: extraEnd)
        return try assignTarget(from: expression)
    }

    func assignTarget(from expression: Expression) throws(ChatTemplateError) -> AssignTarget {
        switch expression.kind {
        case .name(let name):
            if ["true", "false", "none", "True", "False", "None"].contains(name) {
                throw .syntax("Can't assign to special constant '\(name)'", line: expression.line)
            }
            return .name(name)
        case .tuple(let items):
            var targets: [AssignTarget] = []
            for item in items { targets.append(try assignTarget(from: item)) }
            return .tuple(targets)
        default:
            throw .syntax("can't assign to this expression", line: expression.line)
        }
    }
}

extension Token {
    var isEOF: Bool { kind == .eof }
}
