import Foundation
import LocalInference
import TestSupport
import Testing

/// The context a model is loaded with: the default (4096, Apple's) unless the model was trained
/// for fewer positions; anything past the trained length refused by name.
@Suite struct ContextSizeTests {
    /// A context longer than Qwen2.5-Coder's 32,768 trained positions is a typed error naming
    /// both numbers; the trained length itself loads.
    @Test func qwenRefusesMoreThanItsTrainedLength() throws {
        let location = ModelLocation(path: try TestModels.qwenPath())
        do {
            _ = try LocalModel(location: location, contextSize: 32_769)
            Issue.record("a context past the trained length loaded")
        } catch let error {
            guard case .unsupported(let message) = error else { Issue.record("wrong error: \(error)"); return }
            #expect(message.contains("32769") && message.contains("32768"), "\(message)")
        }
        #expect(try LocalModel(location: location, contextSize: 32_768).contextSize == 32_768)
        #expect(try LocalModel(location: location).contextSize == LocalModel.defaultContextSize)
    }

    /// The synthetic model is trained for 256 positions: the default context shrinks to it.
    @Test func theDefaultShrinksToAShorterTrainedLength() throws {
        let path = try TemplateErrorTests.model(template: "{% for message in messages %}{{ message.content }}{% endfor %}")
        defer { TemplateErrorTests.remove(model: path) }
        #expect(try LocalModel(location: ModelLocation(path: path)).contextSize == 256)
        #expect(throws: LocalModelError.self) { try LocalModel(location: ModelLocation(path: path), contextSize: 257) }
    }
}
