import Foundation
import StructuredDecoding
import Synchronization
import Testing

@_spi(LocalEngine) @testable import FoundationModels
@testable import LocalInference

/// Phi-4-mini's tool calls: its template reads the tools from the system message
/// (`<|tool|>...<|/tool|>`) and shows only each message's `content`; the model calls tools as
/// `<|tool_call|>[{"name": ..., "arguments": {...}}]<|/tool_call|>`. A synthetic model with
/// that template and those tokens is detected as that format, its scripted calls become
/// `Transcript.ToolCalls` that the session runs, and the conversation renders as jinja2 renders
/// it (the fixtures of `make_chat_template_fixtures.py`).
@Suite(.serialized) struct PhiToolCallTests {
    /// Phi-4-mini's markup: role and end tokens (control), tool tokens (user-defined).
    static let markup: [(String, Int32)] = [
        ("<|endoftext|>", 3), ("<|system|>", 3), ("<|user|>", 3), ("<|assistant|>", 3), ("<|end|>", 3),
        ("<|tool|>", 4), ("<|/tool|>", 4), ("<|tool_call|>", 4), ("<|/tool_call|>", 4),
    ]

    /// A Phi-4-mini-template model (context 1024), loaded through the shared instances
    /// sessions use; its file is removed once the body is done.
    static func withModel(_ body: (LocalModel, String) async throws -> Void) async throws {
        let path = try ThinkingModel.file(
            template: ThinkingModel.template("microsoft-Phi-4-mini-instruct"), markup: markup, endOfTurn: "<|endoftext|>",
            contextLength: 1024)
        defer { TemplateErrorTests.remove(model: path) }
        try await body(try LocalModel.shared(at: ModelLocation(path: path), contextSize: 1024), path)
    }

    static func id(_ piece: String, in model: LocalModel) -> Int { ThinkingSessionTests.id(piece, in: model) }

    @Test func theVocabularysToolCallTokensChooseTheListFormat() async throws {
        try await Self.withModel { model, _ in
            let format = try #require(model.toolCallFormat)
            #expect(format.opener == Self.id("<|tool_call|>", in: model) && format.closer == Self.id("<|/tool_call|>", in: model))
            #expect(format.afterOpener == "[" && format.beforeCloser == "]" && format.betweenCalls == "")
            #expect(model.vocabulary.endOfSequenceTokens.contains(Self.id("<|end|>", in: model)))
            // Qwen's vocabulary keeps Qwen's format.
            let (qwen, path) = try ThinkingModel.qwen3()
            TemplateErrorTests.remove(model: path)
            #expect(qwen.toolCallFormat?.afterOpener == "\n" && qwen.toolCallFormat?.betweenCalls == "\n")
        }
    }

    /// The ids `processor` allows next (logits of 0 everywhere, masked).
    static func allowed(by processor: GrammarLogitProcessor, in model: LocalModel) -> Set<Int> {
        var logits = [Float](repeating: 0, count: model.vocabulary.tokenCount)
        processor.apply(to: &logits)
        return Set(logits.indices.filter { logits[$0].isFinite })
    }

    @Test func aCallIsForcedIntoItsListAndTheNextCallFollowsTheCloserDirectly() async throws {
        try await Self.withModel { model, _ in
            let format = try #require(model.toolCallFormat)
            let grammar = try Grammar.compile(
                SchemaGraph.toolCall(tools: [(name: "w", parameters: Weather.Arguments.generationSchema.decodingGraph())]),
                options: .flexible(maxRun: 16))
            let ends = Set(model.vocabulary.endOfSequenceTokens)
            for limit in [1, 2] {
                let processor = GrammarLogitProcessor(
                    plan: .text, tools: .init(format: format, grammar: grammar, isRequired: true, maximumCalls: limit), model: model)
                #expect(processor.forcedTokens() == [format.opener])
                processor.accept(format.opener)
                #expect(processor.forcedTokens() == ThinkingModel.bytes("["))
                processor.accept(Int(UInt8(ascii: "[")))
                let json = #"{"name": "w", "arguments": {"city": "Oslo"}}"#
                for token in ThinkingModel.bytes(json) { processor.accept(token) }
                #expect(processor.violation == nil)
                #expect(processor.forcedTokens() == ThinkingModel.bytes("]") + [format.closer])
                for token in processor.forcedTokens() { processor.accept(token) }
                #expect(processor.calls.map { String(decoding: $0, as: UTF8.self) } == [json])
                // No text between calls: the end, or (under the limit) the next call's opener.
                #expect(Self.allowed(by: processor, in: model) == (limit == 1 ? ends : ends.union([format.opener])), "limit \(limit)")
            }
        }
    }

    /// The fixtures' tools (`TOOLS` of the generator), as a transcript's tool definitions reach
    /// the renderer.
    static let tools = [
        ChatTool(
            name: "get_weather", description: "Get the current weather in a given location",
            parametersJSON: #"""
                {"type": "object", "properties": {"location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "The unit of temperature"}}, "required": ["location"]}
                """#),
        ChatTool(
            name: "search_documents", description: "Search the knowledge base",
            parametersJSON: #"""
                {"type": "object", "properties": {"query": {"type": "string", "description": "What to look for"}, "max_results": {"type": "integer", "description": "How many results (1-10)", "default": 3}, "tags": {"type": "array", "items": {"type": "string"}, "description": "Only these tags"}, "score": {"type": ["number", "string"], "description": "Minimum score"}}, "required": ["query"]}
                """#),
    ]

    static let weatherQuestion = ChatMessage(role: .user, content: "What's the weather like in Paris?")

    /// What jinja2 rendered for the fixture case `name`.
    static func expected(_ name: String) throws -> String {
        var path = #filePath
        while let last = path.last, last != "/" { path.removeLast() }
        let data = try Data(contentsOf: URL(fileURLWithPath: path + "../ChatTemplatesTests/Fixtures/chat_template_cases.json"))
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        for case let object as [String: Any] in document?["cases"] as? [Any] ?? [] where object["name"] as? String == name {
            if let expected = object["expected"] as? String { return expected }
        }
        throw CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no fixture case \(name)"])
    }

    @Test func parallelCallsAndTheirResultsRenderAsJinja2Does() async throws {
        try await Self.withModel { model, _ in
            let calls = [
                ChatToolCall(id: "call00001", name: "get_weather", argumentsJSON: #"{"location":"Paris, France","unit":"celsius"}"#),
                ChatToolCall(
                    id: "call00002", name: "search_documents",
                    argumentsJSON: #"{"query":"Paris events","max_results":2,"tags":["fun","free"]}"#),
            ]
            let prompt = ChatPrompt(
                messages: [
                    ChatMessage(role: .system, content: "You have tools."), Self.weatherQuestion,
                    ChatMessage(role: .assistant, content: "", toolCalls: calls),
                    ChatMessage(
                        role: .tool, content: #"{"temperature": 22, "condition": "sunny"}"#, toolCallID: "call00001", name: "get_weather"),
                    ChatMessage(
                        role: .tool, content: #"["Jazz night", "Open museum day"]"#, toolCallID: "call00002", name: "search_documents"),
                ], tools: Self.tools)
            let rendered = try model.renderer.render(prompt)
            #expect(rendered == (try Self.expected("microsoft-Phi-4-mini-instruct / phi4_mini_parallel_calls +gen")))
            #expect(rendered.contains(#"<|assistant|><|tool_call|>[{"name": "get_weather", "arguments": {"location": "Paris, France""#))
        }
    }

    @Test func toolsWithoutInstructionsGetASystemMessageAsJinja2RendersIt() async throws {
        try await Self.withModel { model, _ in
            let rendered = try model.renderer.render(ChatPrompt(messages: [Self.weatherQuestion], tools: Self.tools))
            #expect(rendered == (try Self.expected("microsoft-Phi-4-mini-instruct / phi4_mini_tools_without_instructions +gen")))
            // Without tools, no system message is made up.
            #expect(
                try model.renderer.render(ChatPrompt(messages: [Self.weatherQuestion]))
                    == "<|user|>What's the weather like in Paris?<|end|><|assistant|>")
        }
    }

    /// A small tool (the synthetic model's prompts are a token per byte).
    final class Weather: Tool {
        let name = "w"
        let description = "Weather."
        @Generable struct Arguments { var city: String }
        let cities = Mutex<[String]>([])

        func call(arguments: Arguments) async throws -> String {
            cities.withLock { $0.append(arguments.city) }
            return "Sunny in \(arguments.city)."
        }
    }

    @Test func theModelsCallsAreParsedAndTheSessionCallsTheTool() async throws {
        try await Self.withModel { local, path in
            let (open, close, end) = (Self.id("<|tool_call|>", in: local), Self.id("<|/tool_call|>", in: local), Self.id("<|end|>", in: local))
            func call(_ city: String) -> [Int] {
                [open] + ThinkingModel.bytes(#"[{"name": "w", "arguments": {"city": "\#(city)"}}]"#) + [close]
            }
            // The first answer: two calls, consecutive blocks; the second, text about their output.
            let scripts = [call("Paris") + call("Tokyo") + [end], ThinkingModel.bytes("Sunny in both.") + [end]]
            let sources = Mutex<[ScriptedThinker]>([])
            local.scriptedLogits.withLock {
                $0 = {
                    sources.withLock { sources in
                        let source = ScriptedThinker(
                            script: scripts[min(sources.count, 1)], vocabularySize: local.vocabulary.tokenCount, capacity: 1024)
                        sources.append(source)
                        return source
                    }
                }
            }
            let backend = LocalModelBackend(location: ModelLocation(path: path), contextSize: 1024)
            let model = SystemLanguageModel(useCase: .general, guardrails: .default, connector: SystemModelConnector { backend })
            let tool = Weather()
            let session = LanguageModelSession(model: model, tools: [tool], instructions: "Use w.")
            let response = try await session.respond(to: "Weather in Paris and Tokyo?", options: GenerationOptions(samplingMode: .greedy))
            #expect(response.content == "Sunny in both.")
            #expect(tool.cities.withLock { $0 }.sorted() == ["Paris", "Tokyo"])
            let calls = session.transcript.compactMap { if case .toolCalls(let calls) = $0 { Array(calls) } else { nil } }.flatMap { $0 }
            #expect(calls.map(\.toolName) == ["w", "w"])
            #expect(calls.map { try? $0.arguments.value(String.self, forProperty: "city") } == ["Paris", "Tokyo"])

            let runs = sources.withLock { $0 }
            try #require(runs.count == 2)
            // The first prompt declares the tool in the system message, as Phi-4-mini reads it.
            let first = ThinkingSessionTests.prompt(of: runs[0], local)
            #expect(first.hasPrefix(#"<|system|>Use w.<|tool|>[{"name": "w", "description": "Weather.""#), "\(first)")
            #expect(first.hasSuffix("<|user|>Weather in Paris and Tokyo?<|end|><|assistant|>"), "\(first)")
            // The generated calls: the list's brackets are forced around each call's JSON.
            #expect(runs[0].generated == Array(scripts[0].dropLast())) // the end of turn is not fed back
            // The second prompt shows the calls as the model wrote them, then the tools' outputs.
            let second = ThinkingSessionTests.prompt(of: runs[1], local)
            let turn =
                #"<|assistant|><|tool_call|>[{"name": "w", "arguments": {"city": "Paris"}}]<|/tool_call|>"#
                + #"<|tool_call|>[{"name": "w", "arguments": {"city": "Tokyo"}}]<|/tool_call|><|end|>"#
                + "<|tool|>Sunny in Paris.<|end|><|tool|>Sunny in Tokyo.<|end|><|assistant|>"
            #expect(second.hasSuffix(turn), "\(second)")
        }
    }
}
