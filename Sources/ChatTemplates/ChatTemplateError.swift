/// An error from compiling or rendering a chat template, with the 1-based template line it
/// happened on.
///
/// ```swift
/// do { _ = try template.render(variables) }
/// catch let error where error.kind == .raised { print(error.message) }  // raise_exception("...")
/// ```
package struct ChatTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in the terms of Python's jinja2 exceptions.
    package enum Kind: Sendable, Equatable {
        /// The template does not parse (jinja2's `TemplateSyntaxError` / `TemplateAssertionError`).
        case syntax
        /// An undefined value was used where jinja2 raises `UndefinedError`.
        case undefined
        /// A Python-level type, value or security error (`TypeError`, `ValueError`, `SecurityError`, …).
        case type
        /// The template called `raise_exception(message)`.
        case raised
        /// A resource limit was hit: output size, loop iterations, recursion depth, range size.
        case limit
        /// `TemplateValue(jsonText:)` was given text that is not JSON.
        case json
    }

    /// What went wrong.
    package var kind: Kind
    /// The message; for `.raised` exactly the text passed to `raise_exception`.
    package var message: String
    /// The 1-based line in the template source (0 when no line applies, as for JSON text).
    package var line: Int

    /// Creates an error.
    package init(kind: Kind, message: String, line: Int) {
        self.kind = kind
        self.message = message
        self.line = line
    }

    /// For example `chat template line 12: Conversation roles must alternate user/assistant/...`.
    package var description: String {
        kind == .json ? "JSON text: \(message)" : "chat template line \(line): \(message)"
    }
}

extension ChatTemplateError {
    static func syntax(_ message: String, line: Int) -> ChatTemplateError {
        ChatTemplateError(kind: .syntax, message: message, line: line)
    }
    static func type(_ message: String, line: Int = 0) -> ChatTemplateError {
        ChatTemplateError(kind: .type, message: message, line: line)
    }
    static func undefined(_ message: String, line: Int = 0) -> ChatTemplateError {
        ChatTemplateError(kind: .undefined, message: message, line: line)
    }
    static func limit(_ message: String, line: Int = 0) -> ChatTemplateError {
        ChatTemplateError(kind: .limit, message: message, line: line)
    }
}
