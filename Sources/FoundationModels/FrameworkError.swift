/// An error type of this framework, which code between a model and its caller passes through
/// as it is, where it wraps any other error (an executor's initializer that throws, a transport
/// failure of a remote model).
package protocol FrameworkError: Swift.Error {}

extension LanguageModelError: FrameworkError {}
extension LanguageModelSession.Error: FrameworkError {}
extension LanguageModelSession.ToolCallError: FrameworkError {}
extension SystemLanguageModel.Error: FrameworkError {}
extension GeneratedContent.ParsingError: FrameworkError {}
extension PrivateCloudComputeLanguageModel.Error: FrameworkError {}
// LanguageModelSession.GenerationError (26.x's, deprecated) declares the conformance itself: an
// extension naming the deprecated type would draw its deprecation warning.
