import Benchmarks
import Testing

@testable import StructuredDecoding

/// A matcher keeps its exit walk from mask to mask (the stacks it interned and the threads that
/// follow them). Starting those tables over, as a long generation does past `maxContexts`
/// stacks, must not change a mask.
@Suite struct ExitWalkTests {
    @Test func tablesStartedOverGiveTheSameMasks() throws {
        let index = try RealVocabularies.index("qwen")
        let instance =
            "{\n  \"name\" : \"Barista Bob\",\n  \"level\": 12, \"mood\":\"grumpy\",\n  \"attacks\": [\n    {\"type\": \"sword\", \"damage\": 42},\n    {\"type\": \"spell\", \"name\": \"Espresso Shot\", \"mana\": 7}\n  ]\n}"
        let tokens = GrammarBenchmark.tokenize(Array(instance.utf8), index: index)
        // Fresh grammars (not the compile cache's), so the index has remembered no exit walk of
        // either and both matchers walk.
        let kept = try Grammar(compiling: AppleStyleSchemas.character, options: .flexible())
        let restarted = try Grammar(compiling: AppleStyleSchemas.character, options: .flexible())
        var keeping = GrammarMatcher(grammar: kept, index: index)
        var restarting = GrammarMatcher(grammar: restarted, index: index, exitContextLimit: 1)
        var mask = TokenMask(count: index.tokenCount), other = mask
        var walkedBoth = 0
        for (step, token) in tokens.enumerated() {
            let walked = keeping.fillMask(&mask)
            let walkedAgain = restarting.fillMask(&other)
            if walked > 0 && walkedAgain > 0 { walkedBoth += 1 }
            #expect(mask == other, "token \(step): the masks differ")
            if step % 9 == 0 {
                var definition = TokenMask(count: index.tokenCount)
                for id in 0..<index.tokenCount where restarting.allows(id) { definition.insert(id) }
                #expect(other == definition, "token \(step): the mask differs from the definition")
            }
            try keeping.commit(token)
            try restarting.commit(token)
        }
        #expect(walkedBoth > 10, "both matchers walked past lexeme ends at many tokens")
    }
}
