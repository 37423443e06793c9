import ArgumentParser

/// `fm model` (work in progress).
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "model")
    func run() throws { throw ValidationError("not implemented yet") }
}
