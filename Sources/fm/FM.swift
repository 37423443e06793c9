import ArgumentParser

/// The `fm` command: models, tokenizers, generation, chat, serving, schemas and benchmarks.
@main
struct FM: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fm",
        abstract: "Foundation Models on Linux: install, inspect and run GGUF models.",
        subcommands: [
            ModelCommand.self,
            InspectCommand.self,
            TokenizeCommand.self,
            DetokenizeCommand.self,
            BenchTokenizerCommand.self,
            GenerateCommand.self,
            RespondCommand.self,
            ChatCommand.self,
            ServeCommand.self,
            BenchCommand.self,
            LogitsCommand.self,
            BenchGuidedCommand.self,
            SchemaCommand.self,
            TokenCountCommand.self,
            AvailableCommand.self,
            QuotaUsageCommand.self,
        ]
    )
}
