import ChatTemplates

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One case of `Fixtures/chat_template_cases.json`, written by `make_chat_template_fixtures.py`
/// from Python's jinja2: a template (a file under `Fixtures/templates/` or inline source), the
/// variables, and the expected output or error.
struct FixtureCase: Sendable, CustomStringConvertible {
    struct ExpectedError: Sendable {
        var kind: ChatTemplateError.Kind
        var pythonType: String
        var message: String
        var line: Int?
    }

    var name: String
    var source: String
    var variables: [String: TemplateValue]
    var expected: String?
    var error: ExpectedError?

    var description: String { name }

    /// The directory holding the fixtures, found from this file's path so that tests run from a
    /// fresh clone in any configuration.
    static let directory: String = {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        return path + "Fixtures/"
    }()

    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// All cases; empty if the fixture file is missing (a separate test checks the count).
    static let all: [FixtureCase] = {
        guard let text = readFile(directory + "chat_template_cases.json"),
            case .object(let document)? = try? TemplateValue(jsonText: text),
            case .array(let cases)? = document["cases"]
        else { return [] }
        return cases.compactMap { value -> FixtureCase? in
            guard case .object(let object) = value, case .string(let name)? = object["name"],
                case .object(let variables)? = object["variables"]
            else { return nil }
            var source: String
            if case .string(let file)? = object["template_file"] {
                guard let text = readFile(directory + "templates/" + file) else { return nil }
                source = text
            } else if case .string(let inline)? = object["template"] {
                source = inline
            } else {
                return nil
            }
            var fixture = FixtureCase(name: name, source: source, variables: [:], expected: nil, error: nil)
            for (key, item) in variables.pairs { fixture.variables[key] = item }
            if case .string(let expected)? = object["expected"] { fixture.expected = expected }
            if case .object(let error)? = object["error"], case .string(let kind)? = error["kind"],
                case .string(let message)? = error["message"], case .string(let type)? = error["type"]
            {
                let kinds: [String: ChatTemplateError.Kind] = [
                    "syntax": .syntax, "undefined": .undefined, "type": .type, "raised": .raised, "limit": .limit,
                ]
                var line: Int? = nil
                if case .integer(let number)? = error["line"] { line = number }
                fixture.error = ExpectedError(kind: kinds[kind] ?? .type, pythonType: type, message: message, line: line)
            }
            return fixture
        }
    }()
}
