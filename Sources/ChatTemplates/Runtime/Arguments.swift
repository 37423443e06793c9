/// Evaluated call arguments.
struct Arguments {
    var positional: [Value] = []
    var keyword: [(name: String, value: Value)] = []

    init(positional: [Value] = [], keyword: [(name: String, value: Value)] = []) {
        self.positional = positional
        self.keyword = keyword
    }

    /// Binds to `parameters` (name, default; nil default = required) like a Python signature.
    func bind(_ function: String, _ parameters: [(name: String, defaultValue: Value?)]) throws(ChatTemplateError) -> [Value] {
        if positional.count > parameters.count {
            throw .type(
                "\(function)() takes \(parameters.count) positional argument\(parameters.count == 1 ? "" : "s") but \(positional.count) were given")
        }
        var bound: [Value?] = positional.map { $0 }
        bound += Array(repeating: nil, count: parameters.count - positional.count)
        for (name, value) in keyword {
            guard let position = parameters.firstIndex(where: { $0.name == name }) else {
                throw .type("\(function)() got an unexpected keyword argument '\(name)'")
            }
            if bound[position] != nil { throw .type("\(function)() got multiple values for argument '\(name)'") }
            bound[position] = value
        }
        var result: [Value] = []
        for (position, parameter) in parameters.enumerated() {
            if let value = bound[position] {
                result.append(value)
            } else if let defaultValue = parameter.defaultValue {
                result.append(defaultValue)
            } else {
                throw .type("\(function)() missing 1 required positional argument: '\(parameter.name)'")
            }
        }
        return result
    }
}
