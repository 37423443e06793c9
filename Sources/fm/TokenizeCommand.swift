import ArgumentParser

/// `fm tokenize` (work in progress).
struct TokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tokenize")
    func run() throws { throw ValidationError("not implemented yet") }
}
