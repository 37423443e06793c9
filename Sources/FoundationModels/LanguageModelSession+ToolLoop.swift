import Foundation

extension LanguageModelSession {
    /// The tool-calls entry for a step in which the model called tools, with each call's
    /// arguments parsed.
    ///
    /// - Throws: `GeneratedContent.ParsingError` naming the call when the model called a tool
    ///   the session does not have, or its arguments are not a complete JSON value.
    func toolCallsEntry(for step: GenerationStep, in plan: StepPlan) throws -> Transcript.ToolCalls {
        let calls = try step.toolCalls.map { call in
            _ = try tool(named: call.name, callID: call.id, in: plan)
            return Transcript.ToolCall(
                id: call.id, metadata: step.toolCallMetadata[call.id] ?? [:], toolName: call.name, arguments: try Self.arguments(of: call))
        }
        return Transcript.ToolCalls(id: step.toolCallsEntryID ?? UUID().uuidString, calls)
    }

    /// The session's tool called `name` (the first, if several have that name).
    ///
    /// - Throws: `GeneratedContent.ParsingError` naming the call and the session's tools.
    private func tool(named name: String, callID: String, in plan: StepPlan) throws -> any Tool {
        guard let index = plan.toolDefinitions.firstIndex(where: { $0.name == name }) else {
            let known = plan.toolDefinitions.map(\.name)
            throw GeneratedContent.ParsingError(
                rawContent: name,
                debugDescription:
                    "The model called a tool named \"\(name)\" (call \(callID)), but the session's tools are: "
                    + (known.isEmpty ? "none" : known.joined(separator: ", ")) + ".")
        }
        return plan.tools[index]
    }

    /// A call's arguments as content: an empty text is an empty structure.
    private static func arguments(of call: GenerationStep.ToolCall) throws -> GeneratedContent {
        let text = call.arguments
        if text.allSatisfy(\.isWhitespace) { return GeneratedContent(properties: [:]) }
        let content: GeneratedContent
        do {
            content = try GeneratedContent(json: text)
        } catch {
            throw GeneratedContent.ParsingError(
                rawContent: text, underlyingError: error,
                debugDescription: "The arguments of the call \(call.id) to the tool \(call.name) are not JSON (\(error)): \(text)")
        }
        guard content.isComplete else {
            throw GeneratedContent.ParsingError(
                rawContent: text,
                debugDescription: "The arguments of the call \(call.id) to the tool \(call.name) end before their JSON is complete: \(text)")
        }
        return content
    }

    /// Runs the calls in parallel and returns their outputs in the order of the calls.
    ///
    /// - Throws: the first `ToolCallError` (the other calls are cancelled),
    ///   `GeneratedContent.ParsingError` when arguments do not fit a tool's `Arguments` type,
    ///   or `CancellationError`.
    func runTools(_ calls: Transcript.ToolCalls, in plan: StepPlan) async throws -> [Transcript.ToolOutput] {
        let jobs = try calls.map { call in (tool: try tool(named: call.toolName, callID: call.id, in: plan), call: call) }
        return try await withThrowingTaskGroup(of: (Int, Transcript.ToolOutput).self) { group in
            for (position, job) in jobs.enumerated() {
                group.addTask {
                    (position, try await Self.invoke(job.tool, for: job.call))
                }
            }
            var outputs = [Transcript.ToolOutput?](repeating: nil, count: jobs.count)
            for try await (position, output) in group {
                outputs[position] = output
            }
            return outputs.compactMap { $0 }
        }
    }

    /// Decodes the arguments, calls the tool, and records what it returned.
    private static func invoke<T: Tool>(_ tool: T, for call: Transcript.ToolCall) async throws -> Transcript.ToolOutput {
        let arguments: T.Arguments
        do {
            arguments = try T.Arguments(call.arguments)
        } catch {
            throw GeneratedContent.ParsingError(
                rawContent: call.arguments.jsonString, underlyingError: error,
                debugDescription:
                    "The arguments of the call \(call.id) to the tool \(call.toolName) do not fit \(T.Arguments.self) (\(error)): \(call.arguments.jsonString)"
            )
        }
        let output: T.Output
        do {
            output = try await tool.call(arguments: arguments)
        } catch {
            if error is CancellationError, Task.isCancelled { throw error }
            throw ToolCallError(tool: tool, underlyingError: error)
        }
        let segments = output.promptRepresentation.segments.map(\.transcriptSegment)
        return Transcript.ToolOutput(id: call.id, toolName: call.toolName, segments: segments)
    }
}
