import Foundation
import FoundationModels
import TestSupport
import Testing

/// Apple's samples against the real default model (Qwen2.5-Coder-0.5B-Instruct), beside their
/// scripted runs: every sample that generates content runs unchanged through
/// `SystemLanguageModel.default`, greedy (`FM_SAMPLING=greedy`, since the samples pass no
/// options), and what it generated must decode into its type and satisfy its guides.
@Suite(.serialized) struct RealModelSamplesTests {
    init() throws {
        setenv("FM_SAMPLING", "greedy", 1)
        _ = try TestModels.qwenPath() // fails with the install hint when the model is missing
    }

    /// With the default random sampling under a fixed seed (`FM_SAMPLING=seed:2`), not greedy:
    /// greedy decoding sends this 0.5B model round a loop in the cat's one-sentence profile
    /// ("It loves to play with its owner and has a friendly demeanor. It also has a playful
    /// personality and a playful tail. It loves to play...") until the context is full, and
    /// whether it does hangs on near-ties that any change of the kernels' rounding flips. Seeded
    /// sampling completed all three samples for each of the seeds 1 to 6 on an AVX-512 host; on
    /// an AVX2 host, since its k-quant GEMMs (gemm_kq_avx2.c), seed 1 loops and seed 2 completes.
    @Test func guidedGenerationArticle() async throws {
        setenv("FM_SAMPLING", "seed:2", 1)
        defer { setenv("FM_SAMPLING", "greedy", 1) }
        let tablespoons = try await GuidedGenerationArticle.tablespoons()
        #expect(tablespoons.isFinite)

        let cat = try await GuidedGenerationArticle.rescueCat(session: LanguageModelSession())
        #expect((0...20).contains(cat.age))
        #expect(!cat.name.isEmpty && !cat.profile.isEmpty)

        let schema = try GuidedGenerationArticle.makeSchema(menuSchema: GuidedGenerationArticle.makeMenuSchema())
        let menu = try await GuidedGenerationArticle.respondWithSchema(session: LanguageModelSession(), schema: schema)
        #expect(["Tomato", "Chicken Noodle", "Clam Chowder"].contains(try menu.value(String.self, forProperty: "dailySoup")))
    }

    @Test func deepDiveGenerableSamples() async throws {
        let npc = try await DeepDive6.makeNPC()
        #expect(!npc.name.isEmpty && !npc.coffeeOrder.isEmpty)

        try await DeepDive10.generate(session: LanguageModelSession())
        let titled = try await LanguageModelSession().respond(to: "Generate a fun NPC", generating: DeepDive10.NPC.self).content
        #expect(titled.name.wholeMatch(of: /(Mr|Mrs)\. \w+/) != nil, "\(titled.name)")

        let guided = try await LanguageModelSession().respond(to: "Generate a fun NPC", generating: DeepDive9.NPC.self).content
        #expect((1...10).contains(guided.level))
        #expect(guided.attributes.count == 3)
    }

    @Test func deepDiveDynamicSchema() async throws {
        let riddle = try await DeepDive12.run()
        #expect(!riddle.question.isEmpty)
        for answer in riddle.answers {
            _ = try answer.value(String.self, forProperty: "text")
            _ = try answer.value(Bool.self, forProperty: "isCorrect")
        }
    }

    @Test func sampleGameEncounter() async throws {
        let npc = try await SampleGame.EncounterEngine.generateNPC()
        #expect(!npc.name.isEmpty && !npc.coffeeOrder.isEmpty)
        #expect(!npc.picture.imageDescription.isEmpty)
    }

    @Test func toolCallingArticleCallsTheWeatherTool() async throws {
        let response = try await ToolCallingArticle.compareCities()
        let calls = response.transcriptEntries.compactMap { if case .toolCalls(let calls) = $0 { calls } else { nil } }
        let cities = calls.flatMap { $0.map { try? $0.arguments.value(String.self, forProperty: "city") } }
        #expect(!cities.isEmpty)
        #expect(cities.allSatisfy { $0 != nil })
        let outputs = response.transcriptEntries.compactMap { if case .toolOutput(let output) = $0 { output } else { nil } }
        #expect(outputs.count == cities.count)
        #expect(outputs.allSatisfy { text(of: $0.segments).contains("degrees Fahrenheit") })
    }
}
