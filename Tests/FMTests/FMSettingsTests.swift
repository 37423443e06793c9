import Foundation
import FoundationModels
import GGUF
import Kernels
import LLMEngine
import LocalInference
import LocalModels
import TestSupport
import Testing

@testable import fm

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The flags that change the engine (`--model`, `--model-file`, `--context-size`, `--kv-cache`,
/// the prompt cache) reach it as a value — `LocalModelSettings` built from the command line over
/// the environment, never written back into the environment — for `fm respond`, `fm chat`,
/// `fm token-count` and `fm serve`: each command is parsed in this process, and what the engine
/// loaded is read back from the engine.
@Suite struct FMSettingsTests {
    /// The commands that run sessions on the system model, with the arguments each needs
    /// besides the model's.
    static let sessionCommands = ["respond", "chat", "token-count"]

    /// The model options of a session command parsed from `arguments`.
    static func sessionOptions(_ command: String, _ arguments: [String]) throws -> SessionModelOptions {
        switch command {
        case "respond": try RespondCommand.parse(arguments + ["Hi"]).model
        case "chat": try ChatCommand.parse(arguments).model
        case "token-count": try TokenCountCommand.parse(arguments + ["Hi"]).model
        default: throw CLIError("no such command: \(command)")
        }
    }

    /// A directory of its own.
    static func temporaryDirectory(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("fm-settings-\(name)-\(UUID().uuidString)", isDirectory: true)
    }

    /// The model this process loaded with `settings`, found among the engine's loaded models.
    static func loaded(_ settings: LocalModelSettings?) throws -> LocalModel {
        let settings = try #require(settings)
        return try #require(LocalModel.loadedModels.first { $0.settings == settings }, "the engine loaded no model with \(settings)")
    }

    /// Bytes of keys and values of `contextSize` positions of `model` in `format`.
    static func kvBytes(_ model: LocalModel, _ format: KVFormat, positions: Int) -> Int {
        model.transformer.makeCache(capacity: 1, format: format).positionBytes * positions
    }

    @Test("--model-file, --context-size and --kv-cache become the session commands' settings", arguments: sessionCommands)
    func sessionFlags(command: String) throws {
        let path = try TestModels.qwenPath()
        let options = try Self.sessionOptions(command, ["--model-file", path, "--context-size", "320", "--kv-cache", "q8_0"])
        let settings = try options.settings(environment: ["FM_PROMPT_CACHE": "off"])
        #expect(settings.location.path == path)
        #expect(settings.contextSize == 320)
        #expect(settings.kvFormat == .q8_0)
        #expect(settings.promptCacheDirectory == nil)
        let model = try options.systemModel(environment: ["FM_PROMPT_CACHE": "off"])
        #expect(model.localSettings == settings)
    }

    @Test("--model NAME is the installed catalog model's file", arguments: sessionCommands + ["serve"])
    func modelName(command: String) throws {
        let gemma = try TestModels.gemmaPath()
        let environment = ["FM_MODELS_DIR": URL(fileURLWithPath: gemma).deletingLastPathComponent().path]
        let settings =
            command == "serve"
            ? try ServeCommand.parse(["--model", "gemma3-270m"]).settings(environment: environment)
            : try Self.sessionOptions(command, ["--model", "gemma3-270m"]).settings(environment: environment)
        #expect(settings.location.path == gemma)
    }

    @Test("a flag wins over its variable; without the flag the variable holds", arguments: sessionCommands + ["serve"])
    func flagsOverEnvironment(command: String) throws {
        let path = try TestModels.qwenPath()
        let environment = ["FM_KV_CACHE": "q8_0", "FM_CONTEXT_SIZE": "640", "FM_PROMPT_CACHE": "off"]
        func settings(_ arguments: [String]) throws -> LocalModelSettings {
            let arguments = ["--model-file", path] + arguments
            if command == "serve" { return try ServeCommand.parse(arguments).settings(environment: environment) }
            return try Self.sessionOptions(command, arguments).settings(environment: environment)
        }
        let unflagged = try settings([])
        #expect(unflagged.kvFormat == .q8_0)
        #expect(unflagged.contextSize == 640)
        let flagged = try settings(["--kv-cache", "f16", "--context-size", "256"])
        #expect(flagged.kvFormat == .f16)
        #expect(flagged.contextSize == 256)
    }

    @Test("a variable naming nothing valid is an error naming it, not a silent default", arguments: sessionCommands + ["serve"])
    func invalidVariable(command: String) throws {
        let path = try TestModels.qwenPath()
        for (variable, value) in [("FM_KV_CACHE", "q4"), ("FM_ISA", "sse9")] {
            let error = #expect(throws: CLIError.self) {
                if command == "serve" {
                    _ = try ServeCommand.parse(["--model-file", path]).settings(environment: [variable: value])
                } else {
                    _ = try Self.sessionOptions(command, ["--model-file", path]).settings(environment: [variable: value])
                }
            }
            #expect(error?.description.contains("\(variable)=\(value)") == true)
        }
        // the commands that build the engine themselves (bench, generate, logits, bench guided)
        let error = #expect(throws: CLIError.self) { _ = try ProcessEnvironment.kernels(environment: ["FM_ISA": "sse9"]) }
        #expect(error?.description.contains("FM_ISA=sse9") == true)
    }

    @Test("FM_ISA reaches the engine as a value: fm serve's and fm respond's models, and the commands that build their own")
    func instructionSetReachesTheEngine() async throws {
        let path = try TestModels.qwenPath()
        let environment = ["FM_ISA": "generic", "FM_PROMPT_CACHE": "off"]
        let serve = try ServeCommand.parse(["--model-file", path, "--context-size", "448"])
        let served = GGUFLanguageModel(settings: try serve.settings(environment: environment))
        #expect(served.settings.instructionSet == .generic)
        try await Self.answerOneToken(LanguageModelSession(model: served))
        #expect(try Self.loaded(served.settings).transformer.kernels.isa == .generic)
        #expect(ServeCommand.engineDetails(settings: served.settings)["instruction_set"] as? String == "generic")
        let respond = try RespondCommand.parse(["--model-file", path, "--context-size", "448", "Hi"])
        let model = try respond.model.systemModel(useCase: respond.useCase.value, guardrails: respond.guardrails.value, environment: environment)
        try await Self.answerOneToken(LanguageModelSession(model: model))
        #expect(try Self.loaded(model.localSettings).transformer.kernels.isa == .generic)
        // without FM_ISA the engine runs the CPU's best level
        #expect(try serve.settings(environment: [:]).instructionSet == nil)
        #expect(try ProcessEnvironment.kernels(environment: [:]).isa == CPUFeatures.current.best)
        #expect(try ProcessEnvironment.kernels(environment: ["FM_ISA": "ref"]).isa == .reference)
    }

    @Test("the session commands keep prompts in the default prompt cache unless FM_PROMPT_CACHE says otherwise", arguments: sessionCommands)
    func promptCache(command: String) throws {
        let options = try Self.sessionOptions(command, ["--model-file", try TestModels.qwenPath()])
        let cache = Self.temporaryDirectory("xdg")
        #expect(
            try options.settings(environment: ["XDG_CACHE_HOME": cache.path]).promptCacheDirectory?.standardizedFileURL.path
                == cache.appendingPathComponent("fm/prompt-cache").standardizedFileURL.path)
        #expect(try options.settings(environment: ["FM_PROMPT_CACHE": "/tmp/elsewhere"]).promptCacheDirectory?.path == "/tmp/elsewhere")
        #expect(try options.settings(environment: ["FM_PROMPT_CACHE": "off"]).promptCacheDirectory == nil)
    }

    @Test("fm serve's --kv-cache reaches the GGUF model it serves (it once stayed f16)")
    func serveFlags() throws {
        let path = try TestModels.qwenPath()
        let command = try ServeCommand.parse(["--model-file", path, "--context-size", "384", "--kv-cache", "q8_0"])
        let settings = try command.settings(environment: [:])
        #expect(settings.kvFormat == .q8_0)
        #expect(settings.contextSize == 384)
        let served = GGUFLanguageModel(settings: settings)
        #expect(served.settings == settings)
        #expect(served.contextSize == 384)
        #expect(try ServeCommand.parse(["--model-file", path]).settings(environment: [:]).kvFormat == nil)
    }

    /// Runs one greedy token on `model`, so the engine loads it.
    static func answerOneToken(_ session: LanguageModelSession) async throws {
        _ = try await session.respond(to: "Hi", options: GenerationOptions(samplingMode: .greedy, maximumResponseTokens: 1))
    }

    /// What the engine loaded: `contextSize` positions of q8_0 keys and values, 17/32 of f16's
    /// bytes (34-byte blocks of 32 elements against 2 bytes an element).
    static func expectQ8Engine(_ loaded: LocalModel, contextSize: Int) {
        #expect(loaded.contextSize == contextSize)
        #expect(loaded.kvFormat == .q8_0)
        #expect(loaded.kvBytesPerContext == kvBytes(loaded, .q8_0, positions: contextSize))
        #expect(loaded.kvBytesPerContext * 32 == kvBytes(loaded, .f16, positions: contextSize) * 17)
    }

    @Test("fm respond's flags reach the engine its session runs on")
    func respondEngine() async throws {
        let command = try RespondCommand.parse(["--model-file", try TestModels.qwenPath(), "--context-size", "320", "--kv-cache", "q8_0", "Hi"])
        let model = try command.model.systemModel(
            useCase: command.useCase.value, guardrails: command.guardrails.value, environment: ["FM_PROMPT_CACHE": "off"])
        try await Self.answerOneToken(LanguageModelSession(model: model))
        Self.expectQ8Engine(try Self.loaded(model.localSettings), contextSize: 320)
    }

    @Test("fm chat's flags reach the engine its session runs on, and stay after /model")
    func chatEngine() async throws {
        let command = try ChatCommand.parse(["--model-file", try TestModels.qwenPath(), "--context-size", "352", "--kv-cache", "q8_0"])
        let model = try command.model.systemModel(useSavedDefault: true, environment: ["FM_PROMPT_CACHE": "off"])
        let state = try command.openSession(store: SessionStore(directory: Self.temporaryDirectory("sessions")), model: model)
        try await Self.answerOneToken(state.session)
        Self.expectQ8Engine(try Self.loaded(model.localSettings), contextSize: 352)
        // `/model gemma3-270m` keeps the command line's context size and KV cache.
        let gemma = try TestModels.gemmaPath()
        let switched = try #require(state.switchedModel(to: gemma)).localSettings
        #expect(switched?.location.path == gemma)
        #expect(switched?.contextSize == 352)
        #expect(switched?.kvFormat == .q8_0)
    }

    @Test("fm token-count's --context-size reaches the engine that counts")
    func tokenCountEngine() async throws {
        let command = try TokenCountCommand.parse(["--model-file", try TestModels.qwenPath(), "--context-size", "288", "--kv-cache", "q8_0", "Hi"])
        let model = try command.model.systemModel(environment: ["FM_PROMPT_CACHE": "off"])
        #expect(try await TokenCountCommand.count(prompt: "Hi", instructions: nil, transcript: nil, model: model) > 0)
        Self.expectQ8Engine(try Self.loaded(model.localSettings), contextSize: 288)
    }

    @Test("fm serve's flags reach the engine of the model it serves")
    func serveEngine() async throws {
        let command = try ServeCommand.parse(["--model-file", try TestModels.qwenPath(), "--context-size", "416", "--kv-cache", "q8_0"])
        let served = GGUFLanguageModel(settings: try command.settings(environment: [:]))
        try await Self.answerOneToken(LanguageModelSession(model: served))
        let loaded = try Self.loaded(served.settings)
        Self.expectQ8Engine(loaded, contextSize: 416)
        let details = ServeCommand.engineDetails(settings: served.settings)
        #expect(details["kv_cache"] as? String == "q8_0")
    }

    @Test("the fm binary serves with --kv-cache q8_0 and FM_ISA=generic: /health reports the engine's q8_0 contexts and level")
    func serveOverLoopback() async throws {
        let path = try TestModels.qwenPath()
        let process = Process()
        process.executableURL = try FMBinary.url()
        process.arguments = ["serve", "--model-file", path, "--port", "0", "--context-size", "512", "--kv-cache", "q8_0", "--parallel", "1"]
        // FM_ISA as a user sets it: the binary reads it at its edge and hands the level to the engine.
        process.environment = ProcessInfo.processInfo.environment.merging(FMBinary.baseEnvironment) { $1 }.merging(["FM_ISA": "generic"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        // "fm serve: NAME on http://127.0.0.1:PORT/v1 (loading the model; …)"
        var announced = ""
        while !announced.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            announced += String(decoding: chunk, as: UTF8.self)
        }
        let address = try #require(announced.firstMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/v1/)?.output.1, "no address in: \(announced)")
        let health = try #require(URL(string: "http://127.0.0.1:\(address)/health"))
        var engine: [String: Any]?
        for _ in 0..<600 where engine == nil {
            if let (data, response) = try? await URLSession.shared.data(from: health), (response as? HTTPURLResponse)?.statusCode == 200 {
                engine = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["engine"] as? [String: Any]
                break
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        let reported = try #require(engine, "/health never reported the engine")
        #expect(reported["kv_cache"] as? String == "q8_0")
        #expect(reported["context_size"] as? Int == 512)
        #expect(reported["instruction_set"] as? String == "generic")
        let positionBytes = try Transformer(file: GGUFFile(path: path), threads: 1).makeCache(capacity: 1, format: .q8_0).positionBytes
        #expect(reported["kv_bytes_per_context"] as? Int == positionBytes * 512)
    }
}
