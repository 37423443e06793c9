import ArgumentParser

/// `fm inspect FILE`: prints a GGUF file's metadata and tensor table.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect", abstract: "Print a GGUF file's metadata and tensor table.")

    @Argument(help: "Path of a GGUF file.")
    var file: String

    func run() throws {
        throw ValidationError("not implemented yet")
    }
}
