import LLMEngine
import LocalInference
import ModelStore
import TestSupport

/// The real models, loaded once per test process through the same shared instances sessions use.
enum LocalTestModels {
    /// The default model, Qwen2.5-Coder-0.5B-Instruct.
    static func qwen() throws -> LocalModel {
        try LocalModel.shared(at: ModelLocation(path: TestModels.qwenPath(), catalogName: ModelCatalog.qwen.name))
    }

    /// Gemma 3 270M (base: no chat template in the file).
    static func gemma() throws -> LocalModel {
        try LocalModel.shared(at: ModelLocation(path: TestModels.gemmaPath(), catalogName: ModelCatalog.gemma.name))
    }
}
