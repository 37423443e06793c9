/// One lexical token of a template, with the 1-based source line it starts on.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Literal template text between tags (after whitespace control).
        case text(String)
        case variableBegin, variableEnd, blockBegin, blockEnd
        case name(String)
        case string(String)
        case integer(Int)
        case float(Double)
        /// An operator or punctuation: `+`, `//`, `==`, `(`, `|`, `.`, …
        case op(String)
        case eof
    }

    var kind: Kind
    var line: Int

    /// How jinja2 names the token in "unexpected …" messages.
    var describe: String {
        switch kind {
        case .text: return "template data"
        case .variableBegin: return "begin of print statement"
        case .variableEnd: return "end of print statement"
        case .blockBegin: return "begin of statement block"
        case .blockEnd: return "end of statement block"
        case .name(let name): return name
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "float"
        case .op(let op): return op
        case .eof: return "end of template"
        }
    }

    func isName(_ name: String) -> Bool {
        if case .name(name) = kind { return true }
        return false
    }

    func isOp(_ op: String) -> Bool {
        if case .op(op) = kind { return true }
        return false
    }
}
