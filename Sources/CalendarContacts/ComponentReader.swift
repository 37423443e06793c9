/// Reads a whole file into its top-level components (RFC 5545 §3.4, RFC 6350 §6.1.1).
enum ComponentReader {
    /// The top-level `root` components of `bytes`.
    ///
    /// The first line must be `BEGIN:<root>` (`formatName` names the format in that error);
    /// `BEGIN`/`END` must pair up, and no property may sit outside a component. Top-level
    /// components with another name are skipped.
    static func read(_ bytes: [UInt8], root: String, formatName: String) throws(SyntaxError) -> [Component] {
        let lines = try LineUnfolder.unfold(bytes)
        guard let first = lines.first else {
            throw SyntaxError(kind: .wrongFormat, line: 0, message: "the file is not \(formatName): it is empty")
        }
        guard first.text.trimmingSpaces().uppercased() == "BEGIN:\(root)" else {
            throw SyntaxError(
                kind: .wrongFormat, line: first.lineNumber,
                message: "the file is not \(formatName): it does not start with BEGIN:\(root)")
        }
        var topLevel: [Component] = []
        var stack: [Component] = []
        for logical in lines {
            let line = try ContentLine(parsing: logical)
            switch line.name {
            case "BEGIN":
                let name = line.value.trimmingSpaces().uppercased()
                guard !name.isEmpty else {
                    throw SyntaxError(kind: .malformedLine, line: line.lineNumber, message: "BEGIN has no component name")
                }
                stack.append(Component(name: name, lineNumber: line.lineNumber))
            case "END":
                let name = line.value.trimmingSpaces().uppercased()
                guard let open = stack.popLast() else {
                    throw SyntaxError(
                        kind: .unbalancedComponent, line: line.lineNumber, message: "END:\(name) without BEGIN")
                }
                guard open.name == name else {
                    throw SyntaxError(
                        kind: .unbalancedComponent, line: line.lineNumber,
                        message: "END:\(name) does not match BEGIN:\(open.name) on line \(open.lineNumber)")
                }
                if stack.isEmpty {
                    if name == root { topLevel.append(open) }
                } else {
                    stack[stack.count - 1].children.append(open)
                }
            default:
                guard !stack.isEmpty else {
                    throw SyntaxError(
                        kind: .unbalancedComponent, line: line.lineNumber,
                        message: "\(line.name) is outside BEGIN:\(root) … END:\(root)")
                }
                stack[stack.count - 1].properties.append(line)
            }
        }
        if let open = stack.last {
            throw SyntaxError(
                kind: .unbalancedComponent, line: open.lineNumber,
                message: "BEGIN:\(open.name) has no matching END:\(open.name)")
        }
        return topLevel
    }
}
