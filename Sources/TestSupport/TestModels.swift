import Foundation
import ModelStore

/// Locates the real models that tier-2 and tier-4 tests run against.
///
/// Tests never skip when a model is missing: `scripts/test` installs both models first, so a
/// missing file is a set-up error and the test fails with this error's message.
package enum TestModels {
    /// A model the tests need is not installed.
    package struct Missing: Error, CustomStringConvertible {
        /// The expected path.
        package let path: String
        /// Explains how to install it.
        package var description: String {
            "model not installed at \(path); run `swift run -c release fm model install --all` (or scripts/test)"
        }
    }

    /// The path of the installed default model (Qwen2.5-Coder-0.5B-Instruct Q4_K_M).
    package static func qwenPath() throws -> String { try installedPath(ModelCatalog.qwen) }

    /// The path of the installed Gemma 3 270M model.
    package static func gemmaPath() throws -> String { try installedPath(ModelCatalog.gemma) }

    /// The path of an installed catalog model, or `Missing`.
    package static func installedPath(_ model: CatalogModel) throws -> String {
        let directory = ModelCatalog.directory(environment: ProcessInfo.processInfo.environment)
        let path = ModelCatalog.path(of: model, in: directory).path
        guard FileManager.default.fileExists(atPath: path) else { throw Missing(path: path) }
        return path
    }
}
