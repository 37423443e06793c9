import Foundation

extension LanguageModelSession {
    /// A tool threw while the session was answering: the tool, and what it threw.
    ///
    /// ```swift
    /// do {
    ///     let answer = try await session.respond(to: "Find a recipe for tomato soup.")
    /// } catch let error as LanguageModelSession.ToolCallError {
    ///     print(error.tool.name)                 // e.g. BreadDatabaseTool
    ///     if case .databaseIsEmpty = error.underlyingError as? SearchBreadDatabaseToolError {
    ///         // show the problem
    ///     }
    /// }
    /// ```
    public struct ToolCallError: Swift.Error, LocalizedError {
        /// The tool that threw.
        public var tool: any Tool
        /// What the tool threw.
        public var underlyingError: any Swift.Error

        /// Creates an error for a tool and what it threw.
        public init(tool: any Tool, underlyingError: any Swift.Error) {
            self.tool = tool
            self.underlyingError = underlyingError
        }

        /// Which tool failed, and why.
        public var errorDescription: String? {
            "The tool \(tool.name) failed: \(underlyingError.localizedDescription)"
        }
    }
}
