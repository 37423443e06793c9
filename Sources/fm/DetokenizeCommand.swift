import ArgumentParser

/// `fm detokenize` (work in progress).
struct DetokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "detokenize")
    func run() throws { throw ValidationError("not implemented yet") }
}
