import GGUF
import LLMEngine
import TestSupport

/// The error loading `file` edited by `edit` gives: nil when the edited file loads, the
/// `ModelLoadError` when it does not (any other error is rethrown).
func modelLoadError(_ file: GGUFFile, _ edit: (inout GGUFWriter) -> Void) throws -> ModelLoadError? {
    var writer = GGUFWriter(copying: file)
    edit(&writer)
    do {
        _ = try Transformer(file: GGUFFile(bytes: writer.encoded()), threads: 1)
        return nil
    } catch let error as ModelLoadError {
        return error
    }
}
